import { describe, expect, it } from 'vitest';
import { decodeThresholdStop, findStopBreach, longestStopRule, offenders, STOP_MIN_OFFENDERS } from './stop-rule.js';
import { thresholdSchema, type Threshold } from './threshold.js';
import { repeat, requestSecond, second } from './test-fixtures.js';
import type { SecondSample } from './series.js';
import { emptyHistogram, recordValue } from './histogram.js';

const T0 = 1_700_000_000;
const t = (threshold: unknown) => thresholdSchema.parse(threshold) as Threshold;
const p95Stop = (extra: object = {}) => t({ metric: 'latency', stat: 'p95', op: '<', value: 500, stop: { after: '10s' }, ...extra });

/** `n` seconds from elapsed `from`, each with `count` requests of `name` at `latency(elapsed)` ms. */
function run(length: number, latency: (elapsed: number) => number, count = 100, name = 'Checkout'): SecondSample[] {
  return Array.from({ length }, (_, i) => second(T0 + i, [requestSecond(name, 200, repeat(latency(i), count))]));
}

describe('findStopBreach', () => {
  it('stops when every second of the last `after` seconds is in breach: "stopped at 30 s" for a target slow from 20 s', () => {
    const seconds = run(40, (elapsed) => (elapsed < 20 ? 40 : 1210));
    const stop = findStopBreach([p95Stop({ request: 'Checkout' })], seconds, T0);
    expect(stop).toMatchObject({ thresholdIndex: 0, atSeconds: 30, breachSeconds: 10, requests: 1000, offenders: 1000 });
    expect(stop!.measured).toBeCloseTo(1210, -1);
    expect(stop!.message).toBe('stopped at 30 s: p95 of Checkout 1,210 ms > 500 ms for 10 s');
    expect(decodeThresholdStop(stop)).toEqual(stop);
  });

  it('does not stop while the breach is shorter than `after`, nor when a good second breaks it', () => {
    // Nine slow seconds, one fast, nine slow: never ten in a row.
    const seconds = run(19, (elapsed) => (elapsed === 9 ? 40 : 1210));
    expect(findStopBreach([p95Stop()], seconds, T0)).toBeNull();
    expect(findStopBreach([p95Stop()], seconds.slice(0, 9), T0)).toBeNull();
  });

  it('treats a missing second or one without requests in scope as no evidence: the streak starts again', () => {
    const slow = run(20, () => 1210);
    const gap = [...slow.slice(0, 6), ...slow.slice(7)];
    expect(findStopBreach([p95Stop()], gap, T0)).toMatchObject({ atSeconds: 17 });
    const idle = slow.map((s, i) => (i === 6 ? { ...s, requests: [] } : s));
    expect(findStopBreach([p95Stop()], idle, T0)).toMatchObject({ atSeconds: 17 });
    const otherRequest = slow.map((s, i) => (i === 6 ? second(s.t, [requestSecond('Search', 200, repeat(1210, 100))]) : s));
    expect(findStopBreach([p95Stop({ request: 'Checkout' })], otherRequest, T0)).toMatchObject({ atSeconds: 17 });
  });

  it(`needs ${STOP_MIN_OFFENDERS} requests over the line: one slow request a second of two does not stop a run`, () => {
    // Each second's p95 of 2 requests is the slow one, but that is 5 slow requests in 5 s.
    const noisy = Array.from({ length: 30 }, (_, i) => second(T0 + i, [requestSecond('Get', 200, [40, 1210])]));
    const fiveSeconds = t({ metric: 'latency', stat: 'p95', op: '<', value: 500, stop: { after: '5s' } });
    expect(findStopBreach([fiveSeconds], noisy, T0)).toBeNull();
    // Four a second, all slow: 20 over the line in 5 s is a breach.
    const slow = Array.from({ length: 30 }, (_, i) => second(T0 + i, [requestSecond('Get', 200, repeat(1210, 4))]));
    expect(findStopBreach([fiveSeconds], slow, T0)).toMatchObject({ atSeconds: 5, offenders: 20, requests: 20 });
  });

  it("does not stop on 1 % slow requests at 100 a second: each second's own p95 holds", () => {
    const seconds = Array.from({ length: 30 }, (_, i) => second(T0 + i, [requestSecond('Get', 200, [...repeat(40, 99), 5000])]));
    expect(findStopBreach([p95Stop()], seconds, T0)).toBeNull();
  });

  it('judges only the seconds inside the window: a slow warm-up does not stop a run judged after it', () => {
    // Slow for the first 15 s, fast from then to 30 s, slow again from 30 s.
    const seconds = run(50, (elapsed) => (elapsed < 15 || elapsed >= 30 ? 1210 : 40));
    const windowed = p95Stop({ window: { after: '15s' } });
    const stop = findStopBreach([windowed], seconds, T0);
    expect(stop).toMatchObject({ atSeconds: 40 });
    expect(stop!.message).toBe('stopped at 40 s: p95 1,210 ms > 500 ms for 10 s, inside its window (after 15 s)');
    // Without the window the warm-up itself stops it.
    expect(findStopBreach([p95Stop()], seconds, T0)).toMatchObject({ atSeconds: 10 });
    // A window that ends before the second breach: nothing to stop.
    expect(findStopBreach([p95Stop({ window: { after: '15s', until: '35s' } })], seconds, T0)).toBeNull();
  });

  it('stops on error rates and status shares, and names the earliest breach of several thresholds', () => {
    const seconds = Array.from({ length: 30 }, (_, i) =>
      second(T0 + i, [requestSecond('Get', 200, repeat(20, i >= 5 ? 80 : 100)), requestSecond('Get', 503, repeat(20, i >= 5 ? 20 : 0))]),
    );
    const thresholds = [
      p95Stop(),
      t({ metric: 'status_share', status: '5xx', op: '<', value: 0.05, stop: { after: '8s' } }),
      t({ metric: 'error_rate', op: '<', value: 0.01, stop: { after: '5s' } }),
    ];
    const stop = findStopBreach(thresholds, seconds, T0);
    expect(stop).toMatchObject({ thresholdIndex: 2, atSeconds: 10, requests: 500, offenders: 100 });
    expect(stop!.message).toBe('stopped at 10 s: error rate 20 % > 1 % for 5 s');
  });

  it('says how long to look back', () => {
    expect(
      longestStopRule([p95Stop(), t({ metric: 'error_rate', op: '<', value: 0.01, stop: { after: '1m' } }), t({ metric: 'error_rate', op: '<', value: 0.01 })]),
    ).toBe(60);
    expect(longestStopRule([])).toBe(0);
  });

  it("stops on a custom script's own trend from its options (abortOnFail): values over the line every second", () => {
    const trendOf = (values: number[]) => {
      const histogram = emptyHistogram();
      for (const value of values) recordValue(histogram, value);
      return { name: 'queue_wait', type: 'trend' as const, contains: 'time' as const, histogram };
    };
    const seconds = run(20, () => 5).map((s, i) => ({ ...s, customMetrics: [trendOf(Array<number>(20).fill(i < 8 ? 50 : 900))] }));
    const threshold = t({
      metric: 'custom',
      name: 'queue_wait',
      stat: 'p(95)',
      op: '<',
      value: 500,
      stop: { after: '5s' },
      fromScript: { metric: 'queue_wait', expression: 'p(95)<500' },
    });
    expect(findStopBreach([threshold], seconds, T0)).toMatchObject({
      atSeconds: 13,
      offenders: 100,
      message: 'stopped at 13 s: p(95) of queue_wait 900 > 500 for 5 s',
    });
    // One value a second (5 over the line) cannot stop a run, however slow: it takes 10.
    const few = seconds.map((s) => ({ ...s, customMetrics: [trendOf([900])] }));
    expect(findStopBreach([threshold], few, T0)).toBeNull();
  });
});

describe('offenders', () => {
  const s = second(T0, [requestSecond('Get', 200, [10, 480, 520, 900, 900]), requestSecond('Get', 429, [5, 5]), requestSecond('Other', 500, [1])], {
    checks: [
      { name: 'Get: status is 200', passes: 5, fails: 2 },
      { name: 'Other: ok', passes: 0, fails: 1 },
    ],
  });

  it('counts the requests on the wrong side of the line', () => {
    // Read from the histogram: exact away from the limit, within 0.5 % of it at the limit.
    expect(offenders(t({ metric: 'latency', stat: 'p95', request: 'Get', op: '<', value: 500 }), s)).toBe(3);
    expect(offenders(t({ metric: 'latency', stat: 'max', request: 'Get', op: '<=', value: 900 }), s)).toBe(0);
    expect(offenders(t({ metric: 'latency', stat: 'max', request: 'Get', op: '<', value: 900 }), s)).toBe(2);
    expect(offenders(t({ metric: 'latency', stat: 'min', request: 'Get', op: '>', value: 100 }), s)).toBe(3);
    expect(offenders(t({ metric: 'latency', stat: 'p95', op: '<', value: 500 }), s)).toBe(3);
    expect(offenders(t({ metric: 'error_rate', op: '<', value: 0.01 }), s)).toBe(3);
    expect(offenders(t({ metric: 'status_share', status: '429', op: '<', value: 0.01 }), s)).toBe(2);
    expect(offenders(t({ metric: 'check_rate', request: 'Get', op: '>=', value: 0.99 }), s)).toBe(2);
    expect(offenders(t({ metric: 'check_rate', op: '>=', value: 0.99 }), s)).toBe(3);
  });
});
