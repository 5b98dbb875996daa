import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RUNNER_HEARTBEAT_TTL_SECONDS } from '../health.js';
import { runAssignmentSchema, runJobSchema, type RunAssignment, type RunJob, type RunStopReason } from '../run-dispatch.js';
import { ENQUEUE, MARK_IDLE, READY, RELEASE, RESERVE, STOP } from './run-queue-scripts.js';

/**
 * The Redis side of how runs reach runners, shared by the API (dispatcher) and the runners:
 * the key layout and every step that must be atomic. Redis holds only live state here;
 * PostgreSQL stays the truth about runs.
 *
 *   <prefix>:rq:alive            zset runner -> last heartbeat (ms)
 *   <prefix>:rq:idle             zset runner -> last heartbeat while free (ms)
 *   <prefix>:rq:waiting          zset run -> queued at (ms): the line, oldest first
 *   <prefix>:rq:short            hash run -> since when too few runners were online (ms)
 *   <prefix>:rq:reserved         set of runs whose runners are reserved but not started
 *   <prefix>:rq:job:<run>        the run's RunJob (holds target secrets: deleted at the start)
 *   <prefix>:rq:run:<run>        hash: segments, state, attempt, runners, queuedAt, reservedAt, startedAt
 *   <prefix>:rq:ready:<run>      set of segment indexes whose k6 is ready (this attempt)
 *   <prefix>:rq:inbox:<runner>   list of RunAssignment, popped by that runner only
 *   <prefix>:rq:control:<run>    pub/sub channel of RunControlMessage
 *   <prefix>:rq:wake             pub/sub channel: a runner became free, or a run was queued
 *   <prefix>:rq:demand           list whose length is how many runners are wanted (KEDA)
 *
 * Needs a single Redis (not Cluster): scripts touch keys they compute.
 */
export class RunQueue {
  readonly keys;

  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
  ) {
    const base = `${prefix}:rq`;
    this.keys = {
      alive: `${base}:alive`,
      idle: `${base}:idle`,
      waiting: `${base}:waiting`,
      short: `${base}:short`,
      reserved: `${base}:reserved`,
      demand: `${base}:demand`,
      wake: `${base}:wake`,
      job: (runId: string) => `${base}:job:${runId}`,
      run: (runId: string) => `${base}:run:${runId}`,
      ready: (runId: string) => `${base}:ready:${runId}`,
      inboxPrefix: `${base}:inbox:`,
      inbox: (runnerId: string) => `${base}:inbox:${runnerId}`,
      control: (runId: string) => `${base}:control:${runId}`,
    };
  }

  private script(lua: string, keys: string[], args: Array<string | number>): Promise<unknown> {
    // EVALSHA first; EVAL (which caches the script) when Redis does not have it yet.
    const sha = scriptSha(lua);
    return this.redis.evalsha(sha, keys.length, ...keys, ...args).catch((error: Error) => {
      if (!error.message.includes('NOSCRIPT')) throw error;
      return this.redis.eval(lua, keys.length, ...keys, ...args);
    });
  }

  // ---- the API's side ----------------------------------------------------------------------

  /**
   * Puts a run in line, or back in line after Redis lost it; a no-op (false) when Redis still
   * has it. `ttlSeconds` bounds how long Redis keeps anything of it; `firstAttempt` is where
   * its reservation count starts (0 at first; above a lost reservation's when re-queued).
   */
  async enqueue(runId: string, job: RunJob, options: { queuedAt: number; ttlSeconds: number; firstAttempt?: number }): Promise<boolean> {
    if (!/^[\w-]+$/.test(runId)) throw new Error(`run id ${JSON.stringify(runId)} is not a plain id`);
    const data = runJobSchema.parse(job);
    const k = this.keys;
    const queued = await this.script(
      ENQUEUE,
      [k.run(runId), k.job(runId), k.ready(runId), k.waiting],
      [
        runId,
        JSON.stringify(data),
        options.ttlSeconds,
        options.queuedAt,
        data.segments,
        data.tenantId,
        data.deadlineSeconds,
        options.firstAttempt ?? 0,
        k.wake,
      ],
    );
    return queued === 1;
  }

  /**
   * Whether Redis still holds each of these runs where PostgreSQL says it is (in line with its
   * job, or reserved or further on): false for a run whose entry was lost.
   */
  async present(runIds: string[]): Promise<Map<string, boolean>> {
    const pipeline = this.redis.pipeline();
    for (const runId of runIds) pipeline.hget(this.keys.run(runId), 'state').zscore(this.keys.waiting, runId).exists(this.keys.job(runId));
    const results = runIds.length ? ((await pipeline.exec()) ?? []) : [];
    const present = new Map<string, boolean>();
    runIds.forEach((runId, i) => {
      const [state, score, job] = results.slice(i * 3, i * 3 + 3).map(([, value]) => value);
      present.set(runId, state !== null && (state !== 'waiting' || (score !== null && job === 1)));
    });
    return present;
  }

  /** Reserves the run's N runners in one step, or none. */
  async reserve(
    runId: string,
    now: number,
  ): Promise<{ outcome: 'reserved'; attempt: number; runners: string[] } | { outcome: 'short'; free: number } | { outcome: 'gone' }> {
    const k = this.keys;
    const result = (await this.script(
      RESERVE,
      [k.idle, k.waiting, k.job(runId), k.run(runId), k.reserved],
      [runId, now, freshSince(now), k.inboxPrefix],
    )) as Array<number | string>;
    if (result[0] === 1) return { outcome: 'reserved', attempt: Number(result[1]), runners: result.slice(2).map(String) };
    if (result[0] === 0) return { outcome: 'short', free: Number(result[1]) };
    return { outcome: 'gone' };
  }

  /** Gives up a reservation before its start; the run goes back to its place in line. */
  async release(runId: string, attempt: number, deadRunners: string[]): Promise<boolean> {
    const k = this.keys;
    const released = await this.script(
      RELEASE,
      [k.run(runId), k.ready(runId), k.waiting, k.reserved],
      [attempt, k.control(runId), runId, k.inboxPrefix, deadRunners.join(',')],
    );
    return released === 1;
  }

  /** Stops the run wherever it is and tells its runners. Returns where it was. */
  async stop(runId: string, reason: RunStopReason, keepSeconds = 86_400): Promise<RunQueueState['state'] | 'none'> {
    const k = this.keys;
    await this.redis.hdel(k.short, runId);
    return (await this.script(STOP, [k.run(runId), k.waiting, k.job(runId), k.ready(runId), k.reserved], [runId, k.control(runId), reason, keepSeconds])) as
      RunQueueState['state'] | 'none';
  }

  /** The line, oldest first. */
  async waiting(limit = 500): Promise<Array<{ runId: string; queuedAt: number }>> {
    const flat = await this.redis.zrange(this.keys.waiting, '0', String(limit - 1), 'WITHSCORES');
    const line: Array<{ runId: string; queuedAt: number }> = [];
    for (let i = 0; i < flat.length; i += 2) line.push({ runId: flat[i]!, queuedAt: Number(flat[i + 1]) });
    return line;
  }

  reservedRuns(): Promise<string[]> {
    return this.redis.smembers(this.keys.reserved);
  }

  async state(runId: string): Promise<RunQueueState | null> {
    return parseState(await this.redis.hgetall(this.keys.run(runId)));
  }

  /**
   * Where each of these runs stands, in one round trip: its state, since when it has been
   * short of runners, and how many runs are ahead of it in line (null: not waiting).
   */
  async standings(runIds: string[]): Promise<Map<string, { state: RunQueueState | null; shortSince: number | null; runsAhead: number | null }>> {
    if (!runIds.length) return new Map();
    const multi = this.redis.multi();
    for (const runId of runIds) multi.hgetall(this.keys.run(runId)).zrank(this.keys.waiting, runId);
    multi.hmget(this.keys.short, ...runIds);
    const replies = await multi.exec();
    failOnError(replies);
    const shorts = replies!.at(-1)![1] as Array<string | null>;
    return new Map(
      runIds.map((runId, i) => [
        runId,
        {
          state: parseState(replies![2 * i]![1] as Record<string, string>),
          runsAhead: replies![2 * i + 1]![1] as number | null,
          shortSince: shorts[i] === null ? null : Number(shorts[i]),
        },
      ]),
    );
  }

  /** The job a waiting or reserved run carries (what its runners will receive). */
  async job(runId: string): Promise<RunJob | null> {
    const text = await this.redis.get(this.keys.job(runId));
    return text ? runJobSchema.parse(JSON.parse(text)) : null;
  }

  /** Runners alive and free now. Drops runners silent for an hour from the books. */
  async runners(now: number): Promise<{ online: string[]; free: number }> {
    const [online, free] = await Promise.all([
      this.redis.zrangebyscore(this.keys.alive, freshSince(now), '+inf'),
      this.redis.zcount(this.keys.idle, freshSince(now), '+inf'),
    ]);
    return { online, free };
  }

  async forgetSilentRunners(now: number): Promise<void> {
    await this.redis.zremrangebyscore(this.keys.alive, '-inf', `(${now - 3_600_000}`);
  }

  /** Which of these runners have a fresh heartbeat. */
  async alive(runnerIds: string[], now: number): Promise<Map<string, boolean>> {
    const scores = runnerIds.length ? await this.redis.zmscore(this.keys.alive, ...runnerIds) : [];
    return new Map(runnerIds.map((id, i) => [id, scores[i] !== null && Number(scores[i]) >= freshSince(now)]));
  }

  /** Since when the run has been waiting with fewer runners online than it needs. */
  async markShort(runId: string, now: number): Promise<number> {
    await this.redis.hsetnx(this.keys.short, runId, now);
    return Number(await this.redis.hget(this.keys.short, runId));
  }

  async clearShort(runId: string): Promise<void> {
    await this.redis.hdel(this.keys.short, runId);
  }

  /** A list of `runners` entries, for autoscalers that count list length (KEDA). */
  async setDemand(runners: number): Promise<void> {
    const multi = this.redis.multi().del(this.keys.demand);
    if (runners > 0) multi.rpush(this.keys.demand, ...Array.from({ length: runners }, () => '1'));
    await multi.exec().then(failOnError);
  }

  // ---- a runner's side ---------------------------------------------------------------------

  /** Free for work (unless an assignment already waits). */
  async markIdle(runnerId: string, now: number): Promise<boolean> {
    const k = this.keys;
    return (await this.script(MARK_IDLE, [k.idle, k.alive, k.inbox(runnerId)], [runnerId, now, k.wake])) === 1;
  }

  /** Heartbeat: alive, and still free if it was (never re-adds a reserved runner). */
  async beat(runnerId: string, now: number): Promise<void> {
    await this.redis.multi().zadd(this.keys.alive, now, runnerId).zadd(this.keys.idle, 'XX', now, runnerId).exec().then(failOnError);
  }

  /** A runner that takes no more work (it is closing); still counted online. */
  async leaveIdle(runnerId: string): Promise<void> {
    await this.redis.zrem(this.keys.idle, runnerId);
  }

  /** A runner going away: neither free nor online. */
  async leave(runnerId: string): Promise<void> {
    await this.redis.multi().zrem(this.keys.idle, runnerId).zrem(this.keys.alive, runnerId).exec().then(failOnError);
  }

  async clearInbox(runnerId: string): Promise<void> {
    await this.redis.del(this.keys.inbox(runnerId));
  }

  /**
   * Waits up to `timeoutSeconds` for this runner's next assignment. `blocking` must be a
   * connection of its own (BLPOP holds it). Throws on a malformed assignment, after taking it.
   */
  async takeAssignment(blocking: Redis, runnerId: string, timeoutSeconds: number): Promise<RunAssignment | null> {
    const popped = await blocking.blpop(this.keys.inbox(runnerId), timeoutSeconds);
    if (!popped) return null;
    return runAssignmentSchema.parse(JSON.parse(popped[1]));
  }

  /**
   * This segment's k6 is paused and ready. The last one ready starts the run, at a moment
   * `leadMs` ahead on Redis's clock.
   */
  async ready(runId: string, attempt: number, segmentIndex: number, leadMs = START_LEAD_MS): Promise<string> {
    const k = this.keys;
    return String(await this.script(READY, [k.run(runId), k.ready(runId), k.job(runId), k.reserved], [attempt, segmentIndex, leadMs, k.control(runId), runId]));
  }

  /** Redis's clock (ms), for runners to keep their offset to it. */
  async redisTime(): Promise<number> {
    const [seconds, micros] = await this.redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }
}

export interface RunQueueState {
  state: 'waiting' | 'reserved' | 'started' | 'stopped';
  tenantId: string;
  segments: number;
  /** The run's planned duration plus grace: how long it may take once started. */
  runSeconds: number;
  attempt: number;
  runners: string[];
  queuedAt: number;
  reservedAt: number | null;
  startedAt: number | null;
  releases: number;
  stopReason: string | null;
}

function parseState(hash: Record<string, string>): RunQueueState | null {
  if (!hash.state) return null;
  const num = (text: string | undefined) => (text ? Number(text) : null);
  return {
    state: hash.state as RunQueueState['state'],
    tenantId: hash.tenantId ?? '',
    runSeconds: Number(hash.runSeconds ?? 0),
    segments: Number(hash.segments),
    attempt: Number(hash.attempt ?? 0),
    runners: hash.runners ? hash.runners.split(',') : [],
    queuedAt: Number(hash.queuedAt),
    reservedAt: num(hash.reservedAt),
    startedAt: num(hash.startedAt),
    releases: Number(hash.releases ?? 0),
    stopReason: hash.stopReason ?? null,
  };
}

/**
 * How far ahead of the last segment's ready report the run starts: covers how late the start
 * message may reach a busy runner, so that all of them resume k6 at the same moment.
 */
export const START_LEAD_MS = 250;

/** Heartbeats older than this are runners gone. */
export const freshSince = (now: number) => now - RUNNER_HEARTBEAT_TTL_SECONDS * 1000;

function failOnError(results: Array<[Error | null, unknown]> | null): void {
  const failed = results?.find(([error]) => error);
  if (failed) throw failed[0]!;
}

const shas = new Map<string, string>();
function scriptSha(lua: string): string {
  let sha = shas.get(lua);
  if (!sha) {
    sha = createHash('sha1').update(lua).digest('hex');
    shas.set(lua, sha);
  }
  return sha;
}
