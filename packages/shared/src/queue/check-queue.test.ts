import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { localRedisUrl } from '../testing/redis-url.js';
import { deleteKeysWithPrefix } from '../testing/redis-keys.js';
import { CheckQueue } from './check-queue.js';

const OK = { ok: true, maxVUs: 1, durationSeconds: 1, thresholds: {} } as const;
const limits = { inFlight: 3, perMinute: 100 };

/** The atomic steps of the script-check queue, on the real Redis, under a prefix of this file's own. */
describe('CheckQueue', () => {
  const redis = new Redis(localRedisUrl(), { maxRetriesPerRequest: null });
  let queue: CheckQueue;

  beforeEach(() => {
    queue = new CheckQueue(redis, `lltest-cq-${randomUUID().slice(0, 8)}`);
  });
  afterAll(async () => {
    await deleteKeysWithPrefix(redis, 'lltest-cq-');
    redis.disconnect();
  });

  it('serves organizations in turn, one check of each running at a time, whatever the order they came in', async () => {
    for (const id of ['a1', 'a2', 'a3']) expect(await queue.submit('A', id, `// ${id}`, limits)).toEqual({ admitted: true });
    expect(await queue.submit('B', 'b1', '// b1', limits)).toEqual({ admitted: true });
    const first = await queue.take(10);
    expect(first).toEqual({ checkId: 'a1', organizationId: 'A', source: '// a1' });
    // A has one running: B's check is next, though A's came first; then nothing may run.
    expect(await queue.take(10)).toMatchObject({ checkId: 'b1', organizationId: 'B' });
    expect(await queue.take(10)).toBeNull();
    await queue.finish(first!, OK);
    expect(await queue.result('a1')).toEqual(OK);
    expect(await queue.take(10)).toMatchObject({ checkId: 'a2' });
  });

  it('admits at most `inFlight` waiting or running, and `perMinute` a minute, per organization', async () => {
    const now = 1_000_000;
    for (const id of ['a1', 'a2', 'a3']) await queue.submit('A', id, 'x', limits, now);
    expect(await queue.submit('A', 'a4', 'x', limits, now)).toEqual({ admitted: false, reason: 'in_flight', inFlight: 3 });
    expect(await queue.submit('B', 'b1', 'x', limits, now)).toEqual({ admitted: true });
    const rate = { inFlight: 10, perMinute: 2 };
    await queue.submit('C', 'c1', 'x', rate, now);
    await queue.submit('C', 'c2', 'x', rate, now + 10_000);
    expect(await queue.submit('C', 'c3', 'x', rate, now + 20_000)).toEqual({ admitted: false, reason: 'rate', retryAfterMs: 40_000 });
    expect(await queue.submit('C', 'c4', 'x', rate, now + 60_001)).toEqual({ admitted: true });
  });

  it("keeps a script in Redis only while it waits, drops a check its API gave up on, and frees a dead runner's place", async () => {
    await queue.submit('A', 'a1', 'secret()', limits);
    await queue.submit('A', 'a2', 'x', limits);
    await queue.cancel('A', 'a1');
    const taken = await queue.take(10);
    expect(taken).toMatchObject({ checkId: 'a2' });
    expect(await redis.exists(queue.keys.job('a1'), queue.keys.job('a2'))).toBe(0);
    // Its runner died without answering: past its deadline the place is A's again.
    await queue.submit('A', 'a3', 'x', limits);
    expect(await queue.take(10)).toBeNull();
    expect(await queue.take(10, Date.now() + 16_000)).toMatchObject({ checkId: 'a3' });
  });
});
