import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localRedisUrl } from '@loadline/shared/testing';
import { DEFAULT_K6_BIN } from './env.js';
import { startRunnerHttp } from './runner-http.js';
import { RunnerMetrics } from './runner-metrics.js';

/** The probes against a real Redis, with k6 present and missing, and Redis gone. */
describe('runner HTTP port', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(localRedisUrl(), { maxRetriesPerRequest: null });
  });
  afterAll(() => redis.disconnect());

  async function serve(k6Bin: string, client: Redis) {
    const metrics = new RunnerMetrics('probe-test', false);
    const server = await startRunnerHttp({ host: '127.0.0.1', port: 0, redis: client, k6Bin, metrics });
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, metrics, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('is live and ready with Redis and k6, and serves its series', async () => {
    await redis.ping();
    const http = await serve(DEFAULT_K6_BIN, redis);
    try {
      expect((await fetch(`${http.url}/livez`)).status).toBe(200);
      const ready = await fetch(`${http.url}/readyz`);
      expect([ready.status, await ready.text()]).toEqual([200, 'ready\n']);
      http.metrics.busy.set(1);
      const text = await (await fetch(`${http.url}/metrics`)).text();
      expect(text).toMatch(/^loadline_runner_busy\{[^}]*runner="probe-test"[^}]*\} 1$/m);
      expect((await fetch(`${http.url}/other`)).status).toBe(404);
    } finally {
      await http.close();
    }
  });

  it('is live but not ready, saying why, without k6 or without Redis', async () => {
    const noK6 = await serve('/nonexistent/k6', redis);
    try {
      expect((await fetch(`${noK6.url}/livez`)).status).toBe(200);
      const ready = await fetch(`${noK6.url}/readyz`);
      expect([ready.status, await ready.text()]).toEqual([503, 'not ready: k6 not found or not executable at /nonexistent/k6\n']);
    } finally {
      await noK6.close();
    }
    // Port 1 on loopback: nothing listens, so the connection never becomes ready.
    const gone = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null, retryStrategy: () => 1_000 });
    gone.on('error', () => undefined);
    const noRedis = await serve(DEFAULT_K6_BIN, gone);
    try {
      const ready = await fetch(`${noRedis.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.text()).toMatch(/^not ready: Redis connection is \w+\n$/);
    } finally {
      await noRedis.close();
      gone.disconnect();
    }
  });
});
