import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryCatalog, TelemetryJobSource, TelemetrySecond } from '@loadline/shared';
import { TelemetryCollector } from './collector.js';
import { refusingPort, startServiceMetrics, type ServiceMetrics } from '@loadline/shared/testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silent = pino({ level: 'silent' });

function recorder() {
  const catalogs: { catalog: TelemetryCatalog; n: number }[] = [];
  const seconds: TelemetrySecond[] = [];
  const order: string[] = [];
  return {
    catalogs,
    seconds,
    order,
    sink: {
      catalog: (catalog: TelemetryCatalog, n: number) => (catalogs.push({ catalog, n }), order.push(`catalog:${catalog.source}`)),
      second: (second: TelemetrySecond) => (seconds.push(second), order.push(`second:${second.source}`)),
      flushed: async () => undefined,
    },
  };
}

const scrape = (name: string, url: string, extra: Partial<TelemetryJobSource> = {}): TelemetryJobSource => ({
  name,
  kind: 'scrape',
  url,
  addresses: ['127.0.0.1'],
  presets: ['process'],
  selectors: [],
  queries: [],
  stepSeconds: 1,
  ...extra,
});

/**
 * The collector against loopback sources the test controls, with the shared reduction (no
 * k6, no queue: a sink that records what would be sent): what is read when, in what order,
 * and what reaches the sink.
 */
describe('TelemetryCollector', () => {
  let inFlight = 0;
  let service: ServiceMetrics;
  beforeAll(async () => {
    service = await startServiceMetrics({ inFlight: () => inFlight, coresPerRequest: 0.5, token: 'collector-token' });
  });
  afterAll(() => service.close());

  it('sends a baseline, the load and the recovery of a source, CPU and restarts as the server had them', async () => {
    const down = await refusingPort();
    const out = recorder();
    const collector = new TelemetryCollector(
      [scrape('api', `http://api.loadline.invalid:${service.port}/metrics`, { cpuCores: 2 }), scrape('down', `http://127.0.0.1:${down}/metrics`)],
      { api: { type: 'bearer', token: 'collector-token' } },
      out.sink,
      silent,
      { recoverySeconds: 2 },
    );
    const waiting = new AbortController();
    await collector.readBaseline(waiting.signal);
    // Held until the start: a run that never starts sends nothing.
    expect(out.seconds).toEqual([]);
    await sleep(1_000);

    const startedAt = Date.now();
    collector.loadStarted(startedAt);
    const startSecond = Math.floor(startedAt / 1000);
    inFlight = 4; // 4 requests in flight at 0.5 cores each: 2 cores busy.
    await sleep(3_000);
    const restartedAt = service.restart();
    await sleep(2_000);
    inFlight = 0;
    const endedAt = Date.now();
    await collector.finish(endedAt, endedAt + 60_000, true);
    const sentAtFinish = out.seconds.length;
    const requestsAtFinish = service.requests();

    const api = out.seconds.filter((second) => second.source === 'api');
    const ts = api.map((second) => second.t);
    // One second each, in order, from the baseline (at most 5 s) to 2 s after the end.
    expect(ts).toEqual(Array.from({ length: ts.length }, (_, i) => ts[0]! + i));
    expect(ts[0]).toBeLessThan(startSecond);
    expect(ts[0]).toBeGreaterThanOrEqual(startSecond - 5);
    expect(ts.at(-1)).toBe(Math.floor(endedAt / 1000) + 2);
    expect(api.every((second) => !second.error)).toBe(true);

    // A catalog before the source's first second, naming the CPU and start-time series and the cores said.
    expect(out.order.indexOf('catalog:api')).toBeLessThan(out.order.indexOf('second:api'));
    const catalog = out.catalogs.filter((entry) => entry.catalog.source === 'api').at(-1)!.catalog;
    expect(catalog).toMatchObject({ kind: 'scrape', cpuCores: 2 });
    const cpuKey = catalog.series.find((series) => series.role === 'cpu_cores')!.key;
    const startKey = catalog.series.find((series) => series.role === 'start_time')!.key;

    const cpu = (from: number, to: number) => api.filter((s) => s.t >= from && s.t <= to && s.values[cpuKey] !== undefined).map((s) => s.values[cpuKey]!);
    // Under load 2 cores; before and after it, none. Judged on the CPU-seconds of the seconds
    // from the start to the restart, not on each second: the service shares this process with
    // the collector, so a stalled event loop (a busy CI machine) can answer two reads in one
    // tick, one second reading 0 and a neighbour the rest. The truth: 2 cores from startedAt.
    const loaded = cpu(startSecond + 1, startSecond + 3);
    const truth = 2 * (startSecond + 3 - startedAt / 1000);
    const measured = loaded.reduce((sum, value) => sum + value, 0);
    expect(loaded.length).toBe(3);
    expect(Math.max(...loaded)).toBeGreaterThan(1.5);
    // At most one second's worth moved across the window's edges by a stall.
    expect(Math.abs(measured - truth)).toBeLessThanOrEqual(2.1);
    for (const value of cpu(ts[0]!, startSecond - 1)) expect(value).toBeCloseTo(0, 1);
    expect(cpu(Math.floor(endedAt / 1000) + 2, ts.at(-1)!)).toEqual([0]);

    // The start time changed once, read at the first whole second after the restart (or at
    // its own second, when the read of that second reached the server just after it).
    const starts = api.map((second) => second.values[startKey]);
    const changes = ts.filter((_, i) => i > 0 && starts[i] !== starts[i - 1]);
    expect(changes).toHaveLength(1);
    expect([Math.floor(restartedAt), Math.floor(restartedAt) + 1]).toContain(changes[0]);
    expect(starts.at(-1)).toBeCloseTo(restartedAt, 3);

    // The source that refuses: every second of the same window, each saying why in words.
    const downSeconds = out.seconds.filter((second) => second.source === 'down');
    expect(downSeconds.map((second) => second.t)).toEqual(ts);
    for (const second of downSeconds) {
      expect(second.values).toEqual({});
      expect(second.error).toEqual({ code: 'REFUSED', message: `connection refused at 127.0.0.1:${down}` });
    }

    // Finished means finished: nothing more read or sent.
    await sleep(1_500);
    expect(out.seconds.length).toBe(sentAtFinish);
    expect(service.requests()).toBe(requestsAtFinish);
    // The credentials went to the source and nowhere in what is sent.
    expect(service.authorizations.every((value) => value === 'Bearer collector-token')).toBe(true);
    expect(JSON.stringify([out.catalogs, out.seconds])).not.toContain('collector-token');
  });

  it('sends nothing and stops reading when the run is given up before its start', async () => {
    const out = recorder();
    const collector = new TelemetryCollector(
      [scrape('api', `${service.url}/metrics`)],
      { api: { type: 'bearer', token: 'collector-token' } },
      out.sink,
      silent,
    );
    await collector.readBaseline(new AbortController().signal);
    collector.abandon();
    const requests = service.requests();
    await sleep(1_500);
    expect(service.requests()).toBe(requests);
    expect(out.seconds).toEqual([]);
    expect(out.catalogs).toEqual([]);
  });

  it('is made only for segment 0 of a run with sources', () => {
    const out = recorder();
    const sources = [scrape('api', `${service.url}/metrics`)];
    expect(TelemetryCollector.forSegment({ segment: { index: 1, count: 2 }, telemetry: sources }, {}, out.sink, silent)).toBeNull();
    expect(TelemetryCollector.forSegment({ segment: { index: 0, count: 2 }, telemetry: [] }, {}, out.sink, silent)).toBeNull();
    expect(TelemetryCollector.forSegment({ segment: { index: 0, count: 2 } }, {}, out.sink, silent)).toBeNull();
    expect(TelemetryCollector.forSegment({ segment: { index: 0, count: 2 }, telemetry: sources }, {}, out.sink, silent)).toBeInstanceOf(TelemetryCollector);
  });
});
