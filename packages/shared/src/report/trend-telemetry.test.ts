import { describe, expect, it } from 'vitest';
import type { SourceFigures } from '../telemetry/report.js';
import { trendPointSchema, trendPointsFromFigures, type StoredTrendRun } from './trend.js';
import { trendSeries, trendSeriesQuerySchema } from './trend-series.js';

const api: SourceFigures = {
  source: 'api',
  peakCpuShare: 0.92,
  peakCpuCores: 3.7,
  cpuSecondsPer1kRequests: 1.25,
  peakMemoryBytes: 300_000_000,
  restarts: 1,
  backlogGrowthPerSecond: null,
  coverage: 0.98,
};

const stored = (runId: string, createdAt: string, telemetry?: SourceFigures[]): StoredTrendRun => ({
  runId,
  createdAt,
  planVersion: 1,
  status: 'PASSED',
  verdict: 'PASS',
  doubtful: false,
  figures: [{ request: '', stat: 'count', value: 100 }],
  ...(telemetry ? { telemetry } : {}),
});

describe('trend points with telemetry', () => {
  it('carries each run’s per-source figures onto its point, oldest first, and none for a run without sources', () => {
    const points = trendPointsFromFigures([stored('new', '2026-11-27T02:00:00.000Z', [api]), stored('old', '2026-11-27T01:00:00.000Z')]);
    expect(points.map((point) => [point.runId, point.telemetry])).toEqual([
      ['old', []],
      ['new', [api]],
    ]);
  });

  it('reads a stored point from before telemetry as having none', () => {
    const { telemetry, ...older } = trendPointsFromFigures([stored('a', '2026-11-27T01:00:00.000Z', [api])])[0]!;
    expect(telemetry).toEqual([api]);
    expect(trendPointSchema.parse(older).telemetry).toEqual([]);
  });
});

describe('one source figure over the runs (GET /plans/:id/trend?stat=…&source=…)', () => {
  const trend = {
    planName: 'P',
    targetId: 't1',
    from: null,
    to: null,
    thresholds: [{ metric: 'latency' as const, stat: 'p95' as const, op: '<' as const, value: 50 }],
    changePoints: [],
    points: trendPointsFromFigures([
      stored('a', '2026-11-27T01:00:00.000Z', [api]),
      stored('b', '2026-11-27T02:00:00.000Z', [{ ...api, cpuSecondsPer1kRequests: 0.6 }]),
      stored('c', '2026-11-27T03:00:00.000Z'),
    ]),
  };

  it("reads the named source's figure on each run, null where it had none, with no load threshold on it", () => {
    const series = trendSeries(trend, 'cpu_seconds_per_1k_requests', undefined, 'api');
    expect(series).toMatchObject({ stat: 'cpu_seconds_per_1k_requests', source: 'api', request: null, unit: 'cpu_seconds_per_1k_requests', thresholds: [] });
    expect(series.points.map((point) => point.value)).toEqual([1.25, 0.6, null]);
    expect(trendSeries(trend, 'peak_memory_bytes', undefined, 'worker').points.map((point) => point.value)).toEqual([null, null, null]);
    expect(trendSeries(trend, 'p95')).toMatchObject({ source: null, unit: 'ms' });
  });

  it('asks for a source with a source figure, and for none with a figure of the load', () => {
    const issues = (query: object) => trendSeriesQuerySchema.safeParse(query).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(issues({ stat: 'restarts' })).toEqual(['source']);
    expect(issues({ stat: 'p95', source: 'api' })).toEqual(['source']);
    expect(issues({ stat: 'restarts', source: 'api', request: 'Get' })).toEqual(['request']);
    expect(issues({ stat: 'restarts', source: 'API!' })).toEqual(['source']);
    expect(issues({ stat: 'restarts', source: 'api' })).toEqual([]);
  });
});
