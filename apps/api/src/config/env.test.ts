import { describe, expect, it } from 'vitest';
import { parseApiEnv } from './env.js';

describe('API environment', () => {
  it('lists every missing or malformed variable in one readable message', () => {
    expect(() => parseApiEnv({ REDIS_URL: 'http://nope', LOADLINE_PORT: 'eighty' })).toThrow(
      /DATABASE_URL: is required[\s\S]*REDIS_URL: must be a redis:\/\/ URL[\s\S]*LOADLINE_PORT[\s\S]*LOADLINE_SECRET_KEY: is required/,
    );
  });

  it('listens on loopback port 8080 by default', () => {
    const env = parseApiEnv({
      DATABASE_URL: 'postgresql://u:p@127.0.0.1/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOADLINE_SECRET_KEY: 'k'.repeat(32),
      LOADLINE_RUNNER_KEY: 'r'.repeat(32),
    });
    expect(env).toMatchObject({ LOADLINE_HOST: '127.0.0.1', LOADLINE_PORT: 8080, LOADLINE_QUEUE_PREFIX: 'loadline' });
    // Metrics on a port of their own, loopback unless told otherwise.
    expect(env).toMatchObject({ LOADLINE_METRICS_HOST: '127.0.0.1', LOADLINE_METRICS_PORT: 9464 });
  });

  it('keeps per-second detail unless told a number of days, and refuses one that is not', () => {
    const base = {
      DATABASE_URL: 'postgresql://u:p@127.0.0.1/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOADLINE_SECRET_KEY: 'k'.repeat(32),
      LOADLINE_RUNNER_KEY: 'r'.repeat(32),
    };
    expect(parseApiEnv(base).LOADLINE_SECOND_DETAIL_DAYS).toBeUndefined();
    expect(parseApiEnv({ ...base, LOADLINE_SECOND_DETAIL_DAYS: '30' }).LOADLINE_SECOND_DETAIL_DAYS).toBe(30);
    for (const days of ['0', '1.5', 'week']) expect(() => parseApiEnv({ ...base, LOADLINE_SECOND_DETAIL_DAYS: days })).toThrow(/LOADLINE_SECOND_DETAIL_DAYS/);
  });

  it('refuses a short secret key and malformed allowed networks', () => {
    const base = { DATABASE_URL: 'postgresql://u:p@127.0.0.1/db', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(() => parseApiEnv({ ...base, LOADLINE_SECRET_KEY: 'short' })).toThrow(/LOADLINE_SECRET_KEY: must be at least 32 characters/);
    expect(() =>
      parseApiEnv({ ...base, LOADLINE_SECRET_KEY: 'k'.repeat(32), LOADLINE_RUNNER_KEY: 'r'.repeat(32), LOADLINE_ALLOWED_NETWORKS: '127.0.0.0/8,localhost' }),
    ).toThrow(/LOADLINE_ALLOWED_NETWORKS: must be comma-separated CIDRs/);
    expect(
      parseApiEnv({ ...base, LOADLINE_SECRET_KEY: 'k'.repeat(32), LOADLINE_RUNNER_KEY: 'r'.repeat(32), LOADLINE_ALLOWED_NETWORKS: '127.0.0.0/8, ::1/128' })
        .LOADLINE_ALLOWED_NETWORKS,
    ).toEqual(['127.0.0.0/8', '::1/128']);
  });

  it('trusts no proxy by default, reads trusted proxies as CIDRs, and refuses the replaced LOADLINE_TRUST_PROXY', () => {
    const base = {
      DATABASE_URL: 'postgresql://u:p@127.0.0.1/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOADLINE_SECRET_KEY: 'k'.repeat(32),
      LOADLINE_RUNNER_KEY: 'r'.repeat(32),
    };
    expect(parseApiEnv(base).LOADLINE_TRUSTED_PROXIES).toEqual([]);
    expect(parseApiEnv({ ...base, LOADLINE_TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.7,fd00::/8' }).LOADLINE_TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
    ]);
    expect(() => parseApiEnv({ ...base, LOADLINE_TRUSTED_PROXIES: 'loopback' })).toThrow(/LOADLINE_TRUSTED_PROXIES: must be comma-separated CIDRs/);
    expect(() => parseApiEnv({ ...base, LOADLINE_TRUST_PROXY: 'loopback' })).toThrow(/LOADLINE_TRUST_PROXY: was replaced by LOADLINE_TRUSTED_PROXIES/);
  });
});
