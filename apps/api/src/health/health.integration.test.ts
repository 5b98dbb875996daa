import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../test/stack.js';
import { CuttableProxy, throughProxy } from '../test/cuttable-proxy.js';
import { freePort } from '../test/free-port.js';

/**
 * GET /health answers anyone: whether each part is ok, and how many runners are online,
 * never which runners nor why a part failed (error texts carry addresses, ports and user
 * names). The details are for the operator, on the metrics port. The API's database goes
 * through a proxy this test cuts, so PostgreSQL "goes away" for this API alone.
 */
describe('health: ok or degraded per part in public, details on the metrics port', () => {
  let stack: TestStack;
  let proxy: CuttableProxy;
  let metricsPort: number;
  let runnerId: string;

  beforeAll(async () => {
    proxy = new CuttableProxy({ host: '127.0.0.1', port: 5432 });
    await proxy.open();
    metricsPort = await freePort();
    stack = await startStack({
      label: 'health',
      databaseUrl: (direct) => throughProxy(proxy, direct),
      env: { LOADLINE_METRICS_PORT: String(metricsPort) },
    });
    runnerId = stack.runner!.id;
  });

  afterAll(async () => {
    await stack?.close();
  });

  const publicHealth = async (path: string) => {
    const response = await fetch(`${stack.baseUrl}/api/v1${path}`);
    return { status: response.status, text: await response.text() };
  };
  const operatorHealth = async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/health`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('names no runner in public; the metrics port lists them', async () => {
    const health = await publicHealth('/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: 'ok', database: { ok: true }, redis: { ok: true }, runners: { live: 1 }, version: expect.any(String) });
    expect(health.text).not.toContain(runnerId);
    expect(await operatorHealth()).toEqual({
      status: 200,
      body: { status: 'ok', database: { ok: true }, redis: { ok: true }, runners: { live: 1, ids: [runnerId] }, version: expect.any(String) },
    });
  });

  it('while PostgreSQL is unreachable: 503 degraded, why only on the metrics port', async () => {
    await proxy.cut();
    try {
      for (const path of ['/health', '/health/ready']) {
        const health = await publicHealth(path);
        expect(health.status, path).toBe(503);
        const body = JSON.parse(health.text) as Record<string, unknown>;
        expect(body, path).toMatchObject({ status: 'degraded', database: { ok: false }, redis: { ok: true } });
        expect(body.database, path).toEqual({ ok: false });
        expect(body.redis, path).toEqual({ ok: true });
        expect(health.text, path).not.toMatch(/error|ECONN|127\.0\.0\.1|:\d{2,5}\b|loadline/i);
      }
      const details = await operatorHealth();
      expect(details.status).toBe(503);
      expect(details.body).toMatchObject({ status: 'degraded', database: { ok: false, error: expect.stringMatching(/./) }, runners: { ids: [runnerId] } });
    } finally {
      await proxy.open();
    }
  });
});
