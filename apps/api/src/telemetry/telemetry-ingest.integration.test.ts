import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import {
  TELEMETRY_LIMITS,
  telemetryFindings,
  type MetricSourceView,
  type PlanView,
  type RunSeries,
  type RunTelemetry,
  type RunView,
  type TargetView,
  type TelemetryCatalog,
  type TelemetryFindingsInput,
  type TelemetrySecond,
} from '@loadline/shared';
import { TypedProducer } from '@loadline/shared/queue';
import { TEST_REDIS_URL, startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { sampleSecond } from '../test/fake-runner.js';
import { eventually } from '../test/eventually.js';
import { followEvents } from '../test/sse.js';

/**
 * What the API does with the telemetry the runner of segment 0 sends (queue "results", jobs
 * telemetry.catalog and telemetry.second), played by hand as the runner sends it: stored only
 * for the sources the run was started with, within its window, at most
 * TELEMETRY_LIMITS.maxKeptSeries series per source, idempotent; shown per source, handed to the
 * findings when the run ends, exported and shared without addresses. And what a run-minute
 * costs in PostgreSQL, measured and printed.
 */
describe('telemetry ingest (real PostgreSQL and Redis, results sent as a runner would)', () => {
  let stack: TestStack;
  let client: ApiClient;
  let redis: Redis;
  let results: TypedProducer<'results'>;
  let target: TargetView;

  beforeAll(async () => {
    stack = await startStack({ label: 'telemetry-ingest', runner: false });
    client = (await stack.api.signup('telemetry')).client;
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    results = new TypedProducer('results', redis, { prefix: stack.queuePrefix, defaultJobOptions: { removeOnComplete: true } });
    target = (await client.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    for (const [name, port] of [
      ['api', 9100],
      ['worker', 9101],
      ['db', 9187],
    ] as const) {
      const created = await client.post<MetricSourceView>(`/targets/${target.id}/sources`, { kind: 'scrape', name, url: `http://127.0.0.1:${port}/metrics` });
      expect(created.status).toBe(201);
    }
  });

  afterAll(async () => {
    await results?.close();
    redis?.disconnect();
    await stack?.close();
  });

  let plans = 0;
  async function startRun(duration: string): Promise<RunView> {
    const plan = await client.post<PlanView>('/plans', {
      name: `plan ${++plans}`,
      targetId: target.id,
      load: { executor: 'constant-vus', vus: 2, duration },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 100 }],
    });
    return (await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`)).body.run;
  }

  const second = (t: number, source: string, values: Record<string, number>, error?: TelemetrySecond['error']): TelemetrySecond => ({
    v: 1,
    t,
    source,
    values,
    ...(error ? { error } : {}),
  });

  it('stores what the sources said, bounded and idempotent, shows it per source and hands it to the findings', async () => {
    const run = await startRun('5s');
    const drained = () =>
      eventually(
        () => results.queue.getJobCounts('waiting', 'active', 'delayed'),
        (counts) => (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0) === 0,
      );
    const t0 = Math.floor(Date.now() / 1000);
    const ADDRESS_KEY = 'up{instance="10.1.2.3:9100"}';
    const catalog: TelemetryCatalog = {
      source: 'api',
      kind: 'scrape',
      cpuCores: 4,
      series: [
        { key: 'cpu', kind: 'rate', role: 'cpu_cores', unit: 'cores' },
        { key: 'rss', kind: 'gauge', role: 'memory_bytes', unit: 'bytes' },
        { key: 'process_start_time_seconds', kind: 'gauge', role: 'start_time', unit: 'seconds' },
        { key: ADDRESS_KEY, kind: 'gauge', unit: 'none' },
      ],
    };
    await results.add('telemetry.catalog', { runId: run.id, catalog });
    // The catalog stored first, as a runner sends it: a second that overtakes it (consumers run
    // in parallel) is kept whole, which telemetry-minute.test.ts covers; here every value is rounded.
    await drained();
    // Sent values and what is kept of them: 4 significant digits, start times whole.
    const cpu = [0.5, 0.625, 0.75, 1.25, 2];
    const apiSeconds = cpu.map((cores, i) => ({
      sent: second(t0 + i, 'api', { cpu: cores, rss: 123_456_789 + i, process_start_time_seconds: 1_764_205_123, [ADDRESS_KEY]: 1, notInCatalog: 7 }),
      kept: second(t0 + i, 'api', { cpu: cores, rss: 123_500_000, process_start_time_seconds: 1_764_205_123, [ADDRESS_KEY]: 1 }),
    }));
    const workerFailed = second(t0 + 2, 'worker', {}, { code: 'REFUSED', message: 'connection refused by 127.0.0.1:9101' });
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`series_${String(i).padStart(2, '0')}`, i]));
    const telemetry: TelemetrySecond[] = [...apiSeconds.map((entry) => entry.sent), workerFailed, second(t0 + 1, 'db', many)];
    // Everything twice (a redelivery), backwards; plus what must not be stored.
    for (const sample of [...telemetry, ...telemetry].reverse()) await results.add('telemetry.second', { runId: run.id, sample });
    await results.add('telemetry.second', { runId: run.id, sample: second(t0, 'intruder', { cpu: 1 }) });
    await results.add('telemetry.catalog', { runId: run.id, catalog: { source: 'intruder', kind: 'scrape', series: [] } });
    await results.add('telemetry.second', { runId: run.id, sample: second(t0 - 3_600, 'api', { cpu: 9 }) });
    await results.add('telemetry.second', { runId: run.id, sample: second(t0 + 86_400, 'api', { cpu: 9 }) });

    // Read once every job is consumed, the stray ones (queued after the rest) too.
    await eventually(
      async () => (await client.get<RunTelemetry>(`/runs/${run.id}/telemetry`)).body,
      (body) => body.sources.length === 3 && body.sources.reduce((sum, source) => sum + source.t.length, 0) === 7,
    );
    await drained();
    const view = (await client.get<RunTelemetry>(`/runs/${run.id}/telemetry`)).body;
    // Delivered once more (a runner's retry): nothing changes.
    for (const sample of telemetry) await results.add('telemetry.second', { runId: run.id, sample });
    await drained();
    const after = (await client.get<RunTelemetry>(`/runs/${run.id}/telemetry`)).body;
    expect(after).toEqual(view);
    expect(view.sources.map((source) => source.source)).toEqual(['api', 'db', 'worker']);
    const api = view.sources[0]!;
    expect(api.t).toEqual([t0, t0 + 1, t0 + 2, t0 + 3, t0 + 4]);
    expect(api.cpuCores).toBe(4);
    expect(api.series.map((series) => [series.key, series.role ?? null, series.values])).toEqual([
      ['cpu', 'cpu_cores', cpu],
      ['rss', 'memory_bytes', [123_500_000, 123_500_000, 123_500_000, 123_500_000, 123_500_000]],
      ['process_start_time_seconds', 'start_time', [1_764_205_123, 1_764_205_123, 1_764_205_123, 1_764_205_123, 1_764_205_123]],
      [ADDRESS_KEY, null, [1, 1, 1, 1, 1]],
    ]);
    const db = view.sources[1]!;
    expect(db.series).toHaveLength(TELEMETRY_LIMITS.maxKeptSeries);
    expect(db.series.map((series) => series.key)).toEqual(Object.keys(many).slice(0, TELEMETRY_LIMITS.maxKeptSeries));
    expect(view.sources[2]).toMatchObject({
      source: 'worker',
      t: [t0 + 2],
      errors: [{ t: t0 + 2, code: 'REFUSED', message: 'connection refused by 127.0.0.1:9101' }],
    });
    const rows = await stack.db.query<{ source: string; minute: number }>(
      'SELECT source, minute FROM "RunTelemetryMinute" WHERE "runId" = $1 ORDER BY source, minute',
      [run.id],
    );
    const minutes = (from: number, to: number) => [...new Set([Math.floor(from / 60), Math.floor(to / 60)])];
    expect(rows).toEqual([
      ...minutes(t0, t0 + 4).map((minute) => ({ source: 'api', minute })),
      { source: 'db', minute: Math.floor((t0 + 1) / 60) },
      { source: 'worker', minute: Math.floor((t0 + 2) / 60) },
    ]);

    // The load, then its end: the findings read the sources beside it.
    const at = new Date().toISOString();
    await results.add('segment.started', { runId: run.id, segmentIndex: 0, runnerId: 'fake', phase: 'RUNNING', at });
    for (let i = 0; i < 5; i++) {
      await results.add('segment.second', {
        runId: run.id,
        segmentIndex: 0,
        sample: sampleSecond(
          t0 + i,
          Array.from({ length: 10 }, () => 5 + i),
        ),
        generator: null,
      });
    }
    await results.add('segment.finished', {
      runId: run.id,
      segmentIndex: 0,
      runnerId: 'fake',
      outcome: 'completed',
      exitCode: 0,
      error: null,
      secondsSent: 5,
      at,
    });
    const done = await client.waitForRun(run.id, 30_000);
    // Judged on its load (50 requests: too few for a p95 verdict); the telemetry never decides it.
    expect(['PASSED', 'INCONCLUSIVE']).toContain(done.status);
    const points = (await client.get<RunSeries>(`/runs/${run.id}/series`)).body.points;
    const input: TelemetryFindingsInput = {
      loadStart: t0,
      loadEnd: t0 + 4,
      sources: [
        { catalog, seconds: apiSeconds.map((entry) => entry.kept) },
        {
          catalog: { source: 'db', kind: 'scrape', series: [] },
          seconds: [second(t0 + 1, 'db', Object.fromEntries(Object.entries(many).slice(0, TELEMETRY_LIMITS.maxKeptSeries)))],
        },
        { catalog: { source: 'worker', kind: 'scrape', series: [] }, seconds: [workerFailed] },
      ],
      load: points.map((point) => ({ t: point.t, vus: point.vus, rps: point.rps, p95: point.p95, errorRate: point.errorRate })),
      generator: [],
      phases: [{ name: 'default', start: t0, end: t0 + 5 }],
      knee: null,
    };
    expect(done.telemetry).not.toBeNull();
    expect(done.telemetry).toEqual(JSON.parse(JSON.stringify(telemetryFindings(input))));

    // Exports carry the seconds (JSON) and a row per series (CSV).
    const json = JSON.parse(await (await client.raw(`/runs/${run.id}/export?format=json`)).text());
    expect(json.telemetry).toEqual(done.telemetry);
    expect(json.telemetrySeries).toEqual(after);
    const csv = await (await client.raw(`/runs/${run.id}/export?format=csv`)).text();
    expect(csv).toContain('\napi cpu,5,,,,1.025,0.5,,,,,2,');
    expect(csv).toMatch(/\napi rss,5,.*telemetry:gauge:bytes,123500000\n/);

    // The share page: names, keys and values, no address (a key's label value included).
    const share = await client.post(`/runs/${run.id}/share-links`, {});
    expect(share.status).toBe(201);
    const page = await stack.api.get(`/public/reports/${share.body.token}`);
    expect(page.status).toBe(200);
    expect(page.body.telemetry.sources.map((source: { source: string }) => source.source)).toEqual(['api', 'db', 'worker']);
    expect(page.body.telemetry.sources[0].series[3].key).toBe('up{instance="<address>"}');
    expect(page.body.telemetry.sources[2].errors[0].message).toBe('connection refused by <address>');
    const text = JSON.stringify(page.body);
    expect(text).not.toMatch(/127\.0\.0\.1|10\.1\.2\.3|\/metrics|http:/);
  });

  it('still reads a minute stored as version 1 (JSON text), and packs it when a second joins it', async () => {
    const run = await startRun('5s');
    // Two seconds of one minute, within the run's window.
    const now = Math.floor(Date.now() / 1000);
    const t0 = now % 60 === 59 ? now - 1 : now;
    const minute = Math.floor(t0 / 60);
    await results.add('telemetry.catalog', {
      runId: run.id,
      catalog: { source: 'api', kind: 'scrape', series: [{ key: 'cpu', kind: 'rate', role: 'cpu_cores', unit: 'cores' }] },
    });
    // A row as the release before wrote it: the JSON text of the minute.
    const v1 = { v: 1, keys: ['cpu'], at: [t0 % 60], values: [Array.from({ length: 60 }, (_, i) => (i === t0 % 60 ? 1.5 : null))], errors: [] };
    await stack.db.query(
      `INSERT INTO "RunTelemetryMinute" ("runId", "tenantId", source, minute, data)
         SELECT id, "tenantId", 'api', $2, convert_to($3, 'UTF8') FROM "Run" WHERE id = $1`,
      [run.id, minute, JSON.stringify(v1)],
    );
    expect((await client.get<RunTelemetry>(`/runs/${run.id}/telemetry`)).body.sources[0]).toMatchObject({
      source: 'api',
      t: [t0],
      series: [{ key: 'cpu', values: [1.5] }],
    });
    await results.add('telemetry.second', { runId: run.id, sample: second(t0 + 1, 'api', { cpu: 2.25 }) });
    const view = await eventually(
      async () => (await client.get<RunTelemetry>(`/runs/${run.id}/telemetry`)).body.sources[0]!,
      (api) => api.t.length === 2,
    );
    expect(view).toMatchObject({ t: [t0, t0 + 1], series: [{ key: 'cpu', values: [1.5, 2.25] }] });
    const [stored] = await stack.db.query<{ first: number }>(`SELECT get_byte(data, 0) AS first FROM "RunTelemetryMinute" WHERE "runId" = $1`, [run.id]);
    expect(stored!.first).toBe(2);
    await client.post(`/runs/${run.id}/cancel`);
  });

  it("tells the run's live viewers when the target's metrics have new seconds (a `telemetry` event)", async () => {
    const run = await startRun('5s');
    const stream = followEvents(`${stack.api.base}/runs/${run.id}/events`, client.token!);
    try {
      // The run waits for a runner (there is none): progress every second, nothing of its telemetry yet.
      await eventually(
        () => stream.events.filter((event) => event.event === 'progress').length,
        (count) => count >= 2,
      );
      expect(stream.events.filter((event) => event.event === 'telemetry')).toEqual([]);
      await results.add('telemetry.second', { runId: run.id, sample: second(Math.floor(Date.now() / 1000), 'api', { cpu: 1 }) });
      const told = await eventually(
        () => stream.events.filter((event) => event.event === 'telemetry'),
        (events) => events.length > 0,
      );
      expect(told[0]!.data).toEqual({ runId: run.id });
      expect((await client.get<RunTelemetry>(`/runs/${run.id}/telemetry`)).body.sources[0]!.t).toHaveLength(1);
    } finally {
      stream.close();
      await client.post(`/runs/${run.id}/cancel`);
    }
  });

  it('keeps a run-minute of 3 sources small (measured and printed)', async () => {
    // Every series moves every second (deterministic noise at its own scale): the worst case
    // for compression; real series (limits, start times, steady gauges) store smaller.
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    async function measure(seriesPerSource: number): Promise<{ rows: number; bytes: number; perMinute: number }> {
      const run = await startRun('10m');
      const minutes = 3;
      const t0 = Math.ceil(Date.now() / 1000 / 60) * 60;
      const levels = Array.from({ length: seriesPerSource }, (_, k) => 10 ** (k % 9));
      for (const source of ['api', 'worker', 'db']) {
        // As the runner does: the catalog before the seconds it describes.
        const series = levels.map((_, k) => ({ key: `metric_${k}{pod="p-${k % 3}"}`, kind: 'gauge' as const, unit: 'none' as const }));
        await results.add('telemetry.catalog', { runId: run.id, catalog: { source, kind: 'scrape', series } });
        await eventually(
          async () =>
            (
              await stack.db.query<{ n: string }>(`SELECT count(*) AS n FROM "RunTelemetrySource" WHERE "runId" = $1 AND source = $2 AND catalog IS NOT NULL`, [
                run.id,
                source,
              ])
            )[0]!.n,
          (n) => n === '1',
          10_000,
        );
        for (let i = 0; i < minutes * 60; i++) {
          const values = Object.fromEntries(levels.map((level, k) => [`metric_${k}{pod="p-${k % 3}"}`, level * (1 + random())]));
          await results.add('telemetry.second', { runId: run.id, sample: second(t0 + i, source, values) });
        }
      }
      await eventually(
        async () => (await client.get<RunTelemetry>(`/runs/${run.id}/telemetry`)).body.sources.reduce((sum, source) => sum + source.t.length, 0),
        (count) => count === 3 * minutes * 60,
        60_000,
      );
      // As stored: the row's columns (the data as PostgreSQL keeps it), its header and line
      // pointer (28 bytes), its primary-key entry (the key and 8 bytes of index tuple header),
      // and, for data moved out of line (a row over ~2 KB), each TOAST chunk of up to 1,996
      // bytes: its tuple header, chunk id, number and length word, line pointer and index entry (64 bytes).
      const [size] = await stack.db.query<{ rows: string; bytes: string }>(
        `SELECT count(*) AS rows,
                sum(pg_column_size(data) + 2 * pg_column_size("runId") + 2 * pg_column_size(source) + pg_column_size("tenantId") + 4 + 4 + 28 + 8
                    + CASE WHEN pg_column_size(data) > 2000 THEN ceil(pg_column_size(data) / 1996.0) * 64 ELSE 0 END) AS bytes
           FROM "RunTelemetryMinute" WHERE "runId" = $1`,
        [run.id],
      );
      const bytes = Number(size!.bytes);
      await client.post(`/runs/${run.id}/cancel`);
      return { rows: Number(size!.rows), bytes, perMinute: bytes / minutes };
    }
    const typical = await measure(16);
    const most = await measure(TELEMETRY_LIMITS.maxKeptSeries);
    console.log(
      `telemetry storage: 3 sources x 16 series: ${(typical.perMinute / 1024).toFixed(1)} KB per run-minute (${typical.rows} rows); ` +
        `3 sources x ${TELEMETRY_LIMITS.maxKeptSeries} series (the most kept): ${(most.perMinute / 1024).toFixed(1)} KB per run-minute (${most.rows} rows)`,
    );
    expect(typical.rows).toBe(9);
    expect(most.rows).toBe(9);
    // The budget: at most 20 KB per run-minute for 3 sources, even when each keeps the
    // most series it may and every one of them moves every second.
    expect(typical.perMinute).toBeLessThanOrEqual(20 * 1024);
    expect(most.perMinute).toBeLessThanOrEqual(20 * 1024);
  }, 120_000);
});
