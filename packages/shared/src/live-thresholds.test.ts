import { describe, expect, it } from 'vitest';
import { liveThresholds } from './live-thresholds.js';
import { liveProgressSchema } from './series-view.js';
import { findStopBreach, stopMessage, stoppedAtSeconds, THRESHOLD_STOP_CODE } from './stop-rule.js';
import { repeat, requestSecond, second } from './test-fixtures.js';
import { thresholdSchema, type Threshold } from './threshold.js';

const T0 = 1_700_000_000;
const threshold = (input: unknown): Threshold => thresholdSchema.parse(input);
/** `n` seconds of `perSecond` requests each taking `ms`, from `from` seconds after T0. */
const seconds = (n: number, perSecond: number, ms: number, from = 0) =>
  Array.from({ length: n }, (_, i) => second(T0 + from + i, [requestSecond('Get', 200, repeat(ms, perSecond))]));

describe('liveThresholds', () => {
  const p95 = threshold({ metric: 'latency', stat: 'p95', op: '<', value: 100 });

  it('says "not enough samples yet" before any second is measured', () => {
    const [status] = liveThresholds([p95], []);
    expect(status).toMatchObject({ index: 0, state: 'waiting', measured: null, stop: null });
    expect(status!.explanation).toContain('no second measured yet');
  });

  it('holds a percentile back until it has the samples the TOO_FEW_SAMPLES rule asks (n·(1−q) ≥ 10)', () => {
    // p95 needs 200 requests: 150 fast ones are not enough to say PASS, as they would not be at the end.
    const [few] = liveThresholds([p95], seconds(3, 50, 10));
    expect(few).toMatchObject({ state: 'waiting', samples: { have: 150, needed: 200 } });
    expect(few!.explanation).toContain('150 of the 200 requests a p95 needs');
    const [enough] = liveThresholds([p95], seconds(5, 50, 10));
    expect(enough).toMatchObject({ state: 'pass', samples: null });
    expect(enough!.measured).toBeCloseTo(10, 0);
  });

  it('turns from PASS so far to FAIL so far when the target slows down', () => {
    const fast = seconds(5, 50, 10);
    expect(liveThresholds([p95], fast)[0]!.state).toBe('pass');
    // Then 10 seconds at 300 ms: more than 5 % of all requests are slow, the p95 is over 100 ms.
    const slowed = [...fast, ...seconds(10, 50, 300, 5)];
    const [status] = liveThresholds([p95], slowed);
    expect(status!.state).toBe('fail');
    expect(status!.measured!).toBeGreaterThan(100);
  });

  it('judges error rates and windows as the final verdict does', () => {
    const errors = threshold({ metric: 'error_rate', op: '<', value: 0.1 });
    const afterWarmUp = threshold({ metric: 'latency', stat: 'avg', op: '<', value: 50, window: { after: '10s' } });
    const run = [...seconds(5, 10, 20), second(T0 + 5, [requestSecond('Get', 200, repeat(20, 5)), requestSecond('Get', 500, repeat(20, 5))])];
    const [errorRate, windowed] = liveThresholds([errors, afterWarmUp], run);
    // 5 errors of 60 requests: 8.3 % < 10 %.
    expect(errorRate).toMatchObject({ state: 'pass' });
    expect(errorRate!.measured).toBeCloseTo(5 / 60, 5);
    // No second after 10 s yet: nothing to judge so far.
    expect(windowed).toMatchObject({ state: 'waiting', measured: null });
  });

  it('leaves thresholds judged against the baseline to the end of the run', () => {
    const relative = threshold({ metric: 'latency', stat: 'p95', op: '<', value: 1.1, relativeTo: 'baseline' });
    const [status] = liveThresholds([relative], seconds(5, 50, 10));
    expect(status).toMatchObject({ state: 'at-end', measured: null });
    expect(status!.explanation).toContain('judged when the run ends');
  });

  it('counts how long a stop rule has been breached, then says when it stopped the run', () => {
    const stopping = threshold({ metric: 'latency', stat: 'p95', op: '<', value: 100, stop: { after: '5s' } });
    const run = [...seconds(5, 50, 10), ...seconds(3, 50, 300, 5)];
    expect(liveThresholds([stopping], run)[0]!.stop).toEqual({ afterSeconds: 5, breachingSeconds: 3, stoppedAtSeconds: null });
    // A fast second ends the streak.
    expect(liveThresholds([stopping], [...run, ...seconds(1, 50, 10, 8)])[0]!.stop!.breachingSeconds).toBe(0);

    const longer = [...seconds(5, 50, 10), ...seconds(6, 50, 300, 5)];
    const stop = findStopBreach([stopping], longer, T0);
    expect(stop).not.toBeNull();
    const [stopped] = liveThresholds([stopping], longer, { stop });
    expect(stopped).toMatchObject({ state: 'fail', stop: { afterSeconds: 5, breachingSeconds: 5, stoppedAtSeconds: stop!.atSeconds } });
    expect(stopped!.explanation).toBe(stop!.message);
  });

  it('travels in the progress event, which older events without it still parse', () => {
    const base = {
      runId: 'r',
      status: 'RUNNING',
      elapsedSeconds: 1,
      remainingSeconds: 1,
      plannedSeconds: 2,
      vus: 1,
      rps: 1,
      p50: null,
      p95: null,
      p99: null,
      errors: 0,
      errorRate: 0,
      requests: 0,
      point: null,
      points: [],
    };
    expect(liveProgressSchema.parse(base).thresholds).toEqual([]);
    const thresholds = liveThresholds([p95], seconds(5, 50, 10));
    expect(liveProgressSchema.parse(JSON.parse(JSON.stringify({ ...base, thresholds }))).thresholds).toEqual(thresholds);
  });
});

describe('stoppedAtSeconds', () => {
  it('reads the moment back from the message stopMessage wrote', () => {
    const rule = thresholdSchema.parse({ metric: 'error_rate', op: '<', value: 0.01, stop: { after: '5s' } });
    const message = stopMessage(rule, { atSeconds: 1234, breachSeconds: 5, measured: 0.2 });
    expect(stoppedAtSeconds({ code: THRESHOLD_STOP_CODE, message })).toBe(1234);
    expect(stoppedAtSeconds({ code: 'SEGMENT_FAILED', message })).toBeNull();
    expect(stoppedAtSeconds(null)).toBeNull();
  });
});
