import { describe, expect, it } from 'vitest';
import { parseExposition } from './exposition.js';
import { telemetryJobSourceSchema, type TelemetryJobSource } from './job.js';
import { reduceScrape, presetSeriesKeys, type Scrape } from './reduce.js';
import { TELEMETRY_LIMITS } from './source.js';

function source(over: Partial<TelemetryJobSource> = {}): TelemetryJobSource {
  return telemetryJobSourceSchema.parse({ name: 'api', kind: 'scrape', url: 'http://127.0.0.1:9100/metrics', addresses: ['127.0.0.1'], ...over });
}

function scrape(atMs: number, lines: string[]): Scrape {
  return { atMs, exposition: parseExposition(lines.join('\n') + '\n') };
}

/** A process the test drives: CPU seconds, RSS, start time, fds and a request histogram. */
function processText(o: { cpu: number; rss: number; start: number; requests: number; buckets: [string, number][] }): string[] {
  return [
    '# TYPE process_cpu_seconds_total counter',
    `process_cpu_seconds_total ${o.cpu}`,
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${o.rss}`,
    '# TYPE process_start_time_seconds gauge',
    `process_start_time_seconds ${o.start}`,
    'process_open_fds 40',
    'process_max_fds 1024',
    '# TYPE http_requests_total counter',
    `http_requests_total{method="GET",route="/a"} ${o.requests}`,
    `http_requests_total{method="GET",route="/metrics"} ${o.requests * 10}`,
    '# TYPE http_request_duration_seconds histogram',
    ...o.buckets.map(([le, n]) => `http_request_duration_seconds_bucket{le="${le}",route="/a"} ${n}`),
    `http_request_duration_seconds_count{route="/a"} ${o.buckets[o.buckets.length - 1]![1]}`,
  ];
}

describe('reduceScrape: presets', () => {
  const first = scrape(
    1_000,
    processText({
      cpu: 10,
      rss: 5e8,
      start: 1_700_000_000,
      requests: 100,
      buckets: [
        ['0.1', 50],
        ['0.5', 90],
        ['+Inf', 100],
      ],
    }),
  );
  // 2 s later: 3 CPU-seconds (1.5 cores), 200 requests (100/s), all of them in (0.1, 0.5].
  const second = scrape(
    3_000,
    processText({
      cpu: 13,
      rss: 6e8,
      start: 1_700_000_000,
      requests: 300,
      buckets: [
        ['0.1', 50],
        ['0.5', 290],
        ['+Inf', 300],
      ],
    }),
  );
  const src = source({ presets: ['process', 'http'] });

  it('gives gauges only on the first scrape, with the whole catalog', () => {
    const reduced = reduceScrape(src, null, first);
    expect(reduced.values).toEqual({ memory_bytes: 5e8, start_time: 1_700_000_000, open_fds: 40, max_fds: 1024 });
    expect(reduced.series.map((s) => [s.key, s.kind, s.role, s.unit])).toEqual([
      ['cpu_cores', 'rate', 'cpu_cores', 'cores'],
      ['memory_bytes', 'gauge', 'memory_bytes', 'bytes'],
      ['start_time', 'gauge', 'start_time', 'seconds'],
      ['open_fds', 'gauge', 'open_fds', 'count'],
      ['max_fds', 'gauge', 'max_fds', 'count'],
      ['http_rps', 'rate', 'http_rps', 'per_second'],
      ['http_p95_seconds', 'p95', 'http_p95_seconds', 'seconds'],
    ]);
    expect(reduced.counterResets).toEqual([]);
  });

  it('reads counters as rates between the scrapes, leaving out /metrics, and the p95 of the bucket deltas', () => {
    const reduced = reduceScrape(src, first, second);
    expect(reduced.values.cpu_cores).toBeCloseTo(1.5, 10);
    expect(reduced.values.http_rps).toBeCloseTo(100, 10);
    // Deltas: 0 in <=0.1, 200 in (0.1,0.5], none above: rank 0.95*200 = 190 -> 0.1 + 0.4 * 190/200.
    expect(reduced.values.http_p95_seconds).toBeCloseTo(0.48, 10);
    expect(reduced.values.memory_bytes).toBe(6e8);
  });

  it('lists a counter it read that went down as a reset and takes its new value as the increase', () => {
    const restarted = scrape(
      5_000,
      processText({
        cpu: 0.4,
        rss: 1e8,
        start: 1_700_000_004,
        requests: 2,
        buckets: [
          ['0.1', 2],
          ['0.5', 2],
          ['+Inf', 2],
        ],
      }),
    );
    const reduced = reduceScrape(src, second, restarted);
    expect(reduced.counterResets).toEqual([
      'http_request_duration_seconds{route="/a"}',
      'http_requests_total{method="GET",route="/a"}',
      'process_cpu_seconds_total',
    ]);
    expect(reduced.values.cpu_cores).toBeCloseTo(0.2, 10);
    expect(reduced.values.http_rps).toBeCloseTo(1, 10);
    expect(reduced.values.http_p95_seconds).toBeCloseTo(0.095, 10);
    expect(reduced.values.start_time).toBe(1_700_000_004);
    for (const value of Object.values(reduced.values)) expect(value).toBeGreaterThanOrEqual(0);
  });

  it('gives no p95 when nothing was observed between the scrapes', () => {
    const same = scrape(
      4_000,
      processText({
        cpu: 13,
        rss: 6e8,
        start: 1_700_000_000,
        requests: 300,
        buckets: [
          ['0.1', 50],
          ['0.5', 290],
          ['+Inf', 300],
        ],
      }),
    );
    const reduced = reduceScrape(src, second, same);
    expect(reduced.values.http_p95_seconds).toBeUndefined();
    expect(reduced.values.http_rps).toBe(0);
  });

  it('sums node CPU over the non-idle modes and counts the CPUs', () => {
    const nodeText = (idle: number, user: number, system: number) =>
      ['0', '1', '2', '3'].flatMap((cpu) => [
        `node_cpu_seconds_total{cpu="${cpu}",mode="idle"} ${idle}`,
        `node_cpu_seconds_total{cpu="${cpu}",mode="user"} ${user}`,
        `node_cpu_seconds_total{cpu="${cpu}",mode="system"} ${system}`,
        `node_cpu_seconds_total{cpu="${cpu}",mode="iowait"} 1`,
      ]);
    const head = ['# TYPE node_cpu_seconds_total counter', 'node_load1 3.5', 'node_memory_MemTotal_bytes 16e9', 'node_memory_MemAvailable_bytes 4e9'];
    const a = scrape(0, [...head, ...nodeText(100, 50, 10)]);
    const b = scrape(1_000, [...head, ...nodeText(100.5, 50.3, 10.2)]);
    const reduced = reduceScrape(source({ presets: ['node'] }), a, b);
    expect(reduced.values.cpu_cores).toBeCloseTo(4 * 0.5, 10);
    expect(reduced.values.cpu_limit_cores).toBe(4);
    expect(reduced.values.load1).toBe(3.5);
    expect(reduced.values.memory_bytes).toBe(12e9);
    expect(reduced.values.memory_limit_bytes).toBe(16e9);
  });

  it('prefixes a series two presets give with the preset', () => {
    expect(
      presetSeriesKeys(['node', 'process'])
        .filter((k) => k.rule.name === 'cpu_cores')
        .map((k) => k.key),
    ).toEqual(['process_cpu_cores', 'node_cpu_cores']);
    expect(presetSeriesKeys(['process']).find((k) => k.rule.name === 'cpu_cores')!.key).toBe('cpu_cores');
  });
});

describe('reduceScrape: selectors', () => {
  const lines = (n: number) => [
    '# TYPE jobs_total counter',
    `jobs_total{queue="emails",z="1"} ${n}`,
    `jobs_total{queue="sms"} ${n * 2}`,
    '# TYPE temp gauge',
    `temp{b="2",a="1"} ${n / 10}`,
    `temp{a="x\\"y"} 1`,
    '# TYPE rt_seconds histogram',
    `rt_seconds_bucket{le="1",op="r"} ${n}`,
    `rt_seconds_bucket{le="+Inf",op="r"} ${n}`,
    `rt_seconds_bucket{le="1",op="w"} 0`,
    `rt_seconds_bucket{le="+Inf",op="w"} ${n}`,
  ];
  const a = scrape(10_000, lines(10));
  const b = scrape(12_000, lines(30));

  it('keeps matching series under sorted-label keys, counters as rates, histograms as p95', () => {
    const src = source({ presets: [], selectors: ['jobs_total{queue=~"e.*"}', 'temp', 'rt_seconds{op!="w"}', 'jobs_total{queue!="emails"}'] });
    const reduced = reduceScrape(src, a, b);
    expect(reduced.series.map((s) => [s.key, s.kind])).toEqual([
      ['jobs_total{queue="emails",z="1"}', 'rate'],
      ['temp{a="1",b="2"}', 'gauge'],
      ['temp{a="x\\"y"}', 'gauge'],
      ['rt_seconds{op="r"}', 'p95'],
      ['jobs_total{queue="sms"}', 'rate'],
    ]);
    expect(reduced.values).toEqual({
      'jobs_total{queue="emails",z="1"}': 10,
      'temp{a="1",b="2"}': 3,
      'temp{a="x\\"y"}': 1,
      'rt_seconds{op="r"}': 0.95,
      'jobs_total{queue="sms"}': 20,
    });
  });

  it('reads an OpenMetrics counter named by its family from its _total', () => {
    const om = (n: number) => ({
      atMs: n * 1000,
      exposition: parseExposition(`# TYPE jobs counter\njobs_total{q="a"} ${n * 5}\njobs_created{q="a"} 1\n# EOF\n`),
    });
    const reduced = reduceScrape(source({ selectors: ['jobs'] }), om(1), om(3));
    expect(reduced.series).toEqual([{ key: 'jobs_total{q="a"}', kind: 'rate', unit: 'per_second' }]);
    expect(reduced.values).toEqual({ 'jobs_total{q="a"}': 5 });
  });

  it('ignores a selector that does not parse', () => {
    const reduced = reduceScrape(source({ selectors: ['temp{a=~"("}', 'temp{a="1"}'] }), null, a);
    expect(reduced.series.map((s) => s.key)).toEqual(['temp{a="1",b="2"}']);
  });

  it(`keeps at most ${TELEMETRY_LIMITS.maxKeptSeries} series, role series first, in a stable order`, () => {
    const many = (v: number) => [`process_resident_memory_bytes ${v}`, ...Array.from({ length: 80 }, (_, i) => `wide{i="${String(i).padStart(3, '0')}"} ${i}`)];
    const src = source({ presets: ['process'], selectors: ['wide'] });
    const reduced = reduceScrape(src, null, scrape(0, many(7)));
    expect(reduced.series).toHaveLength(TELEMETRY_LIMITS.maxKeptSeries);
    expect(reduced.series[0]).toMatchObject({ key: 'memory_bytes', role: 'memory_bytes' });
    expect(reduced.series[1]!.key).toBe('wide{i="000"}');
    expect(reduced.series.at(-1)!.key).toBe(`wide{i="${String(TELEMETRY_LIMITS.maxKeptSeries - 2).padStart(3, '0')}"}`);
    expect(Object.keys(reduced.values)).toHaveLength(TELEMETRY_LIMITS.maxKeptSeries);
    expect(reduceScrape(src, null, scrape(0, many(7))).series).toEqual(reduced.series);
  });
});
