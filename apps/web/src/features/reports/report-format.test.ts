import { describe, expect, it } from 'vitest';
import type { MetricDelta, TrendPoint } from '@loadline/shared';
import {
  changeCounts,
  dayBound,
  deltaView,
  describeTrendChange,
  expiryLabel,
  formatDeltaAbsolute,
  formatDeltaPercent,
  shareStatus,
  sparklinePath,
  trendCharts,
  trendRequestNames,
} from './report-format';

const delta = (metric: string, base: number | null, head: number | null, change: MetricDelta['change']): MetricDelta => {
  const d = base !== null && head !== null ? head - base : null;
  return { metric, base, head, delta: d, deltaPct: d !== null && base ? head! / base - 1 : null, interval: null, change };
};

describe('deltas', () => {
  it('formats absolute changes with a sign and the metric unit; the error rate in percentage points', () => {
    expect(formatDeltaAbsolute('p95', 12.34)).toBe('+12.3 ms');
    expect(formatDeltaAbsolute('p95', -250)).toBe('−250 ms');
    expect(formatDeltaAbsolute('rps', -3.5)).toBe('−3.5 req/s');
    expect(formatDeltaAbsolute('errorRate', 0.005)).toBe('+0.5 pp');
    expect(formatDeltaAbsolute('count', 1500)).toBe('+1,500');
    expect(formatDeltaAbsolute('p95', 0)).toBe('0 ms');
    expect(formatDeltaAbsolute('p95', null)).toBe('—');
  });

  it('formats relative changes', () => {
    expect(formatDeltaPercent(0.125)).toBe('+12.5 %');
    expect(formatDeltaPercent(-0.031)).toBe('−3.1 %');
    expect(formatDeltaPercent(1.5)).toBe('+150 %');
    expect(formatDeltaPercent(0)).toBe('0 %');
    expect(formatDeltaPercent(0.0004)).toBe('+<0.1 %');
    expect(formatDeltaPercent(null)).toBe('—');
  });

  it('says better or worse in words and points the arrow the way the value moved', () => {
    const slower = deltaView(delta('p95', 100, 120, 'regression'));
    expect(slower).toMatchObject({
      label: 'p95 latency',
      base: '100 ms',
      head: '120 ms',
      absolute: '+20 ms',
      percent: '+20 %',
      arrow: '↑',
      word: 'Worse',
      tone: 'danger',
    });
    const faster = deltaView(delta('rps', 100, 150, 'improvement'));
    expect(faster).toMatchObject({ arrow: '↑', word: 'Better', tone: 'success' });
    const fewerErrors = deltaView(delta('errorRate', 0.02, 0.01, 'improvement'));
    expect(fewerErrors).toMatchObject({ arrow: '↓', word: 'Better', absolute: '−1 pp', base: '2 %', head: '1 %' });
    expect(deltaView(delta('p50', 10, 10.05, 'unchanged'))).toMatchObject({ arrow: '→', word: 'Within noise', tone: 'muted' });
    // The interval, relative to the base; the error rate's in percentage points.
    expect(deltaView({ ...delta('p95', 100, 112, 'regression'), interval: { low: 8, high: 16 } }).interval).toBe('95 % CI +8 % to +16 %');
    expect(deltaView({ ...delta('errorRate', 0, 0.05, 'regression'), interval: { low: 0.03, high: 0.07 } }).interval).toBe('95 % CI +3 pp to +7 pp');
    expect(deltaView(delta('p95', 100, 101, null)).interval).toBeNull();
    expect(deltaView(delta('count', 100, 200, null))).toMatchObject({ word: 'Not judged', tone: 'neutral' });
    expect(deltaView(delta('p95', null, 20, null))).toMatchObject({ arrow: null, word: 'Not comparable', base: '—' });
    // Response sizes in bytes, with their change but no judgement.
    expect(deltaView(delta('responseBytesP95', 1_000, 51_200, null))).toMatchObject({
      label: 'p95 response size',
      base: '1000 B',
      head: '50 KB',
      absolute: '+49 KB',
      arrow: '↑',
      word: 'Not judged',
    });
  });

  it("shows a script's own metric under k6's name, in the script's units, never better or worse", () => {
    expect(deltaView(delta('p(95)', 12.5, 10, null), true)).toMatchObject({
      label: 'p(95)',
      base: '12.5',
      head: '10',
      absolute: '−2.5',
      percent: '−20 %',
      arrow: '↓',
      word: 'Not judged',
    });
  });

  it('counts improvements and regressions', () => {
    expect(
      changeCounts([delta('p95', 1, 2, 'regression'), delta('rps', 1, 2, 'improvement'), delta('p50', 1, 1, 'unchanged'), delta('count', 1, 2, null)]),
    ).toEqual({
      improvement: 1,
      regression: 1,
      unchanged: 1,
    });
  });
});

const figures = (p95: number, errorRate = 0.01) => ({ count: 100, rps: 50, errorRate, p50: p95 / 2, p95, p99: p95 * 2 });
const point = (runId: string, createdAt: string, p95: number, extra: Partial<TrendPoint> = {}): TrendPoint => ({
  runId,
  createdAt,
  planVersion: 1,
  status: 'PASSED',
  verdict: 'PASS',
  verdictChanged: false,
  doubtful: false,
  overall: figures(p95),
  requests: { ping: figures(p95 / 2) },
  telemetry: [],
  labels: {},
  ...extra,
});

describe('trend change points', () => {
  it("marks the plan's baseline run, and draws no line for a limit relative to it", () => {
    const points = [point('a', '2026-11-01T10:00:00Z', 10), point('b', '2026-11-02T10:00:00Z', 11)];
    const charts = trendCharts({
      points,
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<=', value: 1.1, relativeTo: 'baseline' },
        { metric: 'latency', stat: 'p95', op: '<', value: 50 },
      ],
      baselineAt: '2026-11-01T10:00:00Z',
    });
    const labels = charts.latency.lines.map((line) => line.label);
    expect(labels).toEqual(['p50', 'p95', 'p99', 'Threshold: p95 < 50 ms', 'Baseline run']);
    expect(charts.latency.data[labels.indexOf('Baseline run') + 1]).toEqual([10, null]);
  });

  it('marks the run where p95 stepped on the whole-run chart, and says it in words', () => {
    const points = [point('a', '2026-11-01T10:00:00Z', 10), point('b', '2026-11-02T10:00:00Z', 15)];
    const charts = trendCharts({ points, thresholds: [], changePoints: [{ stat: 'p95', at: '2026-11-02T10:00:00Z' }] });
    const stepLine = charts.latency.lines.findIndex((line) => line.label === 'p95 stepped (change point)');
    expect(stepLine).toBeGreaterThan(-1);
    expect(charts.latency.data[stepLine + 1]).toEqual([null, 15]);
    // Not on a request's view: change points are of the whole run.
    expect(
      trendCharts({ points, thresholds: [], changePoints: [{ stat: 'p95', at: '2026-11-02T10:00:00Z' }] }, 'ping').latency.lines.some((line) =>
        line.label.includes('stepped'),
      ),
    ).toBe(false);
    // A request's own step is marked on that request's view, not on the whole run's.
    const requestStep = { points, thresholds: [], changePoints: [{ stat: 'p95', at: '2026-11-02T10:00:00Z', request: 'ping' }] };
    expect(trendCharts(requestStep, 'ping').latency.lines.some((line) => line.label.includes('stepped'))).toBe(true);
    expect(trendCharts(requestStep).latency.lines.some((line) => line.label.includes('stepped'))).toBe(false);
    expect(describeTrendChange({ stat: 'p95', step: 0.5, regression: true, before: 10, after: 15 })).toBe('p95 stepped up 50 % (regression)');
    expect(describeTrendChange({ stat: 'rps', step: -0.052, regression: true, before: 100, after: 94.8 })).toBe('throughput stepped down 5.2 % (regression)');
  });
});

describe('trendCharts', () => {
  const trend = {
    points: [
      point('a', '2026-11-20T10:00:00Z', 10),
      point('b', '2026-11-21T11:30:00Z', 30, {
        verdict: 'FAIL',
        status: 'FAILED',
        verdictChanged: true,
        planVersion: 2,
        requests: { ping: figures(15), login: figures(40) },
      }),
    ],
    thresholds: [
      { metric: 'latency', stat: 'p95', op: '<', value: 20 },
      { metric: 'latency', stat: 'p95', op: '<', value: 5, request: 'ping' },
      { metric: 'error_rate', op: '<', value: 0.05 },
      { metric: 'latency', stat: 'p99', op: '<', value: 50, scenario: 'other' },
    ] as never,
  };

  it('draws one x per run labelled by its time and version, p50/p95/p99, the run-wide thresholds and the verdict-change marker', () => {
    const charts = trendCharts(trend);
    expect(charts.latency.data[0]).toEqual([0, 1]);
    expect(charts.latency.xLabels).toEqual(['Nov 20, 10:00 · v1', 'Nov 21, 11:30 · v2']);
    expect(charts.latency.lines.map((line) => line.label)).toEqual(['p50', 'p95', 'p99', 'Threshold: p95 < 20 ms', 'Verdict changed']);
    expect(charts.latency.data[2]).toEqual([10, 30]);
    expect(charts.latency.data[4]).toEqual([20, 20]);
    expect(charts.latency.data[5]).toEqual([null, 30]);
    expect(charts.latency.lines[4]!.markers).toBe(true);
    expect(charts.errors.lines.map((line) => line.label)).toEqual(['Error rate', 'Threshold: errors < 5 %', 'Verdict changed']);
    expect(charts.errors.data[1]).toEqual([1, 1]);
    expect(charts.errors.data[2]).toEqual([5, 5]);
    expect(charts.throughput.data[1]).toEqual([50, 50]);
    expect(charts.changed).toEqual([1]);
  });

  it("follows one request (null where a run lacks it) with that request's thresholds", () => {
    expect(trendRequestNames(trend.points)).toEqual(['login', 'ping']);
    const ping = trendCharts(trend, 'ping');
    expect(ping.latency.data[2]).toEqual([5, 15]);
    expect(ping.latency.lines.map((line) => line.label)).toContain('Threshold: p95 < 5 ms');
    expect(ping.latency.lines.map((line) => line.label)).not.toContain('Threshold: p95 < 20 ms');
    const login = trendCharts(trend, 'login');
    expect(login.latency.data[2]).toEqual([null, 40]);
  });
});

describe('share links', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('is active, expired or revoked', () => {
    expect(shareStatus({ expiresAt: null, revokedAt: null }, now)).toBe('active');
    expect(shareStatus({ expiresAt: '2026-11-22T00:00:00Z', revokedAt: null }, now)).toBe('active');
    expect(shareStatus({ expiresAt: '2026-11-20T00:00:00Z', revokedAt: null }, now)).toBe('expired');
    expect(shareStatus({ expiresAt: null, revokedAt: '2026-11-21T00:00:00Z' }, now)).toBe('revoked');
  });

  it('says when a link expires', () => {
    expect(expiryLabel(null, now)).toBe('Never expires');
    expect(expiryLabel('2026-11-21T12:30:00Z', now)).toBe('Expires within the hour');
    expect(expiryLabel('2026-11-21T18:00:00Z', now)).toBe('Expires in 6 h');
    expect(expiryLabel('2026-11-22T12:00:00Z', now)).toBe('Expires in 1 day');
    expect(expiryLabel('2026-12-21T12:00:00Z', now)).toBe('Expires in 30 days');
    expect(expiryLabel('2026-11-21T06:00:00Z', now)).toBe('Expired today');
    expect(expiryLabel('2026-11-20T10:00:00Z', now)).toBe('Expired yesterday');
    expect(expiryLabel('2026-11-18T12:00:00Z', now)).toBe('Expired 3 days ago');
  });
});

describe('helpers', () => {
  it('turns date inputs into UTC day bounds', () => {
    expect(dayBound('2026-11-21', false)).toBe('2026-11-21T00:00:00.000Z');
    expect(dayBound('2026-11-21', true)).toBe('2026-11-21T23:59:59.999Z');
    expect(dayBound('', false)).toBeUndefined();
  });

  it('draws a sparkline path, breaking at missing values', () => {
    expect(sparklinePath([], 100, 20)).toBe('');
    expect(sparklinePath([null], 100, 20)).toBe('');
    expect(sparklinePath([5], 100, 20)).toBe('M50,10');
    expect(sparklinePath([10, 20], 100, 20)).toBe('M2,18 L98,2');
    expect(sparklinePath([10, null, 20, 15], 62, 22, 1)).toBe('M1,21 M41,1 L61,11');
  });
});
