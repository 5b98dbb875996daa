import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryCatalog, TelemetryJobSource, TelemetrySecond } from '@loadline/shared';
import { TelemetryCollector } from './collector.js';
import { refusingPort, startPrometheus, startServiceMetrics, type Exporter, type ServiceMetrics } from '@loadline/shared/testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until Prometheus has a sample for `query`. */
async function scraped(base: string, query: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const answer = (await (await fetch(`${base}/api/v1/query?query=${encodeURIComponent(query)}`)).json()) as { data?: { result?: unknown[] } };
    if (answer.data?.result?.length) return;
    await sleep(100);
  }
  throw new Error(`Prometheus never scraped ${query}`);
}

/**
 * PromQL sources against a real Prometheus (Debian's package, on 127.0.0.1) scraping a
 * loopback service the test controls: the run's window read live and at the end, each second
 * once, the values as the service had them; a bad query and a server that refuses, in words.
 */
describe('PromQL sources with a real Prometheus', () => {
  let service: ServiceMetrics;
  let prometheus: Exporter;

  beforeAll(async () => {
    service = await startServiceMetrics({ inFlight: () => 0, coresPerRequest: 1 });
    prometheus = await startPrometheus(service.port);
  });

  afterAll(async () => {
    await prometheus?.close();
    await service?.close();
  });

  it('reads the window live and at the end, every step once, with the values Prometheus scraped', async () => {
    const refused = await refusingPort();
    const promql = (name: string, url: string, queries: TelemetryJobSource['queries']): TelemetryJobSource => ({
      name,
      kind: 'promql',
      url,
      addresses: ['127.0.0.1'],
      presets: [],
      selectors: [],
      queries,
      stepSeconds: 1,
    });
    const catalogs: TelemetryCatalog[] = [];
    const seconds: TelemetrySecond[] = [];
    const collector = new TelemetryCollector(
      [
        promql('prom', `http://prometheus.loadline.invalid:${prometheus.port}`, [
          { name: 'start', expr: 'process_start_time_seconds{job="api"}', role: 'start_time' },
          { name: 'up', expr: 'up{job="api"}' },
        ]),
        promql('bad', prometheus.url, [{ name: 'broken', expr: 'rate(process_cpu_seconds_total[' }]),
        promql('gone', `http://127.0.0.1:${refused}`, [{ name: 'up', expr: 'up' }]),
      ],
      {},
      { catalog: (catalog) => catalogs.push(catalog), second: (second) => seconds.push(second) },
      pino({ level: 'silent' }),
    );
    // Prometheus applies its targets a few seconds after it starts: from its first sample on, 3 s of baseline.
    await scraped(prometheus.url, 'up{job="api"}');
    await sleep(3_000);
    const startedAt = Date.now();
    collector.loadStarted(startedAt);
    await sleep(2_000);
    const restartedAt = service.restart();
    // Long enough for a live read (every 5 s) to send the first part of the window.
    await sleep(7_000);
    const liveSent = seconds.filter((second) => second.source === 'prom').length;
    const endedAt = Date.now();
    await collector.finish(endedAt, endedAt + 60_000, false);

    const windowStart = Math.floor(startedAt / 1000) - 5;
    const windowEnd = Math.floor(endedAt / 1000);
    const all = Array.from({ length: windowEnd - windowStart + 1 }, (_, i) => windowStart + i);
    const prom = seconds.filter((second) => second.source === 'prom');
    expect(liveSent).toBeGreaterThan(0);
    expect(prom.map((second) => second.t)).toEqual(all);
    expect(prom.filter((second) => second.error)).toEqual([]);

    const catalog = catalogs.filter((entry) => entry.source === 'prom').at(-1)!;
    expect(catalog.kind).toBe('promql');
    const startKey = catalog.series.find((series) => series.role === 'start_time')!.key;
    // The start time as the service had it, changed once, within the scrape interval (and a
    // second of rounding) of the restart.
    const read = prom.filter((second) => second.values[startKey] !== undefined);
    expect(read.length).toBeGreaterThan(all.length / 2);
    const values = [...new Set(read.map((second) => second.values[startKey]))];
    expect(values).toHaveLength(2);
    expect(values[0]).toBeCloseTo(service.starts[0]!, 3);
    expect(values[1]).toBeCloseTo(restartedAt, 3);
    const changedAt = read.find((second) => second.values[startKey] === values[1])!.t;
    expect(changedAt).toBeGreaterThanOrEqual(Math.floor(restartedAt));
    expect(changedAt).toBeLessThanOrEqual(Math.floor(restartedAt) + 2);

    // A query Prometheus refuses, and a server that is not there: every second says why.
    const bad = seconds.filter((second) => second.source === 'bad');
    expect(bad.map((second) => second.t)).toEqual(all);
    for (const second of bad) {
      expect(second.error?.code).toBe('QUERY');
      expect(second.error?.message).toMatch(/^query broken: .*parse error/);
    }
    const gone = seconds.filter((second) => second.source === 'gone');
    expect(gone.map((second) => second.t)).toEqual(all);
    for (const second of gone) expect(second.error).toEqual({ code: 'REFUSED', message: `connection refused at 127.0.0.1:${refused}` });
  });
});
