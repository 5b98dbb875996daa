import { describe, expect, it } from 'vitest';
import { planSpecSchema } from './plan.js';
import { measuredVuMinutes, segmentLimits, vuLimitBreach } from './run-limits.js';

const request = { name: 'Get', path: '/' };
const plan = (scenarios: unknown[], segments = 1) => planSpecSchema.parse({ scenarios, segments });

describe('segmentLimits', () => {
  it('holds a single segment to the plan peak', () => {
    const spec = plan([{ name: 'a', load: { executor: 'constant-vus', vus: 7, duration: '10s' }, requests: [request] }]);
    expect(segmentLimits(spec, 1)).toEqual({ runVus: 7, segmentVus: 7 });
  });

  it("gives each segment at most k6's ceil share of every scenario", () => {
    const spec = plan(
      [
        { name: 'a', load: { executor: 'constant-vus', vus: 3, duration: '10s' }, requests: [request] },
        { name: 'b', load: { executor: 'constant-vus', vus: 3, duration: '10s' }, requests: [{ name: 'Other', path: '/' }] },
      ],
      2,
    );
    // k6 may give one segment two VUs of each scenario: 4, above 6 / 2.
    expect(segmentLimits(spec, 2)).toEqual({ runVus: 6, segmentVus: 4 });
  });

  it('holds sequential scenarios to what k6 reserves: their VUs overlap in the graceful stop', () => {
    const spec = plan([
      { name: 'warmup', load: { executor: 'constant-vus', vus: 2, duration: '3s' }, requests: [request] },
      { name: 'checkout', load: { executor: 'constant-vus', vus: 3, duration: '3s' }, startTime: '3s', requests: [{ name: 'Other', path: '/' }] },
    ]);
    expect(segmentLimits(spec, 1)).toEqual({ runVus: 5, segmentVus: 5 });
  });

  it('holds a custom script to what it was checked for', () => {
    const spec = planSpecSchema.parse({ script: { source: 'export default function () {}', requirements: { maxVUs: 5, durationSeconds: 10 } } });
    expect(segmentLimits(spec, 1)).toEqual({ runVus: 5, segmentVus: 5 });
  });
});

describe('vuLimitBreach', () => {
  it('is null within the limit and names the numbers above it', () => {
    expect(vuLimitBreach(5, { vus: 5, vusMax: 5 })).toBeNull();
    const breach = vuLimitBreach(5, { vus: 0, vusMax: 20 });
    expect(breach?.code).toBe('VU_LIMIT_EXCEEDED');
    expect(breach?.message).toContain('started 20 VUs, but this run may use 5');
  });
});

describe('measuredVuMinutes', () => {
  it('adds the busy VUs of every second of every segment', () => {
    // 20 VUs for 60 seconds, in two segments of 10: 20 VU-minutes.
    const seconds = Array.from({ length: 120 }, () => ({ vus: 10 }));
    expect(measuredVuMinutes(seconds)).toBe(20);
  });
});
