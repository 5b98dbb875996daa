import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '@loadline/shared';
import {
  ALL_REQUESTS,
  COLORS,
  complianceBands,
  PERCENTILE_STYLE,
  alignPoints,
  latencyChart,
  loadChart,
  mergePoints,
  requestNames,
  throughputChart,
  withLivePoints,
} from './series-data';

function point(elapsed: number, patch: Partial<SeriesPoint> = {}): SeriesPoint {
  return {
    t: 1_700_000_000 + elapsed,
    elapsed,
    vus: 10,
    rps: 100,
    errors: 0,
    errorRate: 0,
    p50: 2,
    p90: 4,
    p95: 5,
    p99: 9,
    requests: {
      GetListing: { count: 70, errors: 0, p50: 1.5, p90: 3, p95: 4, p99: 8 },
      Search: { count: 30, errors: 0, p50: 3, p90: 6, p95: 7, p99: 12 },
    },
    droppedIterations: 0,
    generatorCpu: null,
    ...patch,
  };
}

describe('mergePoints and withLivePoints', () => {
  it('keeps one point per second, sorted, the later one winning', () => {
    const merged = mergePoints([point(0), point(2)], [point(1), point(2, { rps: 250 })]);
    expect(merged.map((p) => p.elapsed)).toEqual([0, 1, 2]);
    expect(merged[2]!.rps).toBe(250);
  });

  it('appends a live point to the seeded series, replaces a second that is already there', () => {
    const seeded = { runId: 'r1', points: [point(0), point(1)], percentileRelativeError: 0.005 };
    expect(withLivePoints(seeded, 'r1', [point(2)]).points.map((p) => p.elapsed)).toEqual([0, 1, 2]);
    const replaced = withLivePoints(seeded, 'r1', [point(1, { vus: 99 })]);
    expect(replaced.points.map((p) => p.vus)).toEqual([10, 99]);
    expect(seeded.points).toHaveLength(2);
  });

  it("takes a stream's first event (every completed second so far) and the next ones (the newest second, then its final value)", () => {
    const seeded = { runId: 'r1', points: [point(0), point(1, { rps: 5 })], percentileRelativeError: 0.005 };
    // A reconnect: the first event carries seconds 0-3 complete, and 4 as it is now.
    const resumed = withLivePoints(seeded, 'r1', [point(0), point(1, { rps: 40 }), point(2), point(3), point(4, { rps: 7 })]);
    expect(resumed.points.map((p) => [p.elapsed, p.rps])).toEqual([
      [0, 100],
      [1, 40],
      [2, 100],
      [3, 100],
      [4, 7],
    ]);
    // The next event: second 4 complete, 5 as it is now.
    const next = withLivePoints(resumed, 'r1', [point(4, { rps: 50 }), point(5, { rps: 3 })]);
    expect(next.points.map((p) => [p.elapsed, p.rps])).toEqual([...resumed.points.slice(0, 4).map((p) => [p.elapsed, p.rps]), [4, 50], [5, 3]]);
    expect(withLivePoints(next, 'r1', [])).toBe(next);
  });

  it('starts a series when the page had none (opened before the first second)', () => {
    expect(withLivePoints(undefined, 'r1', [point(0)])).toEqual({ runId: 'r1', points: [point(0)], percentileRelativeError: 0.005 });
  });
});

describe('alignPoints', () => {
  it('fills seconds without a point with null, so lines break instead of bridging the gap', () => {
    const { xs, rows } = alignPoints([point(3), point(0), point(1)]);
    expect(xs).toEqual([0, 1, 2, 3]);
    expect(rows.map((row) => row?.elapsed ?? null)).toEqual([0, 1, null, 3]);
  });

  it('takes seconds that are already in order and complete as they are', () => {
    const points = [point(5), point(6), point(7)];
    const { xs, rows } = alignPoints(points);
    expect(xs).toEqual([0, 1, 2]);
    expect(rows).toEqual(points);
    expect(rows).not.toBe(points);
  });

  it('is empty for no points', () => {
    expect(alignPoints([])).toEqual({ xs: [], rows: [] });
  });

  it("counts x from t, whatever origin a live point's `elapsed` has", () => {
    // The live stream sends `elapsed` relative to the seconds fetched in that tick.
    const { xs, rows } = alignPoints([point(0), point(1), { ...point(3), elapsed: 1 }]);
    expect(xs).toEqual([0, 1, 2, 3]);
    expect(rows.map((row) => (row ? row.t - 1_700_000_000 : null))).toEqual([0, 1, null, 3]);
  });
});

describe('latencyChart', () => {
  it('draws whole-run p50/p95/p99 by default, coloured per percentile, in ms', () => {
    const model = latencyChart([point(0), point(1, { p95: null })], { requests: [ALL_REQUESTS], percentiles: ['p50', 'p95', 'p99'] });
    expect(model.lines.map((line) => line.label)).toEqual(['p50', 'p95', 'p99']);
    expect(model.lines.map((line) => line.color)).toEqual([PERCENTILE_STYLE.p50.color, PERCENTILE_STYLE.p95.color, PERCENTILE_STYLE.p99.color]);
    expect(model.lines.every((line) => line.scale === 'ms' && line.unit === 'ms')).toBe(true);
    expect(model.data).toEqual([
      [0, 1],
      [2, 2],
      [5, null],
      [9, 9],
    ]);
  });

  it('draws a selected request from its own percentiles, null where it had no requests that second', () => {
    const quiet = point(1, { requests: { GetListing: { count: 5, errors: 0, p50: 1, p90: 2, p95: 2, p99: 3 } } });
    const model = latencyChart([point(0), quiet], { requests: ['Search'], percentiles: ['p95'] });
    expect(model.lines.map((line) => line.label)).toEqual(['Search p95']);
    expect(model.data[1]).toEqual([7, null]);
  });

  it('with several requests, colours by request and dashes by percentile', () => {
    const model = latencyChart([point(0)], { requests: [ALL_REQUESTS, 'GetListing', 'Search'], percentiles: ['p50', 'p99'] });
    expect(model.lines.map((line) => line.label)).toEqual([
      'All requests p50',
      'All requests p99',
      'GetListing p50',
      'GetListing p99',
      'Search p50',
      'Search p99',
    ]);
    const colours = model.lines.map((line) => line.color);
    expect(new Set(colours).size).toBe(3);
    expect(colours[0]).toBe(colours[1]);
    expect(model.lines[0]!.dash).toBeUndefined();
    expect(model.lines[1]!.dash).toEqual([2, 2]);
    expect(model.data.slice(1).map((ys) => ys[0])).toEqual([2, 9, 1.5, 8, 3, 12]);
  });
});

describe('throughputChart', () => {
  it('plots req/s on the left and the error rate in percent on the right, with the count in the tooltip note', () => {
    const model = throughputChart([point(0), point(1, { rps: 80, errors: 4, errorRate: 0.05 })]);
    expect(model.lines.map((line) => [line.label, line.scale, line.color])).toEqual([
      ['Requests/s', 'rps', COLORS.rps],
      ['Errors', 'pct', COLORS.errors],
    ]);
    expect(model.data).toEqual([
      [0, 1],
      [100, 80],
      [0, 5],
    ]);
    expect(model.notes?.[1]).toEqual(['0 errors', '4 errors']);
  });

  it('writes large error counts with thousands separators', () => {
    const model = throughputChart([point(0, { errors: 1 }), point(1, { errors: 999 }), point(2, { errors: 12_345 })]);
    expect(model.notes?.[1]).toEqual(['1 error', '999 errors', '12,345 errors']);
  });

  it('adds dropped iterations only when there were some', () => {
    expect(throughputChart([point(0)]).lines).toHaveLength(2);
    const model = throughputChart([point(0), point(1, { droppedIterations: 12 })]);
    expect(model.lines[2]).toMatchObject({ label: 'Dropped iterations/s', scale: 'rps', unit: 'it/s' });
    expect(model.data[3]).toEqual([0, 12]);
  });
});

describe('loadChart', () => {
  it('plots VUs, and generator CPU in percent when it was sampled', () => {
    expect(loadChart([point(0, { vus: 5 })]).lines.map((line) => line.label)).toEqual(['VUs']);
    const model = loadChart([point(0, { vus: 5, generatorCpu: 0.42 }), point(2, { vus: 7, generatorCpu: null })]);
    expect(model.lines.map((line) => line.label)).toEqual(['VUs', 'Generator CPU']);
    expect(model.data).toEqual([
      [0, 1, 2],
      [5, null, 7],
      [42, null, null],
    ]);
  });
});

describe('requestNames', () => {
  it('lists plan order first, then names only the series knows', () => {
    const points = [point(0), point(1, { requests: { Zeta: { count: 1, errors: 0, p50: 1, p90: 1, p95: 1, p99: 1 } } })];
    expect(requestNames(points, ['Search', 'Missing', 'GetListing'])).toEqual(['Search', 'GetListing', 'Zeta']);
  });
});

describe('compliance bands on the latency chart', () => {
  it('draws a share-of-seconds threshold as its limit and the seconds over it', () => {
    const bands = complianceBands([
      { threshold: { metric: 'latency', stat: 'p95', op: '<', value: 200, compliance: { share: 0.99 } } },
      { threshold: { metric: 'latency', stat: 'p95', op: '<', value: 500 } },
      { threshold: { metric: 'error_rate', op: '<', value: 0.01, compliance: { share: 0.9 } } },
    ]);
    expect(bands).toEqual([{ label: 'p95 < 200 ms in ≥ 99 % of seconds', stat: 'p95', limitMs: 200, inclusive: false }]);
    const points = [150, 250, 200].map((p95, i) => ({ ...point(i), p95 }));
    const chart = latencyChart(points, { requests: [ALL_REQUESTS], percentiles: ['p95'] }, bands);
    expect(chart.lines.map((line) => line.label)).toEqual(['p95', 'p95 < 200 ms in ≥ 99 % of seconds', 'Seconds over it (p95)']);
    expect(chart.data[2]).toEqual([200, 200, 200]);
    // "< 200": a second at exactly 200 ms is over the line.
    expect(chart.data[3]).toEqual([null, 250, 200]);
  });
});
