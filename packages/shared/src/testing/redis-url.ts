import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The Redis tests and benchmarks use: REDIS_URL when set (scripts/test.sh sets it), else the
 * one scripts/ensure-redis.sh starts on 127.0.0.1:6379 with the password it keeps for this
 * machine, so a single test file can be run by hand.
 */
export function localRedisUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.REDIS_URL) return env.REDIS_URL;
  const stateDir = env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state');
  try {
    const password = readFileSync(path.join(stateDir, 'loadline', 'redis-6379.password'), 'utf8').trim();
    return `redis://default:${encodeURIComponent(password)}@127.0.0.1:6379`;
  } catch {
    return 'redis://127.0.0.1:6379';
  }
}
