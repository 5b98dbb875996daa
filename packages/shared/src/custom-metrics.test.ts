import { describe, expect, it } from 'vitest';
import { emptyHistogram, recordValue, type Histogram } from './histogram.js';
import {
  CustomMetricsMerger,
  customMetricFigure,
  customOffenders,
  customPercentileInterval,
  summarizeCustomMetric,
  trendQuantile,
  type CustomMetricSecond,
} from './custom-metrics.js';
import { customMetricSummarySchema } from './custom-metrics.js';
import { summarizeSeconds } from './summary.js';
import { mergeSegmentsBySecond } from './series-merge.js';
import { evaluateThresholds, type Threshold } from './threshold.js';
import { secondSampleSchema, type SecondSample } from './series.js';

function histogramOf(values: readonly number[]): Histogram {
  const histogram = emptyHistogram();
  for (const value of values) recordValue(histogram, value);
  return histogram;
}

/** A trend second as the extension writes it: values ≥ 0 in `histogram`, magnitudes of the rest in `negative`. */
function trend(name: string, values: readonly number[]): CustomMetricSecond {
  const negatives = values.filter((value) => value < 0).map((value) => -value);
  return {
    name,
    type: 'trend',
    contains: 'default',
    histogram: histogramOf(values.filter((value) => value >= 0)),
    ...(negatives.length ? { negative: histogramOf(negatives) } : {}),
  };
}

const second = (t: number, customMetrics: CustomMetricSecond[]): SecondSample => secondSampleSchema.parse({ v: 1, t, requests: [], customMetrics });

describe('custom metrics', () => {
  it('merges seconds and segments: histograms add, counters sum, rates add passes and totals, the latest gauge wins', () => {
    const merger = new CustomMetricsMerger();
    merger.add([trend('size', [1, 2, 3]), { name: 'orders', type: 'counter', contains: 'default', sum: 5 }, { name: 'ok', type: 'rate', passes: 3, total: 4 }]);
    merger.add([
      trend('size', [4, 5]),
      { name: 'orders', type: 'counter', contains: 'default', sum: 2.5 },
      { name: 'ok', type: 'rate', passes: 1, total: 6 },
      { name: 'depth', type: 'gauge', contains: 'default', last: 7, lastMs: 2_000, min: 3, max: 9 },
    ]);
    merger.add([{ name: 'depth', type: 'gauge', contains: 'default', last: 4, lastMs: 1_000, min: 1, max: 4 }]);
    const [depth, ok, orders, size] = merger.result();
    expect(depth).toEqual({ name: 'depth', type: 'gauge', contains: 'default', last: 7, lastMs: 2_000, min: 1, max: 9 });
    expect(ok).toEqual({ name: 'ok', type: 'rate', passes: 4, total: 10 });
    expect(orders).toMatchObject({ sum: 7.5 });
    expect(size).toMatchObject({ histogram: { count: 5, sum: 15, min: 1, max: 5 } });
  });

  it('does not change the seconds it merges', () => {
    const first = trend('size', [1, 2]);
    const merger = new CustomMetricsMerger();
    merger.add([first]);
    merger.add([trend('size', [3])]);
    expect(first.type === 'trend' && first.histogram.count).toBe(2);
  });

  it('reads a trend across zero: ranks run from the most negative value up', () => {
    const values = [-50, -10, -1, 0, 2, 20, 200];
    const { histogram, negative } = trend('delta', values) as Extract<CustomMetricSecond, { type: 'trend' }>;
    expect(trendQuantile(histogram, negative, 0)).toBe(-50);
    expect(trendQuantile(histogram, negative, 1)).toBe(200);
    // Each read within the histogram's 0.5 % of the sample of rank floor(q·(n−1)).
    values.forEach((value, rank) => {
      const read = trendQuantile(histogram, negative, rank / (values.length - 1) + 1e-9)!;
      expect(Math.abs(read - value)).toBeLessThanOrEqual(Math.abs(value) * 0.005 + 1e-9);
    });
    const summary = summarizeCustomMetric({ name: 'delta', type: 'trend', contains: 'default', histogram, negative }, 10);
    expect(summary).toMatchObject({ count: 7, min: -50, max: 200 });
    expect(summary.type === 'trend' && summary.avg).toBeCloseTo(161 / 7, 9);
  });

  it('summarises each type and reads the statistics k6 allows for it', () => {
    const size = summarizeCustomMetric(
      trend(
        'size',
        Array.from({ length: 1000 }, (_, i) => i + 1),
      ),
      10,
    );
    expect(size).toMatchObject({ type: 'trend', count: 1000, min: 1, max: 1000, avg: 500.5 });
    expect(customMetricFigure(size, 'p(99.9)')).toBeCloseTo(999, -1);
    expect(customMetricFigure(size, 'med')).toBeCloseTo(500, -1);
    expect(customMetricFigure(size, 'count')).toBeNull();
    const orders = summarizeCustomMetric({ name: 'orders', type: 'counter', contains: 'default', sum: 120 }, 8);
    expect([customMetricFigure(orders, 'count'), customMetricFigure(orders, 'rate')]).toEqual([120, 15]);
    const ok = summarizeCustomMetric({ name: 'ok', type: 'rate', passes: 9, total: 12 }, 8);
    expect(customMetricFigure(ok, 'rate')).toBe(0.75);
    const depth = summarizeCustomMetric({ name: 'depth', type: 'gauge', contains: 'default', last: 3, lastMs: 1, min: -2, max: 8 }, 8);
    expect(['value', 'min', 'max', 'avg'].map((stat) => customMetricFigure(depth, stat))).toEqual([3, -2, 8, null]);
    // What the summary keeps decodes strictly.
    for (const metric of [size, orders, ok, depth]) expect(customMetricSummarySchema.parse(metric)).toEqual(metric);
  });

  it('carries a percentile interval for trends of values ≥ 0', () => {
    const size = summarizeCustomMetric(
      trend(
        'size',
        Array.from({ length: 1000 }, (_, i) => i + 1),
      ),
      10,
    );
    const interval = customPercentileInterval(size, 'p(95)')!;
    expect(interval.low).toBeLessThan(950);
    expect(interval.high).toBeGreaterThan(950);
    expect(customPercentileInterval(summarizeCustomMetric(trend('d', [-1, 1]), 1), 'p(95)')).toBeNull();
  });

  it('counts the values over a stop rule’s line', () => {
    const metric = trend('size', [-5, 1, 10, 20, 30]);
    expect(customOffenders(metric, true, 10, true)).toBe(3); // "< 10": 10, 20 and 30 break it
    // At the limit itself the bucket decides (±0.5 %); at the exact maximum it is exact.
    expect([customOffenders(metric, true, 30, true), customOffenders(metric, true, 30, false)]).toEqual([1, 0]); // "< 30", "<= 30"
    expect(customOffenders(metric, false, 10, true)).toBe(2); // ">= 10": -5 and 1
    expect(customOffenders(metric, true, -2, true)).toBe(4); // "< -2": everything but -5
    expect(customOffenders({ name: 'ok', type: 'rate', passes: 3, total: 10 }, false, 0.9, true)).toBe(7);
    expect(customOffenders({ name: 'n', type: 'counter', contains: 'default', sum: 3 }, true, 1, true)).toBeNull();
  });

  it('merges segments per second and keeps the metrics in the run summary', () => {
    const merged = mergeSegmentsBySecond([
      { segmentIndex: 0, generator: null, sample: second(100, [trend('size', [1, 2]), { name: 'orders', type: 'counter', contains: 'default', sum: 2 }]) },
      { segmentIndex: 1, generator: null, sample: second(100, [trend('size', [3]), { name: 'orders', type: 'counter', contains: 'default', sum: 1 }]) },
      { segmentIndex: 0, generator: null, sample: second(101, [{ name: 'orders', type: 'counter', contains: 'default', sum: 4 }]) },
      { segmentIndex: 1, generator: null, sample: second(101, []) },
    ]);
    expect(merged.map((m) => m.sample.customMetrics?.map((metric) => metric.name))).toEqual([['orders', 'size'], ['orders']]);
    const summary = summarizeSeconds(merged.map((m) => m.sample));
    expect(
      summary.customMetrics.map((metric) => [metric.name, metric.type === 'trend' ? metric.count : metric.type === 'counter' ? metric.count : null]),
    ).toEqual([
      ['orders', 7],
      ['size', 3],
    ]);
    // Seconds recorded before custom metrics existed still decode, with none.
    expect(summarizeSeconds([secondSampleSchema.parse({ v: 1, t: 5, requests: [] })]).customMetrics).toEqual([]);
  });

  it('decodes a line as the k6 output extension writes it', () => {
    const line =
      '{"v":1,"t":1795482012,"requests":[],"vus":0,"vusMax":0,"iterations":5,"droppedIterations":0,"bytesReceived":0,"bytesSent":0,' +
      '"customMetrics":[{"name":"my_counter","type":"counter","contains":"default","sum":5},' +
      '{"name":"my_gauge","type":"gauge","contains":"default","last":4,"lastMs":1795482012430,"min":0,"max":4},' +
      '{"name":"my_rate","type":"rate","passes":2,"total":5},' +
      '{"name":"my_trend","type":"trend","contains":"time","histogram":{"relativeAccuracy":0.005,"count":5,"sum":100,"min":0,"max":40,"zeroCount":1,"bins":{"231":1,"300":1,"341":1,"369":1}}}],"checks":[]}';
    const summary = summarizeSeconds([secondSampleSchema.parse(JSON.parse(line))]);
    expect(
      summary.customMetrics.map((metric) => [
        metric.name,
        metric.type === 'trend' ? metric.max : metric.type === 'gauge' ? metric.value : metric.type === 'rate' ? metric.rate : metric.count,
      ]),
    ).toEqual([
      ['my_counter', 5],
      ['my_gauge', 4],
      ['my_rate', 0.4],
      ['my_trend', 40],
    ]);
  });

  it('judges a threshold on a custom metric, and says why when it cannot', () => {
    const summary = summarizeSeconds([second(100, [trend('size', [10, 20, 30]), { name: 'ok', type: 'rate', passes: 1, total: 4 }])]);
    const custom = (name: string, stat: string, op: Threshold['op'], value: number): Threshold => ({
      metric: 'custom',
      name,
      stat,
      op,
      value,
      fromScript: { metric: name, expression: `${stat}${op}${value}` },
    });
    const results = evaluateThresholds(
      [custom('size', 'max', '<', 25), custom('ok', 'rate', '>=', 0.2), custom('gone', 'avg', '<', 1), custom('ok', 'p(95)', '<', 1)],
      summary,
    );
    expect(results.map((result) => [result.verdict, result.explanation])).toEqual([
      ['FAIL', 'max of size 30 against < 25: over by 20 %'],
      ['PASS', 'rate of ok 0.25 against >= 0.2: 25 % headroom'],
      ['INCONCLUSIVE', 'avg of gone < 1: no value of gone was recorded, nothing to judge'],
      ['INCONCLUSIVE', 'p(95) of ok < 1: ok is a rate, which has no p(95), nothing to judge'],
    ]);
  });
});
