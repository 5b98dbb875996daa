import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { deleteKeysWithPrefix, localRedisUrl, startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { ApiClient } from '../test/api-client.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../test/otlp-receiver.js';
import { probeFolder, startApiProcess, startRunnerProcess } from '../test/traced-processes.js';

const SERVER = 2;
const OTEL_MODULE = /@opentelemetry|import-in-the-middle|\/tracing\/dist\/sdk\.js$/;

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(localRedisUrl());
  try {
    await deleteKeysWithPrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

/**
 * The API and a runner as deployed (their own processes, the built code) with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a loopback receiver, one real run through k6, then
 * SIGTERM: what the receiver got is what a collector would have got.
 */
describe('OpenTelemetry traces, when an OTLP endpoint is set', () => {
  let db: TestDatabase;
  let receiver: OtlpReceiver;
  let target: LoopbackServer;
  let probe: Awaited<ReturnType<typeof probeFolder>>;
  const queuePrefix = `lltest-otel-${randomBytes(4).toString('hex')}`;
  const secrets: Record<string, string> = {};
  let run: RunView;
  let startRequestId: string;
  let apiModules: string[];
  let exits: (number | null)[];

  beforeAll(async () => {
    [db, receiver, target, probe] = await Promise.all([createTestDatabase('otel'), startOtlpReceiver(), startLoopbackServer(), probeFolder()]);
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
    // The API exports in short batches; the runner's batch would only leave after a minute, so
    // its spans reach the receiver through the flush at SIGTERM alone.
    const api = await startApiProcess({ databaseUrl: db.url, queuePrefix, env: { ...otel, OTEL_BSP_SCHEDULE_DELAY: '200' } }, probe);
    const runnerEnv = { ...otel, OTEL_BSP_SCHEDULE_DELAY: '60000' };
    const runner = await startRunnerProcess({ baseUrl: api.baseUrl, queuePrefix, id: `${queuePrefix}-runner`, env: runnerEnv }, probe);
    try {
      const client = new ApiClient(`${api.baseUrl}/api/v1`);
      const { client: owner } = await client.signup('otel');
      secrets.session = owner.token!;
      secrets.targetHeader = `target-secret-${randomBytes(8).toString('hex')}`;
      const created = await owner.post<TargetView>('/targets', { name: 't', baseUrl: target.url, headers: { 'X-Target-Key': secrets.targetHeader } });
      expect(created.status).toBe(201);
      const plan = await owner.post<PlanView>('/plans', {
        name: 'p',
        targetId: created.body.id,
        load: { executor: 'constant-vus', vus: 1, duration: '2s' },
        requests: [{ name: 'Get', path: '/traced' }],
      });
      startRequestId = `otel-start-${randomBytes(4).toString('hex')}`;
      const started = await owner.request<{ run: RunView }>('POST', `/plans/${plan.body.id}/runs`, undefined, { 'x-request-id': startRequestId });
      expect(started.status).toBe(202);
      run = await owner.waitForRun(started.body.run.id);

      const share = await owner.post<{ token: string }>(`/runs/${run.id}/share-links`, {});
      secrets.share = share.body.token;
      expect((await fetch(`${api.baseUrl}/api/v1/public/reports/${secrets.share}?token=${secrets.share}`)).status).toBe(200);
      const key = await owner.post<{ secret: string }>('/api-keys', { name: 'otel', role: 'VIEWER' });
      secrets.apiKey = key.body.secret;
      expect((await client.as(secrets.apiKey).get(`/runs/${run.id}`)).status).toBe(200);
      // Probes and /metrics are never traced.
      expect((await fetch(`${api.baseUrl}/api/v1/health/ready`)).status).toBe(200);
    } finally {
      apiModules = await api.resolved();
      exits = [await runner.stop(), await api.stop()];
    }
  });
  afterAll(async () => {
    await Promise.all([receiver?.close(), target?.close(), probe?.close()]);
    await db?.drop();
    await deleteKeys(queuePrefix);
  });

  const spans = (filter: (span: ReceivedSpan) => boolean) => receiver.spans.filter(filter);

  it('runs the plan and loads the SDK in the API (the loader probe sees it)', () => {
    expect(run.status).toBe('PASSED');
    expect(target.total()).toBeGreaterThan(0);
    expect(apiModules.some((url) => OTEL_MODULE.test(url))).toBe(true);
    // Both processes stopped on SIGTERM after the flush, as in a rollout.
    expect(exits).toEqual([0, expect.toSatisfy((code: number | null) => code === null || code === 0)]);
  });

  it('exports HTTP server spans named by route template, with the status and the request id', () => {
    const [start] = spans((span) => span.kind === SERVER && span.attributes['loadline.request_id'] === startRequestId);
    expect(start).toBeDefined();
    expect(start!.service).toBe('loadline-api');
    expect(start!.name).toBe('POST /api/v1/plans/:id/runs');
    expect(start!.attributes['http.route']).toBe('/api/v1/plans/:id/runs');
    expect(start!.attributes['http.response.status_code']).toBe(202);
    expect(start!.attributes['url.path']).toBe('/api/v1/plans/:id/runs');

    const publicReport = spans((span) => span.kind === SERVER && span.attributes['http.route'] === '/api/v1/public/reports/:token');
    expect(publicReport).toHaveLength(1);
    expect(publicReport[0]!.name).toBe('GET /api/v1/public/reports/:token');
    expect(publicReport[0]!.attributes['http.response.status_code']).toBe(200);
    expect(publicReport[0]!.attributes['url.query']).toBe('token=REDACTED');

    // The queueing happened inside the request: pg (Prisma's adapter) and Redis spans of that trace.
    const inRequest = spans((span) => span.traceId === start!.traceId);
    expect(inRequest.some((span) => span.attributes['db.system.name'] === 'postgresql' || span.attributes['db.system'] === 'postgresql')).toBe(true);
    expect(inRequest.some((span) => span.attributes['db.system.name'] === 'redis' || span.attributes['db.system'] === 'redis')).toBe(true);
  });

  it('never exports the share token, the API key, the session token or the target header', () => {
    expect(receiver.bodies.length).toBeGreaterThan(0);
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(10);
      const leaked = receiver.bodies.filter((body) => body.includes(secret));
      expect(leaked, `${what} in an export`).toEqual([]);
    }
    // Nor the queued job itself (its sealed target secrets) through a Redis command's arguments.
    expect(receiver.bodies.filter((body) => /secrets\\*"\s*:\s*\\*"v1:/.test(body))).toEqual([]);
    expect(receiver.bodies.some((body) => body.includes(run.id))).toBe(true);
  });

  it('does not trace probes', () => {
    expect(spans((span) => String(span.attributes['http.route'] ?? span.attributes['url.path'] ?? '').includes('/health'))).toEqual([]);
  });

  it('makes the run one trace: the runner’s segment span is a child of the API’s queueing span', () => {
    const queued = spans((span) => span.name === 'run.queue' && span.attributes['loadline.run.id'] === run.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.service).toBe('loadline-api');
    const segment = spans((span) => span.name === 'segment.execute' && span.attributes['loadline.run.id'] === run.id);
    expect(segment).toHaveLength(1);
    expect(segment[0]!.service).toBe('loadline-runner');
    expect(segment[0]!.traceId).toBe(queued[0]!.traceId);
    expect(segment[0]!.parentSpanId).toBe(queued[0]!.spanId);
    expect(segment[0]!.attributes).toMatchObject({ 'loadline.segment.index': 0, 'loadline.k6.exit_code': 0, 'loadline.segment.outcome': 'completed' });
    // The per-second result sends are not traced: the runner's spans are the segment and a few
    // Redis commands, not one per second.
    const runnerSpans = spans((span) => span.service === 'loadline-runner');
    expect(runnerSpans.length).toBeLessThan(40);
  });
});

describe('OpenTelemetry traces over the default protocol', () => {
  it('sends OTLP/protobuf to /v1/traces when no protocol is named, under OTEL_SERVICE_NAME, flushed at SIGTERM', async () => {
    const [db, receiver, probe] = await Promise.all([createTestDatabase('otelproto'), startOtlpReceiver(), probeFolder()]);
    const queuePrefix = `lltest-otelproto-${randomBytes(4).toString('hex')}`;
    try {
      // A minute between batches: what arrives was sent by the flush at SIGTERM.
      const env = { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`, OTEL_SERVICE_NAME: 'api-eu-1', OTEL_BSP_SCHEDULE_DELAY: '60000' };
      const api = await startApiProcess({ databaseUrl: db.url, queuePrefix, env }, probe);
      try {
        const { client } = await new ApiClient(`${api.baseUrl}/api/v1`).signup('otelproto');
        expect((await client.get('/plans')).status).toBe(200);
        expect(receiver.requests).toBe(0);
      } finally {
        await api.stop();
      }
      expect(receiver.received.length).toBeGreaterThan(0);
      expect(receiver.received.every((request) => request.path === '/v1/traces' && request.contentType === 'application/x-protobuf')).toBe(true);
      const all = receiver.bodies.join('');
      expect(all).toContain('GET /api/v1/plans');
      expect(all).toContain('api-eu-1');
      expect(all).not.toContain('loadline-api');
    } finally {
      await Promise.all([receiver.close(), probe.close()]);
      await db.drop();
      await deleteKeys(queuePrefix);
    }
  });
});

describe('OpenTelemetry traces, when no OTLP endpoint is set', () => {
  it('loads no OpenTelemetry module and sends nothing', async () => {
    const [db, receiver, probe] = await Promise.all([createTestDatabase('nootel'), startOtlpReceiver(), probeFolder()]);
    const queuePrefix = `lltest-nootel-${randomBytes(4).toString('hex')}`;
    try {
      // The receiver is there (as a collector could be), but nothing names it.
      const api = await startApiProcess({ databaseUrl: db.url, queuePrefix, env: { OTEL_BSP_SCHEDULE_DELAY: '200' } }, probe);
      let modules: string[];
      try {
        const { client } = await new ApiClient(`${api.baseUrl}/api/v1`).signup('nootel');
        expect((await client.get('/plans')).status).toBe(200);
        modules = await api.resolved();
      } finally {
        await api.stop();
      }
      // The probe saw the app's own modules, so its silence about OpenTelemetry means something.
      expect(modules.some((url) => url.endsWith('/apps/api/dist/bootstrap.js'))).toBe(true);
      expect(modules.filter((url) => OTEL_MODULE.test(url))).toEqual([]);
      expect(receiver.requests).toBe(0);
    } finally {
      await Promise.all([receiver.close(), probe.close()]);
      await db.drop();
      await deleteKeys(queuePrefix);
    }
  });
});
