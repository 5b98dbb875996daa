import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSpecSchema, type RunExecutePayload, type TelemetryCatalog, type TelemetryJobSource, type TelemetrySecond } from '@loadline/shared';
import { sealJobSecrets, TypedProducer, type Job } from '@loadline/shared/queue';
import { TEST_RUNNER_KEY, deleteKeysWithPrefix, localRedisUrl, startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { parseRunnerEnv } from '../env.js';
import { SegmentExecutor } from '../segment-executor.js';
import { ClockOffset } from '../clock-offset.js';
import { DispatchHarness } from '../test/dispatch-harness.js';
import {
  refusingPort,
  startAnsweringSource,
  startExporter,
  startHugeSource,
  startServiceMetrics,
  type ControlledServer,
  type Exporter,
  type ServiceMetrics,
} from '../test/metric-sources.js';

const REDIS_URL = localRedisUrl();
const TOKEN = 'api-metrics-token-5c1e';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A real segment (real k6, real Redis) against a loopback target, with the target's metric
 * sources: a service whose CPU follows the requests in flight and which restarts twice at
 * moments the test picks, real node and process exporters from Debian, and four sources that
 * break a bound each. What the runner sent is read back from the results queue.
 */
describe('telemetry of a real run', () => {
  const prefix = `lltest-telemetry-${randomUUID().slice(0, 8)}`;
  let redis: Redis;
  let results: TypedProducer<'results'>;
  let executor: SegmentExecutor;
  let harness: DispatchHarness;
  let workdir: string;
  let target: LoopbackServer;
  let service: ServiceMetrics;
  let nodeExporter: Exporter;
  let processExporter: Exporter;
  let huge: ControlledServer & { written(): number };
  let elsewhere: ServiceMetrics;
  let moved: ControlledServer;
  let slow: ControlledServer;
  let refused: number;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    harness = new DispatchHarness(REDIS_URL, prefix);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    results = new TypedProducer('results', redis, { prefix });
    workdir = await mkdtemp(path.join(os.tmpdir(), 'loadline-telemetry-'));
    const env = parseRunnerEnv({
      REDIS_URL,
      LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY,
      LOADLINE_QUEUE_PREFIX: prefix,
      LOADLINE_RUNNER_ID: 'telemetry-runner',
      LOADLINE_RUNNER_WORKDIR: workdir,
    });
    executor = new SegmentExecutor(env, results, pino({ level: 'silent' }), new ClockOffset());
    // Each request takes 100 ms: at 20 a second, about 2 in flight, each worth half a core.
    target = await startLoopbackServer(() => ({ status: 200, delayMs: 100 }));
    service = await startServiceMetrics({ inFlight: () => target.inFlight(), coresPerRequest: 0.5, token: TOKEN });
    nodeExporter = await startExporter('/usr/bin/prometheus-node-exporter', (port) => [`--web.listen-address=127.0.0.1:${port}`]);
    processExporter = await startExporter('/usr/bin/prometheus-process-exporter', (port) => [`-web.listen-address=127.0.0.1:${port}`, '-procnames=node']);
    huge = await startHugeSource(50 * 1024 * 1024);
    elsewhere = await startServiceMetrics({ inFlight: () => 0, coresPerRequest: 1, host: '127.0.0.2' });
    moved = await startAnsweringSource({ status: 301, location: `http://127.0.0.2:${elsewhere.port}/metrics` });
    slow = await startAnsweringSource({ status: 200, delayMs: 5_000 });
    refused = await refusingPort('127.0.0.9');
    closers.push(target.close, service.close, nodeExporter.close, processExporter.close, huge.close, elsewhere.close, moved.close, slow.close);
  });

  afterAll(async () => {
    for (const close of closers) await close().catch(() => undefined);
    await results?.queue.obliterate({ force: true }).catch(() => undefined);
    await results?.close();
    harness?.close();
    await deleteKeysWithPrefix(redis, prefix);
    redis?.disconnect();
    await rm(workdir, { recursive: true, force: true });
  });

  const source = (name: string, url: string, extra: Partial<TelemetryJobSource> = {}): TelemetryJobSource => ({
    name,
    kind: 'scrape',
    url,
    addresses: ['127.0.0.1'],
    presets: [],
    selectors: [],
    queries: [],
    stepSeconds: 1,
    ...extra,
  });

  function job(runId: string): RunExecutePayload {
    return {
      runId,
      tenantId: 'tenant-1',
      planName: 'telemetry',
      planVersion: 1,
      segment: { index: 0, count: 1 },
      spec: planSpecSchema.parse({
        load: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '14s', preAllocatedVUs: 6 },
        requests: [{ name: 'Root', path: '/' }],
      }),
      target: {
        baseUrl: target.url,
        secrets: sealJobSecrets(TEST_RUNNER_KEY, runId, { headers: {}, variables: {}, telemetry: { api: { type: 'bearer', token: TOKEN } } }),
      },
      policy: { blacklistIPs: [], blockHostnames: [] },
      deadlineSeconds: 60,
      telemetry: [
        // A name the runner never resolves: only its pinned address is used.
        source('api', `http://api.metrics.invalid:${service.port}/metrics`, { presets: ['process'], cpuCores: 2 }),
        source('node', `${nodeExporter.url}/metrics`, { presets: ['node'] }),
        source('procs', `${processExporter.url}/metrics`, { selectors: ['namedprocess_namegroup_num_procs'] }),
        source('down', `http://127.0.0.9:${refused}/metrics`, { addresses: ['127.0.0.9'], presets: ['process'] }),
        source('huge', `${huge.url}/metrics`, { presets: ['process'] }),
        source('moved', `${moved.url}/metrics`, { presets: ['process'] }),
        source('slow', `${slow.url}/metrics`, { presets: ['process'] }),
      ],
    };
  }

  async function published(runId: string) {
    const jobs = (await results.queue.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'])) as Job[];
    const mine = jobs.filter((entry) => entry.data.runId === runId);
    const of = (name: string) => mine.filter((entry) => entry.name === name);
    return {
      jobs: mine,
      seconds: of('segment.second')
        .map((entry) => entry.data.sample as { t: number; requests: { count: number }[] })
        .sort((a, b) => a.t - b.t),
      finished: of('segment.finished').map((entry) => entry.data),
      telemetry: of('telemetry.second')
        .map((entry) => entry.data.sample as TelemetrySecond)
        .sort((a, b) => a.t - b.t),
      catalogs: of('telemetry.catalog').map((entry) => ({ id: entry.id!, catalog: entry.data.catalog as TelemetryCatalog })),
    };
  }

  it('reads every source through baseline, load and recovery; the broken ones are reported in words and change nothing else', async () => {
    const runId = `run-${randomUUID()}`;
    // The two restarts, at moments the test picks once the load has begun.
    const restarts: number[] = [];
    let watching = true;
    const restarter = (async () => {
      while (watching && target.total() === 0) await sleep(20);
      if (!watching) return;
      await sleep(4_000);
      restarts.push(service.restart());
      await sleep(4_000);
      restarts.push(service.restart());
    })();
    await harness.executeAlone(executor, job(runId));
    watching = false;
    await restarter;

    const { jobs, seconds, finished, telemetry, catalogs } = await published(runId);
    // The run itself: completed, every request k6 counted reached the target.
    expect(finished).toEqual([expect.objectContaining({ outcome: 'completed', error: null, secondsSent: seconds.length })]);
    const requests = seconds.reduce((sum, second) => sum + second.requests.reduce((n, r) => n + r.count, 0), 0);
    expect(requests).toBe(target.total());
    expect(requests).toBeGreaterThanOrEqual(14 * 20 - 5);
    const loadStart = seconds[0]!.t;
    const loadEnd = seconds.at(-1)!.t;

    const of = (name: string) => telemetry.filter((second) => second.source === name);
    const catalogOf = (name: string) =>
      catalogs
        .filter((entry) => entry.catalog.source === name)
        .sort((a, b) => a.id.localeCompare(b.id))
        .at(-1)?.catalog;

    // The service: a baseline before the load (at most 5 s), every second to 10 s after it.
    const api = of('api');
    const ts = api.map((second) => second.t);
    expect(ts).toEqual(Array.from({ length: ts.length }, (_, i) => ts[0]! + i));
    expect(ts[0]).toBeLessThan(loadStart);
    expect(ts[0]).toBeGreaterThanOrEqual(loadStart - 5);
    expect(ts.at(-1)).toBeGreaterThanOrEqual(loadEnd + 9);
    expect(api.every((second) => !second.error)).toBe(true);
    const apiCatalog = catalogOf('api')!;
    expect(apiCatalog).toMatchObject({ kind: 'scrape', cpuCores: 2 });
    const cpuKey = apiCatalog.series.find((series) => series.role === 'cpu_cores')!.key;
    const startKey = apiCatalog.series.find((series) => series.role === 'start_time')!.key;
    // CPU followed the requests in flight: about 1 core (2 in flight x 0.5) under load, none before or after.
    const cpuAt = (from: number, to: number) => api.filter((s) => s.t >= from && s.t <= to && s.values[cpuKey] !== undefined).map((s) => s.values[cpuKey]!);
    const loaded = cpuAt(loadStart + 1, loadEnd - 1);
    expect(loaded.reduce((sum, value) => sum + value, 0) / loaded.length).toBeGreaterThan(0.6);
    for (const value of cpuAt(ts[0]!, loadStart - 1)) expect(value).toBe(0);
    for (const value of cpuAt(loadEnd + 3, ts.at(-1)!)) expect(value).toBe(0);
    // Both restarts, each read within a second of when the test made it.
    const starts = api.map((second) => second.values[startKey]);
    const changed = ts.filter((_, i) => i > 0 && starts[i] !== starts[i - 1]);
    expect(restarts).toHaveLength(2);
    expect(changed).toHaveLength(2);
    changed.forEach((t, i) => expect([Math.floor(restarts[i]!), Math.floor(restarts[i]!) + 1]).toContain(t));

    // Real exporters: read on every second of the same window, with values.
    for (const name of ['node', 'procs']) {
      const read = of(name);
      expect(read.map((second) => second.t)).toEqual(ts);
      expect(read.filter((second) => second.error)).toEqual([]);
      expect(catalogOf(name)!.series.length).toBeGreaterThan(0);
      expect(read.filter((second) => Object.keys(second.values).length > 0).length).toBeGreaterThan(ts.length - 2);
    }
    expect(catalogOf('node')!.series.map((series) => series.role)).toEqual(expect.arrayContaining(['cpu_cores', 'memory_bytes', 'load1']));
    const procsKey = catalogOf('procs')!.series[0]!.key;
    expect(of('procs').at(-1)!.values[procsKey]).toBeGreaterThanOrEqual(1);

    // The four broken sources: each second of the window says why, in words, with nothing kept.
    const failures = {
      down: { code: 'REFUSED', message: `connection refused at 127.0.0.9:${refused}` },
      huge: { code: 'TOO_LARGE', message: `127.0.0.1:${huge.port} answered more than 8 MB; the read was cut off there` },
      moved: {
        code: 'REDIRECT',
        message: `127.0.0.1:${moved.port} answered 301 redirecting to http://127.0.0.2:${elsewhere.port}/metrics; redirects are not followed`,
      },
      slow: { code: 'TIMEOUT', message: `no complete answer from 127.0.0.1:${slow.port} within 2 s` },
    };
    for (const [name, error] of Object.entries(failures)) {
      const read = of(name);
      expect(read.map((second) => second.t)).toEqual(ts);
      for (const second of read) expect({ name, values: second.values, error: second.error }).toEqual({ name, values: {}, error });
    }
    // Nothing followed; the huge answer was not read to its end on any of its reads.
    expect(elsewhere.requests()).toBe(0);
    expect(huge.written()).toBeLessThan(huge.requests() * 25 * 1024 * 1024);
    // Bounded on the way out: no telemetry job near the size of what a source answered.
    for (const entry of jobs) expect(JSON.stringify(entry.data).length).toBeLessThan(64 * 1024);
    // The credentials reached the service only.
    expect(new Set(service.authorizations)).toEqual(new Set([`Bearer ${TOKEN}`]));
    expect(JSON.stringify(jobs.map((entry) => entry.data))).not.toContain(TOKEN);
  });

  it('a run cancelled under load stops reading its sources at once: no recovery is waited for', async () => {
    const runId = `run-${randomUUID()}`;
    const cancelled = { ...job(runId), telemetry: job(runId).telemetry!.filter((one) => one.name === 'api') };
    const execution = harness.executeAlone(executor, cancelled);
    const before = target.total();
    while (target.total() - before < 40) await sleep(50);
    const cancelledAt = Date.now();
    await harness.stop(runId, 'cancelled');
    await execution;
    const requestsAtEnd = service.requests();

    const { finished, telemetry } = await published(runId);
    expect(finished).toEqual([expect.objectContaining({ outcome: 'cancelled' })]);
    const ts = telemetry.map((second) => second.t);
    expect(ts.length).toBeGreaterThan(2);
    expect(ts).toEqual(Array.from({ length: ts.length }, (_, i) => ts[0]! + i));
    // Read up to the stop (k6's graceful stop takes a few seconds), never through a recovery.
    expect(ts.at(-1)).toBeLessThan(Math.floor(cancelledAt / 1000) + 8);
    await sleep(1_500);
    expect(service.requests()).toBe(requestsAtEnd);
  });
});
