import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../test/stack.js';
import type { ApiClient } from '../../test/api-client.js';
import { CuttableProxy, throughProxy } from '../../test/cuttable-proxy.js';

/** The API reaches its database through a proxy this test cuts (CuttableProxy). */
describe('a dependency down answers 503 with Retry-After, never 500', () => {
  let stack: TestStack;
  let client: ApiClient;
  let proxy: CuttableProxy;

  beforeAll(async () => {
    proxy = new CuttableProxy({ host: '127.0.0.1', port: 5432 });
    await proxy.open();
    stack = await startStack({
      label: 'unavailable',
      runner: false,
      databaseUrl: (direct) => throughProxy(proxy, direct),
    });
    client = (await stack.api.signup('unavailable')).client;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('while PostgreSQL cannot be reached, and serves again once it can', async () => {
    expect((await client.get('/targets')).status).toBe(200);
    await proxy.cut();
    const down = await client.raw('/targets');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(((await down.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
    // Probes: the pod is taken out of rotation (readiness) but not restarted (liveness).
    const ready = await client.get<{ status: string; database: { ok: boolean }; redis: { ok: boolean } }>('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'degraded', database: { ok: false }, redis: { ok: true } });
    expect((await client.get('/health/live')).status).toBe(200);
    await proxy.open(); // same port
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await client.get('/targets')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await client.get('/health/ready')).status).toBe(200);
  });

  it('check-script answers 503 at once when no runner is online', async () => {
    const check = await client.raw('/plans/check-script', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'export default function () {}' }),
    });
    expect(check.status).toBe(503);
    expect(check.headers.get('retry-after')).toBe('10');
    const body = (await check.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'SCRIPT_CHECK_UNAVAILABLE', message: expect.stringContaining('No runner is online') });
  });
});
