import { describe, expect, it } from 'vitest';
import { parseApiEnv } from './env.js';

describe('API environment', () => {
  it('lists every missing or malformed variable in one readable message', () => {
    expect(() => parseApiEnv({ REDIS_URL: 'http://nope', LOADLINE_PORT: 'eighty' })).toThrow(
      /DATABASE_URL: is required[\s\S]*REDIS_URL: must be a redis:\/\/ URL[\s\S]*LOADLINE_PORT/,
    );
  });

  it('listens on loopback port 8080 by default', () => {
    const env = parseApiEnv({ DATABASE_URL: 'postgresql://u:p@127.0.0.1/db', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(env).toMatchObject({ LOADLINE_HOST: '127.0.0.1', LOADLINE_PORT: 8080, LOADLINE_QUEUE_PREFIX: 'loadline' });
  });
});
