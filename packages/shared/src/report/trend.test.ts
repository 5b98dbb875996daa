import { describe, expect, it } from 'vitest';
import type { Threshold } from '../threshold.js';
import { trendFigureRows, trendPoints, trendPointsFromFigures } from './trend.js';
import { trendSeries } from './trend-series.js';
import { run } from './test-runs.js';

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

  it('marks only PASS <-> FAIL as a verdict change: INCONCLUSIVE says nothing either way', () => {
    const points = trendPoints([
      run('a', '2026-11-01T00:00:00Z', 10),
      run('b', '2026-11-02T00:00:00Z', 10, { verdict: 'INCONCLUSIVE', status: 'INCONCLUSIVE' }),
      run('c', '2026-11-03T00:00:00Z', 10),
      run('d', '2026-11-04T00:00:00Z', 10, { verdict: 'INCONCLUSIVE', status: 'INCONCLUSIVE' }),
      run('e', '2026-11-05T00:00:00Z', 30, { verdict: 'FAIL', status: 'FAILED' }),
    ]);
    expect(points.map((point) => [point.runId, point.verdictChanged])).toEqual([
      ['a', false],
      ['b', false],
      ['c', false],
      ['d', false],
      ['e', true],
    ]);
    const first = trendPoints([
      run('a', '2026-11-01T00:00:00Z', 10, { verdict: 'INCONCLUSIVE', status: 'INCONCLUSIVE' }),
      run('b', '2026-11-02T00:00:00Z', 10),
    ]);
    expect(first.map((point) => point.verdictChanged)).toEqual([false, false]);
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
  const trend = { planName: 'P', targetId: 't1', from: null, to: null, points, thresholds, changePoints: [] };

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
