import type { Redis } from 'ioredis';

/** Adds one to a counter that lives `windowMs` from its first hit; returns [count, ms left]. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export interface WindowState {
  count: number;
  /** Milliseconds until the window (and the count) resets. */
  resetInMs: number;
}

/**
 * Fixed-window counters in Redis, shared by every API process. One round trip per hit. If
 * Redis is flushed the counters start again, which errs on the side of letting people in.
 */
export class FixedWindowCounter {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.keyPrefix}:${key}`, String(windowMs))) as [number, number];
    return { count, resetInMs: ttl };
  }

  async peek(key: string): Promise<WindowState> {
    const fullKey = `${this.keyPrefix}:${key}`;
    const [count, ttl] = await Promise.all([this.redis.get(fullKey), this.redis.pttl(fullKey)]);
    return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.keyPrefix}:${key}`);
  }
}

export const retryAfterSeconds = (state: WindowState) => String(Math.max(1, Math.ceil(state.resetInMs / 1000)));
