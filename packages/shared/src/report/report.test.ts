import { describe, expect, it } from 'vitest';
import { planSpecSchema } from '../plan.js';
import type { RunView } from '../runs.js';
import type { SecondSample } from '../series.js';
import type { RequestStats } from '../summary.js';
import type { Threshold } from '../threshold.js';
import { compareRuns } from './compare.js';
import { runToCsv, runToJunit } from './export.js';
import { baselineFindings, type RunBaseline } from './baseline.js';
import type { MetricDelta } from './compare.js';
import { scrubPublicText } from './share.js';
import { toPublicShare } from './public-share.js';
import { trendFigureRows, trendPoints, trendPointsFromFigures } from './trend.js';
import { trendSeries } from './trend-series.js';
import { emptyHistogram, recordValue } from '../histogram.js';
import { summarizeCustomMetric, type CustomMetricSecond } from '../custom-metrics.js';

const stats = (p95: number, overrides: Partial<RequestStats> = {}): RequestStats => ({
  count: 1000,
  rps: 100,
  errors: 10,
  errorRate: 0.01,
  statusCounts: { '200': 990, '500': 10 },
  errorCodes: {},
  responseBytes: null,
  latency: { avg: p95 / 2, min: 1, p50: p95 / 3, p90: p95 * 0.9, p95, p99: p95 * 2, max: p95 * 4 },
  ...overrides,
});

function run(id: string, createdAt: string, p95: number, overrides: Partial<RunView> = {}): RunView {
  return {
    id,
    planId: 'plan-1',
    planName: 'Checkout',
    planVersion: 1,
    targetId: 'tgt-1',
    status: 'PASSED',
    verdict: 'PASS',
    trigger: 'MANUAL',
    segments: 1,
    createdAt,
    startedAt: createdAt,
    finishedAt: createdAt,
    error: null,
    summary: {
      durationSeconds: 10,
      overall: { ...stats(p95), bytesReceived: 0, bytesSent: 0 },
      requests: [
        { name: 'Get, "quoted"', ...stats(p95) },
        { name: '=cmd()', ...stats(p95 * 2) },
      ],
      scenarios: [],
      vusMax: 5,
      vusAllocated: 5,
      iterations: 1000,
      droppedIterations: 0,
      checks: [],
      customMetrics: [],
      percentileRelativeError: 0.005,
    },
    thresholds: [],
    diagnostics: [],
    capacity: null,
    recovery: null,
    partial: false,
    plannedSeconds: 10,
    cancelRequestedAt: null,
    queue: null,
    segmentDetails: [],
    startSpreadMs: null,
    baseline: null,
    ...overrides,
  };
}

const spec = (vus: number) => planSpecSchema.parse({ load: { executor: 'constant-vus', vus, duration: '10s' }, requests: [{ name: 'A', path: '/' }] });

describe('trendPoints', () => {
  it('orders runs oldest first, marks verdict changes, and leaves out runs without measurements', () => {
    const points = trendPoints([
      run('c', '2026-11-03T00:00:00Z', 30, { verdict: 'FAIL', status: 'FAILED' }),
      run('a', '2026-11-01T00:00:00Z', 10),
      run('x', '2026-11-02T12:00:00Z', 0, { summary: null, status: 'ERRORED', verdict: null }),
      run('b', '2026-11-02T00:00:00Z', 12),
      run('d', '2026-11-04T00:00:00Z', 11),
    ]);
    expect(points.map((point) => [point.runId, point.verdictChanged])).toEqual([
      ['a', false],
      ['b', false],
      ['c', true],
      ['d', true],
    ]);
    expect(points[2]!.overall).toMatchObject({ p95: 30, errorRate: 0.01, rps: 100 });
    expect(points[0]!.requests['=cmd()']!.p95).toBe(20);
  });

  it('gives the same points from stored figures as from the runs themselves', () => {
    const runs = [
      run('c', '2026-11-03T00:00:00Z', 30, { verdict: 'FAIL', status: 'FAILED' }),
      run('a', '2026-11-01T00:00:00Z', 10),
      run('x', '2026-11-02T12:00:00Z', 0, { summary: null, status: 'ERRORED', verdict: null }),
      run('b', '2026-11-02T00:00:00Z', 12),
    ];
    const stored = runs.map((view) => ({
      runId: view.id,
      createdAt: view.createdAt,
      planVersion: view.planVersion,
      status: view.status,
      verdict: view.verdict,
      doubtful: view.diagnostics.some((diagnostic) => diagnostic.severity === 'critical'),
      figures: view.summary ? trendFigureRows(view.summary) : [],
    }));
    expect(trendPointsFromFigures(stored)).toEqual(trendPoints(runs));
    expect(trendFigureRows(runs[1]!.summary!).filter((row) => row.request === '')).toEqual([
      { request: '', stat: 'count', value: runs[1]!.summary!.overall.count },
      { request: '', stat: 'rps', value: 100 },
      { request: '', stat: 'errorRate', value: 0.01 },
      { request: '', stat: 'p50', value: runs[1]!.summary!.overall.latency!.p50 },
      { request: '', stat: 'p95', value: 10 },
      { request: '', stat: 'p99', value: runs[1]!.summary!.overall.latency!.p99 },
    ]);
  });
});

describe('trendSeries', () => {
  const points = trendPoints([run('a', '2026-11-01T00:00:00Z', 10), run('b', '2026-11-02T00:00:00Z', 12, { verdict: 'FAIL', status: 'FAILED' })]);
  const thresholds: Threshold[] = [
    { metric: 'latency', stat: 'p95', op: '<', value: 50 },
    { metric: 'latency', stat: 'p95', request: '=cmd()', op: '<', value: 30 },
    { metric: 'latency', stat: 'p99', op: '<', value: 90 },
    { metric: 'error_rate', op: '<', value: 0.05 },
  ];
  const trend = { planName: 'P', from: null, to: null, points, thresholds, changePoints: [] };

  it('follows one figure of the whole run, with the thresholds on it', () => {
    const series = trendSeries(trend, 'p95');
    expect(series).toMatchObject({ planName: 'P', stat: 'p95', request: null, unit: 'ms' });
    expect(series.points.map((point) => [point.runId, point.value, point.verdict])).toEqual([
      ['a', 10, 'PASS'],
      ['b', 12, 'FAIL'],
    ]);
    expect(series.thresholds).toEqual([{ metric: 'latency', stat: 'p95', op: '<', value: 50 }]);
    expect(trendSeries(trend, 'error_rate')).toMatchObject({ unit: 'fraction', thresholds: [{ metric: 'error_rate' }] });
    expect(trendSeries(trend, 'error_rate').points[0]!.value).toBe(0.01);
  });

  it("follows one request's figure, and says null where a run did not make that request", () => {
    const series = trendSeries(trend, 'p95', '=cmd()');
    expect(series.points.map((point) => point.value)).toEqual([20, 24]);
    expect(series.thresholds).toEqual([{ metric: 'latency', stat: 'p95', request: '=cmd()', op: '<', value: 30 }]);
    expect(trendSeries(trend, 'p95', 'Nope').points.map((point) => point.value)).toEqual([null, null]);
  });
});

describe('compareRuns', () => {
  /** 30 seconds of 50 requests of `name`, latencies spread ±10 % around `ms`, each second a little different. */
  const secondsAround = (ms: number, name = 'Get, "quoted"'): SecondSample[] =>
    Array.from({ length: 30 }, (_, t) => {
      const latency = emptyHistogram();
      for (let i = 0; i < 50; i++) recordValue(latency, ms * (0.9 + 0.2 * (((i * 37 + t * 11) % 50) / 50)));
      return {
        v: 1,
        t: 1_000 + t,
        requests: [{ name, method: 'GET', status: 200, expected: true, errorCode: '', scenario: 'default', count: 50, latency }],
        vus: 1,
        vusMax: 1,
        iterations: 50,
        droppedIterations: 0,
        bytesReceived: 0,
        bytesSent: 0,
        checks: [],
      } as SecondSample;
    });

  it('gives absolute and relative deltas, and calls a change only when its interval excludes 0', () => {
    const [base, head] = [run('a', '2026-11-01T00:00:00Z', 100), run('b', '2026-11-02T00:00:00Z', 80)];
    const comparison = compareRuns({ run: base, spec: spec(5), seconds: secondsAround(100) }, { run: head, spec: spec(5), seconds: secondsAround(80) });
    expect(comparison.warnings).toEqual([]);
    const p95 = comparison.overall.find((delta) => delta.metric === 'p95')!;
    expect(p95).toMatchObject({ metric: 'p95', base: 100, head: 80, delta: -20, deltaPct: expect.closeTo(-0.2, 9), change: 'improvement' });
    expect(p95.interval!.high).toBeLessThan(0);
    // The same rate every second on both sides: no change, and an interval of exactly 0.
    expect(comparison.overall.find((delta) => delta.metric === 'rps')).toMatchObject({ change: 'unchanged', interval: { low: 0, high: 0 } });
    // The first and last seconds (partial) are left out.
    expect(comparison.noise).toEqual({
      method: 'moving-block bootstrap over seconds',
      confidence: 0.95,
      resamples: 400,
      seconds: { base: 28, head: 28 },
      history: null,
    });
    expect(comparison.requests.map((request) => request.name)).toEqual(['Get, "quoted"', '=cmd()']);

    // Without seconds (or with too few) there is no interval, so no change is called.
    const blind = compareRuns({ run: base, spec: spec(5) }, { run: head, spec: spec(5) });
    expect(blind.overall.find((delta) => delta.metric === 'p95')).toMatchObject({ delta: -20, interval: null, change: null });
    expect(blind.noise).toBeNull();
  });

  it("sets a custom script's own metrics side by side without calling a change good or bad", () => {
    const withCounter = (id: string, date: string, sum: number | null): RunView => {
      const base = run(id, date, 100);
      const metrics = sum === null ? [] : [summarizeCustomMetric({ name: 'orders', type: 'counter', contains: 'default', sum }, 10)];
      return { ...base, summary: { ...base.summary!, customMetrics: metrics } };
    };
    const comparison = compareRuns(
      { run: withCounter('a', '2026-11-01T00:00:00Z', 100), spec: spec(5) },
      { run: withCounter('b', '2026-11-02T00:00:00Z', 150), spec: spec(5) },
    );
    expect(comparison.customMetrics).toEqual([
      {
        name: 'orders',
        type: 'counter',
        inBase: true,
        inHead: true,
        metrics: [
          { metric: 'count', base: 100, head: 150, delta: 50, deltaPct: 0.5, interval: null, change: null },
          { metric: 'rate', base: 10, head: 15, delta: 5, deltaPct: 0.5, interval: null, change: null },
        ],
      },
    ]);
    const gone = compareRuns(
      { run: withCounter('a', '2026-11-01T00:00:00Z', 100), spec: spec(5) },
      { run: withCounter('b', '2026-11-02T00:00:00Z', null), spec: spec(5) },
    );
    expect(gone.customMetrics[0]).toMatchObject({
      inBase: true,
      inHead: false,
      metrics: [{ metric: 'count', base: 100, head: null, delta: null }, { metric: 'rate' }],
    });
  });

  it('warns when the runs do not compare like for like', () => {
    const comparison = compareRuns(
      { run: run('a', '2026-11-01T00:00:00Z', 100), spec: spec(5) },
      { run: run('b', '2026-11-02T00:00:00Z', 300, { planVersion: 2, segments: 2, partial: true }), spec: spec(50) },
    );
    expect(comparison.warnings.map((warning) => warning.code)).toEqual(['DIFFERENT_VERSION', 'DIFFERENT_LOAD', 'DIFFERENT_SEGMENTS', 'PARTIAL_DATA']);
    expect(comparison.overall.find((delta) => delta.metric === 'p95')).toMatchObject({ delta: 200, change: null });
  });

  it('warns that a run a stop rule ended early covers only the load until then', () => {
    const stopped = run('b', '2026-11-02T00:00:00Z', 300, {
      status: 'FAILED',
      verdict: 'FAIL',
      plannedSeconds: 60,
      error: { code: 'STOPPED_BY_THRESHOLD', message: 'stopped at 42 s: p95 1,210 ms > 500 ms for 10 s' },
    });
    const comparison = compareRuns({ run: run('a', '2026-11-01T00:00:00Z', 100), spec: spec(5) }, { run: stopped, spec: spec(5) });
    expect(comparison.warnings).toEqual([
      {
        code: 'STOPPED_EARLY',
        message:
          'The head run was stopped early by a stop rule (stopped at 42 s: p95 1,210 ms > 500 ms for 10 s; 60 s planned): its figures cover only the load until then.',
      },
    ]);
  });

  it('compares response sizes per request, with their change but no judgement, and null where a run has none', () => {
    const sized = (id: string, avg: number, p95: number) => {
      const base = run(id, '2026-11-01T00:00:00Z', 10);
      const [first, second] = base.summary!.requests;
      return { ...base, summary: { ...base.summary!, requests: [{ ...first!, responseBytes: { avg, p95, max: p95 } }, second!] } };
    };
    const comparison = compareRuns({ run: sized('a', 1_000, 1_000), spec: spec(5) }, { run: sized('b', 50_000, 51_000), spec: spec(5) });
    const [first, second] = comparison.requests;
    expect(first!.metrics.filter((delta) => delta.metric.startsWith('responseBytes'))).toEqual([
      { metric: 'responseBytesAvg', base: 1_000, head: 50_000, delta: 49_000, deltaPct: 49, interval: null, change: null },
      { metric: 'responseBytesP95', base: 1_000, head: 51_000, delta: 50_000, deltaPct: 50, interval: null, change: null },
    ]);
    expect(second!.metrics.find((delta) => delta.metric === 'responseBytesAvg')).toEqual({
      metric: 'responseBytesAvg',
      base: null,
      head: null,
      delta: null,
      deltaPct: null,
      interval: null,
      change: null,
    });
  });
});

describe('exports', () => {
  it('writes CSV rows per request and for the whole run, quoting and defusing formulas', () => {
    const csv = runToCsv(run('a', '2026-11-01T00:00:00Z', 10))
      .trim()
      .split('\n');
    expect(csv[0]).toBe(
      'request,count,rps,errors,error_rate,avg_ms,min_ms,p50_ms,p90_ms,p95_ms,p99_ms,max_ms,' +
        'p50_ci_low_ms,p50_ci_high_ms,p90_ci_low_ms,p90_ci_high_ms,p95_ci_low_ms,p95_ci_high_ms,p99_ci_low_ms,p99_ci_high_ms,' +
        'response_bytes_avg,response_bytes_p95,metric_type,value',
    );
    // A summary stored before intervals and sizes were kept leaves their cells empty.
    expect(csv[1]).toBe('"Get, ""quoted""",1000,100,10,0.01,5,1,3.333,9,10,20,40,,,,,,,,,,,,');
    expect(csv[2]!.startsWith("'=cmd()")).toBe(true);
    expect(csv[3]!.startsWith('(all requests),1000')).toBe(true);
    expect(csv).toHaveLength(4);
  });

  it("adds a row per kept series of the target's telemetry after the rest, with as many cells as the header", () => {
    const telemetry = {
      sources: [
        {
          source: 'api',
          kind: 'scrape' as const,
          cpuCores: 4,
          t: [1, 2, 3],
          series: [
            { key: 'cpu', kind: 'rate' as const, unit: 'cores' as const, values: [0.5, null, 1.5] },
            { key: '=evil', kind: 'gauge' as const, unit: 'none' as const, values: [null, null, null] },
          ],
          errors: [],
        },
      ],
    };
    const csv = runToCsv(run('a', '2026-11-01T00:00:00Z', 10), telemetry)
      .trim()
      .split('\n');
    expect(csv).toHaveLength(6);
    expect(csv[4]).toBe('api cpu,2,,,,1,0.5,,,,,1.5,,,,,,,,,,,telemetry:rate:cores,1.5');
    expect(csv[5]).toBe('api =evil,0,,,,,,,,,,,,,,,,,,,,,telemetry:gauge:none,');
    expect(csv[4]!.split(',')).toHaveLength(csv[0]!.split(',').length);
    expect(
      runToCsv({ ...run('a', '2026-11-01T00:00:00Z', 10), summary: null }, telemetry)
        .trim()
        .split('\n'),
    ).toHaveLength(3);
  });

  it('defuses every cell a spreadsheet would read as a formula: =, +, -, @, TAB and CR first (OWASP), in request and metric names', () => {
    const base = run('a', '2026-11-01T00:00:00Z', 10);
    const names = ['=1+2', '+1+2', '-1+2', '@SUM(A1)', '\t=1+2', '\r=1+2', '\tplain', '\rplain'];
    const summary = {
      ...base.summary!,
      requests: names.map((name) => ({ name, ...stats(10) })),
      customMetrics: [summarizeCustomMetric({ name: '\t=HYPERLINK("http://x")', type: 'counter', sum: 1, contains: 'default' }, 10)],
    };
    const csv = runToCsv({ ...base, summary });
    // The first cell of each row as a spreadsheet reads it: unquoted up to the comma, or quoted ("" for ").
    const firstCells = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => (line.startsWith('"') ? /^"((?:[^"]|"")*)"/.exec(line)![1]!.replaceAll('""', '"') : line.split(',')[0]!));
    expect(firstCells).toEqual([...names.map((name) => `'${name}`), '(all requests)', `'\t=HYPERLINK("http://x")`]);
  });

  it("writes a custom script's own metrics as rows of their own, in their own units", () => {
    const histogram = emptyHistogram();
    for (const value of [2, 4, 6]) recordValue(histogram, value);
    const base = run('a', '2026-11-01T00:00:00Z', 10);
    const metrics: CustomMetricSecond[] = [
      { name: 'cart_size', type: 'trend', histogram, contains: 'default' },
      { name: 'orders', type: 'counter', sum: 30, contains: 'default' },
      { name: 'ok', type: 'rate', passes: 3, total: 4 },
      { name: 'depth', type: 'gauge', last: 5, lastMs: 1, min: 1, max: 9, contains: 'default' },
    ];
    const csv = runToCsv({ ...base, summary: { ...base.summary!, customMetrics: metrics.map((metric) => summarizeCustomMetric(metric, 10)) } })
      .trim()
      .split('\n');
    // The trend's percentiles are read from its histogram: the 4 as 3.995, within 0.5 %.
    expect(csv.slice(4)).toEqual([
      'cart_size,3,,,,4,2,3.995,3.995,3.995,3.995,6,,,,,,,,,,,trend,',
      'orders,30,3,,,,,,,,,,,,,,,,,,,,counter,30',
      'ok,4,,,,,,,,,,,,,,,,,,,,,rate,0.75',
      'depth,,,,,,1,,,,,9,,,,,,,,,,,gauge,5',
    ]);
  });

  it("writes each request's response size in bytes", () => {
    const base = run('a', '2026-11-01T00:00:00Z', 10);
    const summary = {
      ...base.summary!,
      requests: base.summary!.requests.map((request) => ({ ...request, responseBytes: { avg: 50_000.4, p95: 50_210.7, max: 50_300 } })),
    };
    const csv = runToCsv({ ...base, summary })
      .trim()
      .split('\n');
    expect(csv[1]!.endsWith(',50000.4,50210.7,,')).toBe(true);
  });

  it('writes JUnit with a test case per threshold: failures, errors for INCONCLUSIVE, escaped text', () => {
    const junit = runToJunit(
      run('a', '2026-11-01T00:00:00Z', 10, {
        status: 'FAILED',
        verdict: 'FAIL',
        thresholds: [
          {
            threshold: { metric: 'latency', stat: 'p95', op: '<', value: 5 },
            verdict: 'FAIL',
            measured: 10,
            explanation: 'p95 10 ms against < 5 ms: over by 100 %',
          },
          { threshold: { metric: 'error_rate', op: '<', value: 0.05 }, verdict: 'PASS', measured: 0.01, explanation: 'ok' },
          { threshold: { metric: 'rps', op: '>=', value: 1 }, verdict: 'INCONCLUSIVE', measured: null, explanation: 'rate <limited> & "doubtful"' },
        ],
      }),
    );
    expect(junit).toContain('<testsuites name="Loadline" tests="3" failures="1" errors="1"');
    expect(junit).toContain('<testcase classname="Checkout v1" name="p95 &lt; 5 ms" time="10"><failure message="p95 10 ms against &lt; 5 ms: over by 100 %"');
    expect(junit).toContain('<error message="rate &lt;limited&gt; &amp; &quot;doubtful&quot;" type="inconclusive">');
    expect(junit).toContain('<property name="verdict" value="FAIL"/>');
  });

  it('shows the public no ids and no target address', () => {
    const segment = { index: 0, status: 'ERRORED' as const, runnerId: 'runner-pod-7f9c', startedAt: null, finishedAt: null, health: null };
    const subject = run('run-secret-id', '2026-11-01T00:00:00Z', 10, {
      status: 'ERRORED',
      error: { code: 'TARGET_UNREACHABLE', message: 'No request got a response: Get "http://127.0.0.2:8080/x": refused' },
      segmentDetails: [{ ...segment, error: { code: 'TARGET_UNREACHABLE', message: 'Get "http://127.0.0.2:8080/x": refused' } }],
    });
    const share = toPublicShare({ kind: 'run', run: subject, series: { runId: subject.id, points: [], percentileRelativeError: 0.01 } }, null);
    if (share.kind !== 'run') throw new Error('a run share');
    const shared = share.run;
    const text = JSON.stringify(shared);
    expect(text).not.toMatch(/run-secret-id|plan-1|tgt-1|127\.0\.0\.2|runner-pod/);
    expect(shared.segmentDetails[0]).toMatchObject({ runnerId: null, error: { code: 'TARGET_UNREACHABLE' } });
    expect(shared.error!.message).toBe('No request got a response: Get "<target>": refused');
  });

  it('scrubs addresses, host names and paths from what the public reads', () => {
    const cases: Array<[string, string]> = [
      ['dial tcp 10.2.3.4:5432: connect: connection refused', 'dial tcp <address>: connect: connection refused'],
      ['dial tcp [fd00:ec2::254]:80: i/o timeout', 'dial tcp <address>: i/o timeout'],
      ['IP (fe80::1) is in a blacklisted range (fe80::/10)', 'IP (<address>) is in a blacklisted range (<address>/10)'],
      ['lookup db.internal on 10.0.0.2:53: no such host', 'lookup <host> on <address>: no such host'],
      ['dial tcp db.internal.example:5432: refused', 'dial tcp <address>: refused'],
      ['open /tmp/loadline-runner/run-1/data.json: no such file', 'open <path>: no such file'],
      [
        'k6 exited with code 107: ReferenceError: x is not defined at script.js:3:5',
        'k6 exited with code 107: ReferenceError: x is not defined at script.js:3:5',
      ],
      ['p95 120 ms at 12:30:05 over 5 s', 'p95 120 ms at 12:30:05 over 5 s'],
    ];
    for (const [text, scrubbed] of cases) expect(scrubPublicText(text), text).toBe(scrubbed);
  });
});

describe('a run against its baseline, in CI outputs', () => {
  const delta = (metric: string, base: number, head: number, interval: { low: number; high: number } | null, change: MetricDelta['change']): MetricDelta => ({
    metric,
    base,
    head,
    delta: head - base,
    deltaPct: head / base - 1,
    interval,
    change,
  });
  const baseline: RunBaseline = {
    runId: 'b',
    baseline: { runId: 'a', rule: 'last-passed', createdAt: '2026-11-01T00:00:00Z' },
    message: 'Against the last passed run of this load',
    comparison: {
      base: { runId: 'a', createdAt: '2026-11-01T00:00:00Z', planName: 'P', planVersion: 1, verdict: 'PASS' },
      head: { runId: 'b', createdAt: '2026-11-02T00:00:00Z', planName: 'P', planVersion: 1, verdict: 'PASS' },
      warnings: [],
      overall: [
        delta('p95', 100, 112, { low: 8, high: 16 }, 'regression'),
        delta('p50', 50, 51, { low: -1, high: 2 }, 'unchanged'),
        delta('rps', 100, 100, null, null),
      ],
      requests: [],
      customMetrics: [],
      noise: null,
      telemetry: { sources: [] },
    },
  };

  it('says each key figure with its interval, a regression named', () => {
    expect(baselineFindings(baseline).map((finding) => finding.text)).toEqual([
      'p50 latency +2.0 % (95 % CI −2.0 % to +4.0 %): within noise',
      'p95 latency +12.0 % (95 % CI +8.0 % to +16.0 %): regression',
      'throughput +0.0 %: not judged',
    ]);
  });

  it('adds a JUnit suite in which a regression is a failure', () => {
    const head = run('b', '2026-11-02T00:00:00Z', 112);
    const junit = runToJunit(head, baseline);
    expect(junit).toContain('<testsuite name="Checkout v1 against baseline" tests="3" failures="1" errors="0" time="0">');
    expect(junit).toMatch(
      /<testcase classname="Checkout v1 against baseline" name="p95" time="0"><failure message="p95 latency \+12.0 % \(95 % CI \+8.0 % to \+16.0 %\): regression" type="regression">/,
    );
    expect(junit).toContain(
      '<testcase classname="Checkout v1 against baseline" name="rps" time="0"><skipped message="throughput +0.0 %: not judged"/></testcase>',
    );
    expect(runToJunit(head)).not.toContain('against baseline');
  });
});
