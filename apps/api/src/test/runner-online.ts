import { Redis } from 'ioredis';
import { RunQueue } from '@loadline/shared/queue';
import { localRedisUrl } from '@loadline/shared/testing';

/**
 * Waits (10 s at most) until the run queue counts runner `id` online, as the API does (its
 * public /health says how many runners, not which); false when it did not, or `gone()`.
 */
export async function runnerOnline(prefix: string, id: string, gone: () => boolean = () => false): Promise<boolean> {
  const redis = new Redis(localRedisUrl());
  try {
    const queue = new RunQueue(redis, prefix);
    for (let i = 0; i < 200 && !gone(); i++) {
      if ((await queue.alive([id], Date.now())).get(id)) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  } finally {
    redis.disconnect();
  }
}
