import { describe, expect, it } from 'vitest';
import { describeWindow, inWindow, stopRuleSchema, thresholdWindowSchema, windowSeconds, windowSummaries } from './threshold-time.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

const T0 = 1_700_000_000;

describe('thresholdWindowSchema', () => {
  it('takes after, until or both, with after before until', () => {
    expect(thresholdWindowSchema.parse({ after: '30s' })).toEqual({ after: '30s' });
    expect(thresholdWindowSchema.parse({ after: '30s', until: '1m30s' })).toEqual({ after: '30s', until: '1m30s' });
    expect(thresholdWindowSchema.safeParse({}).error?.issues[0]?.message).toBe('a window needs an "after", an "until", or both');
    expect(thresholdWindowSchema.safeParse({ after: '1m', until: '60s' }).error?.issues[0]).toMatchObject({
      message: '"after" must come before "until"',
      path: ['until'],
    });
    expect(thresholdWindowSchema.safeParse({ after: 'soon' }).success).toBe(false);
    expect(thresholdWindowSchema.safeParse({ after: '5s', from: '1s' }).success).toBe(false);
  });
});

describe('stopRuleSchema', () => {
  it('wants whole seconds, at least 5 of them', () => {
    expect(stopRuleSchema.parse({ after: '10s' })).toEqual({ after: '10s' });
    expect(stopRuleSchema.safeParse({ after: '4s' }).error?.issues[0]?.message).toMatch(/at least 5 s/);
    expect(stopRuleSchema.safeParse({ after: '7500ms' }).error?.issues[0]?.message).toMatch(/whole seconds/);
  });
});

describe('windowSeconds', () => {
  it('takes only the whole seconds inside the window: fractional bounds round inwards', () => {
    expect(windowSeconds({ after: '30s' })).toEqual({ from: 30, to: null });
    expect(windowSeconds({ after: '2500ms', until: '7.5s' })).toEqual({ from: 3, to: 7 });
    expect(windowSeconds(undefined)).toEqual({ from: 0, to: null });
    expect([0, 2, 3, 6, 7].map((elapsed) => inWindow({ after: '2500ms', until: '7.5s' }, elapsed))).toEqual([false, false, true, true, false]);
  });

  it('reads as words', () => {
    expect(describeWindow({ after: '30s' })).toBe('after 30 s');
    expect(describeWindow({ until: '20m' })).toBe('until 1,200 s');
    expect(describeWindow({ after: '30s', until: '1m30s' })).toBe('from 30 s to 90 s');
  });
});

describe('windowSummaries', () => {
  // A 10 s run: 4 s of warm-up at 800 ms, then 6 s at 10 ms, 100 requests a second.
  const seconds = Array.from({ length: 10 }, (_, i) => second(T0 + i, [requestSecond('Get', 200, repeat(i < 4 ? 800 : 10, 100))]));

  it('summarises exactly the seconds inside the window, histograms merged', () => {
    const windows = windowSummaries(seconds);
    const after = windows({ after: '4s' })!;
    expect(after.overall.count).toBe(600);
    expect(after.overall.latency!.max).toBe(10);
    const warmUp = windows({ until: '4s' })!;
    expect(warmUp.overall.count).toBe(400);
    expect(warmUp.overall.latency!.min).toBe(800);
    const middle = windows({ after: '3s', until: '5s' })!;
    expect(middle.overall.statusCounts).toEqual({ '200': 200 });
    expect(middle.overall.latency!.p50).toBeCloseTo(10, 0);
  });

  it('answers null for a window no measured second lies in', () => {
    expect(windowSummaries(seconds)({ after: '10s' })).toBeNull();
    expect(windowSummaries([])({ after: '1s' })).toBeNull();
  });

  it('counts from the first second measured, wherever it is', () => {
    const late = seconds.map((s) => ({ ...s, t: s.t + 3600 }));
    expect(windowSummaries(late)({ after: '4s' })!.overall.count).toBe(600);
  });
});
