import { describe, expect, it } from 'vitest';
import type { ComparisonCharts } from '@loadline/shared';
import { compareChartScopes, compareLatencyChart, compareThroughputChart } from './compare-chart-model';

const point = (elapsed: number, p95: number | null, rps = 10) => ({ elapsed, rps, p50: p95 === null ? null : p95 / 2, p95 });

describe('compare charts', () => {
  it('puts both runs on one axis from 0 to the longer run, nulls where a run has no second', () => {
    const model = compareLatencyChart([point(0, 10), point(1, 12)], [point(0, 20), point(2, 22)]);
    expect(model.data[0]).toEqual([0, 1, 2]);
    expect(model.lines.map((line) => line.label)).toEqual(['Base p95', 'Head p95', 'Base p50', 'Head p50']);
    expect(model.data[1]).toEqual([10, 12, null]);
    expect(model.data[2]).toEqual([20, null, 22]);
    expect(model.data[4]).toEqual([10, null, 11]);
    // Base dashed, head solid: told apart without colour.
    expect(model.lines[0]!.dash).toBeDefined();
    expect(model.lines[1]!.dash).toBeUndefined();
  });

  it('throughput: one line per run', () => {
    const model = compareThroughputChart([point(0, 1, 5)], [point(0, 1, 7), point(1, 1, 8)]);
    expect(model.lines.map((line) => line.label)).toEqual(['Base req/s', 'Head req/s']);
    expect(model.data.slice(1)).toEqual([
      [5, null],
      [7, 8],
    ]);
  });

  it('draws the whole run, then each phase either run has seconds of', () => {
    const charts: ComparisonCharts = {
      base: {
        whole: [point(0, 1)],
        phases: [
          { name: 'warm', points: [point(0, 1)] },
          { name: 'peak', points: [] },
        ],
      },
      head: {
        whole: [point(0, 2)],
        phases: [
          { name: 'warm', points: [point(0, 2)] },
          { name: 'peak', points: [] },
        ],
      },
    };
    expect(compareChartScopes(charts).map((scope) => scope.title)).toEqual(['Whole run', 'Phase warm']);
  });
});
