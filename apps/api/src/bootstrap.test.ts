import { describe, expect, it } from 'vitest';
import { checkDependencies, DependencyUnavailableError } from './bootstrap.js';
import { parseApiEnv } from './config/env.js';

// Port 1 on loopback: nothing listens there, so connections are refused at once.
describe('startup dependency check', () => {
  it('names PostgreSQL, where it looked, and how to start it', async () => {
    const env = parseApiEnv({
      DATABASE_URL: 'postgresql://u:secret@127.0.0.1:1/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOADLINE_SECRET_KEY: 'k'.repeat(32),
      LOADLINE_RUNNER_KEY: 'r'.repeat(32),
    });
    const error = await checkDependencies(env).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DependencyUnavailableError);
    expect((error as Error).message).toMatch(/^cannot reach PostgreSQL at 127\.0\.0\.1:1: .*Start it with: bash scripts\/ensure-postgres\.sh$/);
    expect((error as Error).message).not.toContain('secret');
  });

  it('names Redis when PostgreSQL is fine but Redis is not', async () => {
    const env = parseApiEnv({
      DATABASE_URL: process.env.LOADLINE_TEST_ADMIN_URL ?? 'postgresql://loadline:loadline@127.0.0.1:5432/loadline',
      REDIS_URL: 'redis://127.0.0.1:1',
      LOADLINE_SECRET_KEY: 'k'.repeat(32),
      LOADLINE_RUNNER_KEY: 'r'.repeat(32),
    });
    await expect(checkDependencies(env)).rejects.toThrow(/^cannot reach Redis at 127\.0\.0\.1:1: .*bash scripts\/ensure-redis\.sh$/);
  });
});
