import { describe, expect, it } from 'vitest';
import { findRecovery, plannedFallBack } from './recovery.js';
import { planSpecSchema } from './plan.js';
import { mergeSegmentsBySecond } from './series-merge.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

const spec = planSpecSchema.parse({
  load: {
    executor: 'ramping-vus',
    startVUs: 10,
    stages: [
      { duration: '5s', target: 10 },
      { duration: '1s', target: 40 },
      { duration: '4s', target: 40 },
      { duration: '1s', target: 10 },
      { duration: '9s', target: 10 },
    ],
  },
  requests: [{ name: 'Get', path: '/' }],
});

/** 20 s: 10 VUs, a spike to 40 VUs from 6 s to 10 s, then 10 VUs; slow (250 ms) until `slowUntil`. */
function spike(slowUntil: number) {
  return mergeSegmentsBySecond(
    Array.from({ length: 20 }, (_, i) => {
      const vus = i >= 6 && i < 11 ? 40 : 10;
      const latency = i >= 6 && i < slowUntil ? 250 : 10;
      return { segmentIndex: 0, generator: null, sample: second(1_700_000_000 + i, [requestSecond('Get', 200, repeat(latency, 100))], { vus }) };
    }),
  );
}

describe('recovery after a spike', () => {
  it('measures the time from the load falling back until p95 stays back at the pre-spike level', () => {
    // The load falls back at 11 s; the target stays slow 2 s longer.
    const recovery = findRecovery(spec, spike(13))!;
    expect(recovery).toMatchObject({ fellBackAt: 11, recoveredAfter: 2, preSpike: { p95: expect.closeTo(10, 0), errorRate: 0, requests: 600 } });
    expect(recovery.statement).toBe('Recovered 2 s after the load fell back (at 11 s): back to the pre-spike p95 10 ms and error rate 0 %.');
  });

  it('says so when the target did not recover within the run', () => {
    const recovery = findRecovery(spec, spike(99))!;
    expect(recovery.recoveredAfter).toBeNull();
    expect(recovery.statement).toMatch(/^Did not recover within the run: 9 s after the load fell back \(at 11 s\), p95 was still 250 ms/);
  });

  it('is null without a spike that falls back', () => {
    const flat = mergeSegmentsBySecond(
      Array.from({ length: 10 }, (_, i) => ({
        segmentIndex: 0,
        generator: null,
        sample: second(i + 1, [requestSecond('Get', 200, repeat(10, 100))], { vus: 10 }),
      })),
    );
    expect(findRecovery(spec, flat)).toBeNull();
    const rising = mergeSegmentsBySecond(
      Array.from({ length: 10 }, (_, i) => ({
        segmentIndex: 0,
        generator: null,
        sample: second(i + 1, [requestSecond('Get', 200, repeat(10, 100))], { vus: i < 5 ? 10 : 40 }),
      })),
    );
    expect(findRecovery(spec, rising)).toBeNull();
  });
});

describe('recovery placed on the plan schedule', () => {
  it("finds the plan's own fall-back: a quarter of the way back from the peak, after it", () => {
    // 10 -> 40 VUs; the ramp down from 10 s to 11 s passes 17.5 VUs at 10.75 s.
    expect(plannedFallBack(spec)).toBe(10.75);
    const phased = planSpecSchema.parse({
      scenarios: [
        { name: 'baseline', load: { executor: 'constant-vus', vus: 2, duration: '3s' }, requests: [{ name: 'Get', path: '/' }] },
        { name: 'peak', startTime: '3s', load: { executor: 'constant-vus', vus: 12, duration: '3s' }, requests: [{ name: 'GetPeak', path: '/' }] },
        { name: 'after', startTime: '6s', load: { executor: 'constant-vus', vus: 2, duration: '5s' }, requests: [{ name: 'GetAfter', path: '/' }] },
      ],
    });
    // Phases switch at once: the peak ends at 6 s.
    expect(plannedFallBack(phased)).toBeCloseTo(6.05, 1);
    const iterations = planSpecSchema.parse({ load: { executor: 'shared-iterations', vus: 2, iterations: 10 }, requests: [{ name: 'Get', path: '/' }] });
    expect(plannedFallBack(iterations)).toBeNull();
  });

  it('measures recovery from that moment, to within the second it came in', () => {
    // The load starts at 0.25 s into the first second; the plan falls back at 10.75 s (11 s
    // on the seconds' clock); the target is slow through second 12 and fast from 13 s.
    const recovery = findRecovery(spec, spike(13), (1_700_000_000 + 0.25) * 1000)!;
    expect(recovery).toMatchObject({ fellBackAt: 10.8, recoveredAfter: 2 });
    expect(recovery.statement).toBe('Recovered 2 s after the load fell back (at 10.8 s): back to the pre-spike p95 10 ms and error rate 0 %.');
    // Slow for the first 40 % of second 13's time (VUs wait out each slow request): 2.4 s.
    const partial = spike(13).map((second) =>
      second.t === 1_700_000_013
        ? { ...second, sample: { ...second.sample, requests: [requestSecond('Get', 200, [...repeat(250, 2), ...repeat(10, 75)])] } }
        : second,
    );
    expect(findRecovery(spec, partial, (1_700_000_000 + 0.25) * 1000)!.recoveredAfter).toBe(2.4);
  });
});
