import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { scriptInspectionSchema, type ScriptInspection } from '../jobs.js';
import { FINISH, SUBMIT, TAKE } from './check-queue-scripts.js';

/**
 * How many checks of one organization run at once, over every runner of the installation.
 * With two or more check workers in the fleet, one organization's checks, however many and
 * however slow, leave the others a worker: its backlog waits behind its own running check.
 */
export const CHECKS_RUNNING_PER_ORGANIZATION = 1;

/** What one organization may ask of the check workers (the API's settings). */
export interface CheckLimits {
  /** Checks waiting or running at once. */
  inFlight: number;
  /** Checks admitted in any minute. */
  perMinute: number;
}

export type Admission =
  { admitted: true } | { admitted: false; reason: 'in_flight'; inFlight: number } | { admitted: false; reason: 'rate'; retryAfterMs: number };

export interface TakenCheck {
  checkId: string;
  organizationId: string;
  source: string;
}

/** A waiting check's job (the script) is kept this long at most: longer than any API waits for it. */
const JOB_TTL_SECONDS = 120;
/** How long an answer waits for its API to read it. */
const RESULT_TTL_SECONDS = 60;

/**
 * Custom-script checks (`k6 inspect` on a runner) with per-organization limits and fair
 * service, shared by the API (submits, waits for the answer) and the runners (take, answer).
 * A plain FIFO let one organization's burst of slow checks hold every runner's check worker
 * while everyone else's checks waited behind it; here each organization has its own line and
 * the runners serve the lines in turn, at most CHECKS_RUNNING_PER_ORGANIZATION each.
 *
 *   <prefix>:cq:ring          list of organizations with checks waiting: whose turn is next
 *   <prefix>:cq:ringed        set of the same (an organization is in the ring once)
 *   <prefix>:cq:q:<org>       list of its waiting check ids, oldest first
 *   <prefix>:cq:run:<org>     zset check id -> deadline (ms) of its running checks
 *   <prefix>:cq:rate:<org>    zset check id -> admitted at (ms), over the last minute
 *   <prefix>:cq:job:<check>   hash org, source: only while the check waits
 *   <prefix>:cq:res:<check>   the answer (ScriptInspection JSON), for a minute
 *   <prefix>:cq:wake          list runners block on (BLPOP) for new work
 *   <prefix>:cq:done          pub/sub channel: the id of each answered check
 */
export class CheckQueue {
  readonly keys;

  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
  ) {
    const base = `${prefix}:cq:`;
    this.keys = {
      base,
      ring: `${base}ring`,
      ringed: `${base}ringed`,
      wake: `${base}wake`,
      done: `${base}done`,
      waiting: (org: string) => `${base}q:${org}`,
      running: (org: string) => `${base}run:${org}`,
      rate: (org: string) => `${base}rate:${org}`,
      job: (checkId: string) => `${base}job:${checkId}`,
      result: (checkId: string) => `${base}res:${checkId}`,
    };
  }

  private script(lua: string, keys: string[], args: Array<string | number>): Promise<unknown> {
    const sha = scriptSha(lua);
    return this.redis.evalsha(sha, keys.length, ...keys, ...args).catch((error: Error) => {
      if (!error.message.includes('NOSCRIPT')) throw error;
      return this.redis.eval(lua, keys.length, ...keys, ...args);
    });
  }

  // ---- the API's side ----------------------------------------------------------------------

  /** Puts a check in its organization's line, unless that organization is over a limit. */
  async submit(organizationId: string, checkId: string, source: string, limits: CheckLimits, now = Date.now()): Promise<Admission> {
    const k = this.keys;
    const reply = (await this.script(
      SUBMIT,
      [k.waiting(organizationId), k.running(organizationId), k.rate(organizationId), k.job(checkId), k.ring, k.ringed, k.wake],
      [organizationId, checkId, source, now, limits.inFlight, limits.perMinute, JOB_TTL_SECONDS],
    )) as Array<number | string>;
    if (reply[0] === 1) return { admitted: true };
    if (reply[1] === 'in_flight') return { admitted: false, reason: 'in_flight', inFlight: Number(reply[2]) + Number(reply[3]) };
    return { admitted: false, reason: 'rate', retryAfterMs: Math.max(0, Number(reply[2])) };
  }

  /** The answer to a check, once a runner gave it (validated: a runner is not trusted blindly). */
  async result(checkId: string): Promise<ScriptInspection | null> {
    const text = await this.redis.get(this.keys.result(checkId));
    return text === null ? null : scriptInspectionSchema.parse(JSON.parse(text));
  }

  /** The API stopped waiting: a check still in line leaves it (a running one ends by itself). */
  async cancel(organizationId: string, checkId: string): Promise<void> {
    await this.redis.multi().lrem(this.keys.waiting(organizationId), 0, checkId).del(this.keys.job(checkId), this.keys.result(checkId)).exec();
  }

  // ---- a runner's side ---------------------------------------------------------------------

  /**
   * The next check, organizations in turn; null when none may run now. `runSeconds` is how
   * long this runner lets one check take: past that (plus a margin) the check stops counting
   * against its organization even if this runner died without answering.
   */
  async take(runSeconds: number, now = Date.now()): Promise<TakenCheck | null> {
    const deadline = now + (runSeconds + 5) * 1000;
    const reply = (await this.script(TAKE, [this.keys.ring, this.keys.ringed], [now, CHECKS_RUNNING_PER_ORGANIZATION, deadline, this.keys.base])) as
      [string, string, string] | null;
    return reply ? { checkId: reply[0], organizationId: reply[1], source: reply[2] } : null;
  }

  async finish(check: Pick<TakenCheck, 'checkId' | 'organizationId'>, result: ScriptInspection): Promise<void> {
    const k = this.keys;
    const answer = JSON.stringify(scriptInspectionSchema.parse(result));
    await this.script(FINISH, [k.running(check.organizationId), k.result(check.checkId), k.wake], [check.checkId, answer, RESULT_TTL_SECONDS, k.done]);
  }

  /** Waits up to `timeoutSeconds` for a sign of new work. `blocking` must be a connection of its own (BLPOP holds it). */
  async waitForWork(blocking: Redis, timeoutSeconds: number): Promise<void> {
    await blocking.blpop(this.keys.wake, timeoutSeconds);
  }
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
