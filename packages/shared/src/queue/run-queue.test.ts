import { localRedisUrl } from '../testing/redis-url.js';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { planSpecSchema } from '../plan.js';
import type { RunJob } from '../run-dispatch.js';
import { deleteKeysWithPrefix } from '../testing/redis-keys.js';
import { RunQueue, START_LEAD_MS } from './run-queue.js';

const REDIS_URL = localRedisUrl();

const job = (segments: number): RunJob => ({
  tenantId: 'tenant-1',
  planName: 'p',
  planVersion: 1,
  segments,
  spec: planSpecSchema.parse({ load: { executor: 'constant-vus', vus: 6, duration: '5s' }, requests: [{ name: 'Get', path: '/' }] }),
  target: { baseUrl: 'http://127.0.0.1:9', secrets: 'v1:sealed-for-runners' },
  policy: { blacklistIPs: [], blockHostnames: [] },
  deadlineSeconds: 65,
});

/** The atomic steps of the run queue, on the real Redis, under a prefix of this file's own. */
describe('RunQueue', () => {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  let prefix: string;
  let queue: RunQueue;
  const now = () => Date.now();
  const idle = async (...runners: string[]) => {
    for (const runner of runners) await queue.markIdle(runner, now());
  };
  const inbox = (runner: string) => redis.lrange(queue.keys.inbox(runner), 0, -1);

  beforeEach(async () => {
    prefix = `lltest-rq-${randomUUID().slice(0, 8)}`;
    queue = new RunQueue(redis, prefix);
  });
  afterAll(async () => {
    await deleteKeysWithPrefix(redis, 'lltest-rq-');
    redis.disconnect();
  });

  it("reserves all of a run's runners or none, one segment in each reserved runner's inbox", async () => {
    await idle('r1', 'r2', 'r3');
    await queue.enqueue('run-a', job(2), { queuedAt: now(), ttlSeconds: 60 });
    await queue.enqueue('run-b', job(2), { queuedAt: now() + 1, ttlSeconds: 60 });

    const a = await queue.reserve('run-a', now());
    expect(a).toMatchObject({ outcome: 'reserved', attempt: 1 });
    if (a.outcome !== 'reserved') throw new Error('unreachable');
    expect(a.runners).toHaveLength(2);
    const assignments = (await Promise.all(a.runners.map(inbox))).flat().map((text) => JSON.parse(text));
    expect(assignments.map((assignment) => assignment.segmentIndex).sort()).toEqual([0, 1]);
    expect(assignments[0]).toMatchObject({ runId: 'run-a', attempt: 1, job: { segments: 2, target: { secrets: 'v1:sealed-for-runners' } } });

    // One runner is left: run-b needs two, so it gets none and the free runner stays free.
    expect(await queue.reserve('run-b', now())).toEqual({ outcome: 'short', free: 1 });
    const [left] = ['r1', 'r2', 'r3'].filter((runner) => !a.runners.includes(runner));
    expect(await inbox(left!)).toEqual([]);
    expect((await queue.runners(now())).free).toBe(1);
    expect(await queue.waiting()).toEqual([expect.objectContaining({ runId: 'run-b' })]);
  });

  it('never splits runners between runs reserved at the same moment', async () => {
    const runners = ['r1', 'r2', 'r3', 'r4', 'r5'];
    await idle(...runners);
    const runs = Array.from({ length: 10 }, (_, i) => `run-${i}`);
    for (const [i, runId] of runs.entries()) await queue.enqueue(runId, job(2), { queuedAt: now() + i, ttlSeconds: 60 });
    // Ten reservations race over separate connections.
    const connections = runs.map(() => redis.duplicate());
    const results = await Promise.all(runs.map((runId, i) => new RunQueue(connections[i]!, prefix).reserve(runId, now())));
    connections.forEach((connection) => connection.disconnect());

    const reserved = results.filter((result) => result.outcome === 'reserved');
    expect(reserved).toHaveLength(2);
    const held = reserved.flatMap((result) => (result.outcome === 'reserved' ? result.runners : []));
    expect(new Set(held).size).toBe(4);
    // Each holding runner has exactly one assignment; the fifth runner has none and is free.
    for (const runner of runners) expect(await inbox(runner)).toHaveLength(held.includes(runner) ? 1 : 0);
    expect((await queue.runners(now())).free).toBe(1);
  });

  it("starts the run once, when its last segment is ready, at a moment ahead on Redis's clock; the job (with secrets) is gone", async () => {
    await idle('r1', 'r2');
    await queue.enqueue('run-a', job(2), { queuedAt: now(), ttlSeconds: 60 });
    await queue.reserve('run-a', now());
    const subscriber = redis.duplicate();
    const messages: string[] = [];
    subscriber.on('message', (_channel: string, text: string) => messages.push(text));
    await subscriber.subscribe(queue.keys.control('run-a'));

    expect(await queue.ready('run-a', 1, 0)).toBe('waiting');
    expect(await queue.ready('run-a', 1, 0)).toBe('waiting');
    const before = await queue.redisTime();
    expect(await queue.ready('run-a', 1, 1)).toBe('started');
    expect(await queue.ready('run-a', 1, 1)).toBe('started');
    await new Promise((resolve) => setTimeout(resolve, 100));
    subscriber.disconnect();

    expect(messages).toHaveLength(1);
    const start = JSON.parse(messages[0]!);
    expect(start).toMatchObject({ type: 'start', attempt: 1 });
    expect(start.at - before).toBeGreaterThanOrEqual(START_LEAD_MS);
    expect(start.at - before).toBeLessThan(START_LEAD_MS + 100);
    expect(await queue.job('run-a')).toBeNull();
    expect(await queue.state('run-a')).toMatchObject({ state: 'started', startedAt: start.at });
  });

  it("puts a released run back in its place in line, clears dead runners' inboxes, and makes the old attempt stale", async () => {
    await idle('r1', 'r2');
    await queue.enqueue('run-old', job(2), { queuedAt: now() - 10_000, ttlSeconds: 60 });
    await queue.enqueue('run-new', job(1), { queuedAt: now(), ttlSeconds: 60 });
    const first = await queue.reserve('run-old', now());
    if (first.outcome !== 'reserved') throw new Error('not reserved');
    expect(await queue.ready('run-old', 1, 0)).toBe('waiting');

    expect(await queue.release('run-old', 1, [first.runners[1]!])).toBe(true);
    expect(await queue.release('run-old', 1, [])).toBe(false);
    expect(await inbox(first.runners[1]!)).toEqual([]);
    expect((await queue.waiting()).map((entry) => entry.runId)).toEqual(['run-old', 'run-new']);
    expect(await queue.state('run-old')).toMatchObject({ state: 'waiting', releases: 1 });
    expect(await queue.job('run-old')).not.toBeNull();
    // A ready report of the released attempt changes nothing.
    expect(await queue.ready('run-old', 1, 1)).toBe('waiting');
    expect(await queue.state('run-old')).toMatchObject({ state: 'waiting' });

    // The live runner takes its (now stale) assignment, sees the release, and is free again.
    await redis.lpop(queue.keys.inbox(first.runners[0]!));
    await idle('r1', 'r2');
    expect(await queue.reserve('run-old', now())).toMatchObject({ outcome: 'reserved', attempt: 2 });
  });

  it('stops a run wherever it is and says where it was', async () => {
    await queue.enqueue('waiting', job(1), { queuedAt: now(), ttlSeconds: 60 });
    expect(await queue.stop('waiting', 'cancelled')).toBe('waiting');
    expect(await queue.waiting()).toEqual([]);
    expect(await queue.job('waiting')).toBeNull();
    expect(await queue.stop('waiting', 'cancelled')).toBe('stopped');
    expect(await queue.state('waiting')).toMatchObject({ state: 'stopped', stopReason: 'cancelled' });

    await idle('r1');
    await queue.enqueue('reserved', job(1), { queuedAt: now(), ttlSeconds: 60 });
    await queue.reserve('reserved', now());
    expect(await queue.stop('reserved', 'cancelled')).toBe('reserved');
    expect(await queue.reservedRuns()).toEqual([]);
    expect(await queue.ready('reserved', 1, 0)).toBe('stopped');
    expect(await queue.stop('never-queued', 'deadline')).toBe('none');
  });

  it('keeps a reserved runner out of the free set until it says it is free again', async () => {
    await idle('r1');
    await queue.enqueue('run-a', job(1), { queuedAt: now(), ttlSeconds: 60 });
    await queue.reserve('run-a', now());
    // Heartbeats do not make it free again, nor does marking it idle while its assignment waits.
    await queue.beat('r1', now());
    expect(await queue.markIdle('r1', now())).toBe(false);
    expect((await queue.runners(now())).free).toBe(0);
    expect((await queue.runners(now())).online).toEqual(['r1']);
    await redis.del(queue.keys.inbox('r1'));
    expect(await queue.markIdle('r1', now())).toBe(true);
    expect((await queue.runners(now())).free).toBe(1);
    // A runner silent for longer than the heartbeat TTL is neither online nor free.
    expect(await queue.runners(now() + 16_000)).toEqual({ online: [], free: 0 });
    await queue.leave('r1');
    expect(await queue.runners(now())).toEqual({ online: [], free: 0 });
  });

  it('queues a run once however often it is enqueued, and again only once Redis has lost it', async () => {
    expect(await queue.enqueue('run-a', job(1), { queuedAt: 1_000, ttlSeconds: 60 })).toBe(true);
    // A second API process re-queueing the same run at the same moment: nothing changes.
    expect(await queue.enqueue('run-a', job(1), { queuedAt: 2_000, ttlSeconds: 60, firstAttempt: 500 })).toBe(false);
    expect(await queue.waiting()).toEqual([{ runId: 'run-a', queuedAt: 1_000 }]);
    expect(await queue.present(['run-a', 'never-queued'])).toEqual(
      new Map([
        ['run-a', true],
        ['never-queued', false],
      ]),
    );

    await idle('r1');
    const first = await queue.reserve('run-a', now());
    expect(first).toMatchObject({ outcome: 'reserved', attempt: 1 });
    // Reserved: still where PostgreSQL says, and a re-queue does not undo the reservation.
    expect(await queue.enqueue('run-a', job(1), { queuedAt: 1_000, ttlSeconds: 60, firstAttempt: 500 })).toBe(false);
    expect((await queue.state('run-a'))?.state).toBe('reserved');

    // Redis loses the run (flushed with its runner's inbox): re-queued at its old place in line,
    // and the lost reservation's runner, holding attempt 1, cannot start the new reservation.
    await redis.del(queue.keys.run('run-a'), queue.keys.job('run-a'), queue.keys.inbox('r1'), queue.keys.reserved);
    expect(await queue.present(['run-a'])).toEqual(new Map([['run-a', false]]));
    expect(await queue.enqueue('run-a', job(1), { queuedAt: 1_000, ttlSeconds: 60, firstAttempt: 500 })).toBe(true);
    await idle('r2');
    const second = await queue.reserve('run-a', now());
    expect(second).toMatchObject({ outcome: 'reserved', attempt: 501 });
    expect(await queue.ready('run-a', 1, 0)).toBe('reserved');
    expect(await queue.ready('run-a', 501, 0)).toBe('started');
  });

  it('re-queues a waiting run that lost only its place in line or its job', async () => {
    await queue.enqueue('run-a', job(1), { queuedAt: 1_000, ttlSeconds: 60 });
    await redis.del(queue.keys.job('run-a'));
    expect(await queue.present(['run-a'])).toEqual(new Map([['run-a', false]]));
    expect(await queue.enqueue('run-a', job(1), { queuedAt: 1_000, ttlSeconds: 60, firstAttempt: 7 })).toBe(true);
    expect(await queue.job('run-a')).toMatchObject({ segments: 1 });
    await redis.zrem(queue.keys.waiting, 'run-a');
    expect(await queue.present(['run-a'])).toEqual(new Map([['run-a', false]]));
    expect(await queue.enqueue('run-a', job(1), { queuedAt: 1_000, ttlSeconds: 60, firstAttempt: 7 })).toBe(true);
    expect(await queue.waiting()).toEqual([{ runId: 'run-a', queuedAt: 1_000 }]);
  });
});
