import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Adds one to each counter (each lives `windowMs` from its first hit); returns count, ms left,
 * count, ms left... in the keys' order. All of a request's counters in one round trip.
 */
const HIT_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, ARGV[1]); ttl = tonumber(ARGV[1]) end
  out[#out + 1] = count
  out[#out + 1] = ttl
end
return out
`;

const HIT_SCRIPT_SHA = createHash('sha1').update(HIT_SCRIPT).digest('hex');

export interface WindowState {
  count: number;
  /** Milliseconds until the window (and the count) resets. */
  resetInMs: number;
}

/**
 * Fixed-window counters in Redis, shared by every API process. One round trip per hit (or per
 * set of counters hit together: every authenticated request counts its caller and its
 * organization, and at 100 concurrent clients a second round trip was a tenth of what the
 * API waited on per request, docs/benchmarks.md). If
 * Redis is flushed the counters start again, which errs on the side of letting people in.
 */
export class FixedWindowCounter {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowState> {
    return (await this.hitAll([key], windowMs))[0]!;
  }

  /** hit() on each key, in one round trip; the states in the keys' order. */
  async hitAll(keys: readonly string[], windowMs: number): Promise<WindowState[]> {
    const fullKeys = keys.map((key) => `${this.keyPrefix}:${key}`);
    // By its hash (not the script's text at every request); sent whole once Redis lacks it.
    const flat = (await this.redis.evalsha(HIT_SCRIPT_SHA, fullKeys.length, ...fullKeys, String(windowMs)).catch((error: Error) => {
      if (!error.message.startsWith('NOSCRIPT')) throw error;
      return this.redis.eval(HIT_SCRIPT, fullKeys.length, ...fullKeys, String(windowMs));
    })) as number[];
    return keys.map((_, index) => ({ count: flat[2 * index]!, resetInMs: flat[2 * index + 1]! }));
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
