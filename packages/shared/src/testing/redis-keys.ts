import type { Redis } from 'ioredis';

/**
 * Deletes every key under `prefix:` (a test file's or a benchmark's queue prefix), so what a
 * run left in a shared Redis goes with it.
 */
export async function deleteKeysWithPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}
