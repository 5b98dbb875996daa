import { describe, expect, it } from 'vitest';
import { findRecovery } from './recovery.js';
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
