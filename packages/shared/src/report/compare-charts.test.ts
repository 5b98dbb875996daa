import { describe, expect, it } from 'vitest';
import { requestSecond, second } from '../test-fixtures.js';
import { comparisonCharts } from './compare-charts.js';

const inPhase = (name: string, scenario: string, latencies: number[]) => ({ ...requestSecond(name, 200, latencies), scenario });

describe('comparisonCharts', () => {
  it('counts each run from its own first second and reads percentiles from the merged histograms', () => {
    const base = [
      second(1_000, [requestSecond('a', 200, [10, 10, 10, 10])]),
      second(1_001, [requestSecond('a', 200, Array(10).fill(10)), requestSecond('b', 200, Array(10).fill(100))]),
    ];
    const head = [second(5_000, [requestSecond('a', 200, [20, 20])]), second(5_002, [requestSecond('a', 200, [30])])];
    const charts = comparisonCharts(base, head, []);
    expect(charts.base.whole.map((point) => point.elapsed)).toEqual([0, 1]);
    expect(charts.head.whole.map((point) => point.elapsed)).toEqual([0, 2]);
    expect(charts.base.whole.map((point) => point.rps)).toEqual([4, 20]);
    // Second 1 of base holds ten 10 ms and ten 100 ms requests: its p95 is 100 ms (not an average of the two rows' p95).
    expect(charts.base.whole[1]!.p95).toBeCloseTo(100, 0);
    expect(charts.head.whole[0]!.p50).toBeCloseTo(20, 0);
    expect(charts.base.phases).toEqual([]);
  });

  it('gives a second without requests a zero rate and no latency', () => {
    const charts = comparisonCharts([second(1, [])], [second(1, [requestSecond('a', 200, [5])])], []);
    expect(charts.base.whole).toEqual([{ elapsed: 0, rps: 0, p50: null, p95: null }]);
  });

  it('per phase: only that phase rows, counted from its own first second in each run', () => {
    const base = [
      second(100, [inPhase('a', 'warm', [5, 5])]),
      second(101, [inPhase('a', 'warm', [5]), inPhase('a', 'peak', [50])]),
      second(102, [inPhase('a', 'peak', [60, 60, 60])]),
    ];
    const head = [second(200, [inPhase('a', 'warm', [6])]), second(201, [inPhase('a', 'warm', [6])]), second(202, [inPhase('a', 'peak', [70])])];
    const charts = comparisonCharts(base, head, ['warm', 'peak']);
    expect(charts.base.phases.map((phase) => phase.name)).toEqual(['warm', 'peak']);
    const basePeak = charts.base.phases[1]!.points;
    expect(basePeak.map((point) => [point.elapsed, point.rps])).toEqual([
      [0, 1],
      [1, 3],
    ]);
    expect(basePeak[1]!.p50).toBeCloseTo(60, 0);
    expect(charts.head.phases[1]!.points.map((point) => point.elapsed)).toEqual([0]);
    expect(charts.head.phases[0]!.points.map((point) => point.elapsed)).toEqual([0, 1]);
  });
});
