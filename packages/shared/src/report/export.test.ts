import { describe, expect, it } from 'vitest';
import { runToCsv, runToJunit } from './export.js';
import { baselineFindings, type RunBaseline } from './baseline.js';
import type { MetricDelta } from './compare.js';
import { scrubPublicText } from './share.js';
import { toPublicShare } from './public-share.js';
import { emptyHistogram, recordValue } from '../histogram.js';
import { summarizeCustomMetric, type CustomMetricSecond } from '../custom-metrics.js';
import { run, stats } from './test-runs.js';

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
      phases: [],
      overall: [
        delta('p95', 100, 112, { low: 8, high: 16 }, 'regression'),
        delta('p50', 50, 51, { low: -1, high: 2 }, 'unchanged'),
        delta('rps', 100, 100, null, null),
      ],
      requests: [],
      customMetrics: [],
      noise: null,
      telemetry: { sources: [] },
      charts: null,
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
