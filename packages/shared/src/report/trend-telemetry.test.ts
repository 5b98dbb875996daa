import { describe, expect, it } from 'vitest';
import type { SourceFigures } from '../telemetry/report.js';
import { trendPointSchema, trendPointsFromFigures, type StoredTrendRun } from './trend.js';

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
