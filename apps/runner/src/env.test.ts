import { describe, expect, it } from 'vitest';
import { parseRunnerEnv } from './env.js';
import { k6RuntimeEnv } from './k6-run-options.js';

describe('runner environment', () => {
  it('refuses database credentials', () => {
    expect(() => parseRunnerEnv({ REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgresql://x' })).toThrow(
      /DATABASE_URL: must not be set: the runner never holds database credentials/,
    );
  });

  it('names a missing Redis URL', () => {
    expect(() => parseRunnerEnv({})).toThrow(/REDIS_URL: is required/);
  });

  it('fills defaults', () => {
    const env = parseRunnerEnv({ REDIS_URL: 'redis://127.0.0.1:6379', LOADLINE_RUNNER_KEY: 'r'.repeat(32) });
    expect(env.LOADLINE_QUEUE_PREFIX).toBe('loadline');
    expect(env.K6_BIN).toMatch(/\.tools\/bin\/k6$/);
    expect(env.LOADLINE_SANDBOX).toBe('bwrap');
    expect([env.LOADLINE_RUNNER_HTTP_HOST, env.LOADLINE_RUNNER_HTTP_PORT]).toEqual(['127.0.0.1', 9465]);
    expect(env.LOADLINE_K6_GOGC).toBe(400);
  });

  it('gives k6 its collector target and a soft heap limit below the sandbox ceiling', () => {
    const base = { REDIS_URL: 'redis://127.0.0.1:6379', LOADLINE_RUNNER_KEY: 'r'.repeat(32) };
    expect(k6RuntimeEnv(parseRunnerEnv({ ...base, LOADLINE_K6_GOGC: '200', LOADLINE_K6_MEMORY_MB: '1000' }))).toEqual({ GOGC: '200', GOMEMLIMIT: '800MiB' });
    expect(() => parseRunnerEnv({ ...base, LOADLINE_K6_GOGC: '10' })).toThrow(/LOADLINE_K6_GOGC/);
  });

  it('takes 0 as "no HTTP port" and refuses a port out of range', () => {
    const base = { REDIS_URL: 'redis://127.0.0.1:6379', LOADLINE_RUNNER_KEY: 'r'.repeat(32) };
    expect(parseRunnerEnv({ ...base, LOADLINE_RUNNER_HTTP_PORT: '0' }).LOADLINE_RUNNER_HTTP_PORT).toBe(0);
    expect(() => parseRunnerEnv({ ...base, LOADLINE_RUNNER_HTTP_PORT: '70000' })).toThrow(/LOADLINE_RUNNER_HTTP_PORT/);
  });

  it('needs the key that opens job secrets', () => {
    expect(() => parseRunnerEnv({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/LOADLINE_RUNNER_KEY: is required/);
    expect(() => parseRunnerEnv({ REDIS_URL: 'redis://127.0.0.1:6379', LOADLINE_RUNNER_KEY: 'short' })).toThrow(/LOADLINE_RUNNER_KEY/);
  });
});
