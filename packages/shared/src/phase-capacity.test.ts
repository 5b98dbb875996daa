import { describe, expect, it } from 'vitest';
import { findPhaseCapacity, phasesOf } from './phase-capacity.js';
import { planSpecSchema, type PlanSpecInput } from './plan.js';
import { summarizeSeconds } from './summary.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

const phased = (thresholds: PlanSpecInput['thresholds'] = [], startTimes = ['0s', '10s', '20s']) =>
  planSpecSchema.parse({
    scenarios: [
      {
        name: 'baseline',
        startTime: startTimes[0],
        load: { executor: 'constant-vus', vus: 10, duration: '10s' },
        requests: [{ name: 'Browse baseline', path: '/' }],
      },
      {
        name: 'normal',
        startTime: startTimes[1],
        load: { executor: 'constant-vus', vus: 30, duration: '10s' },
        requests: [{ name: 'Browse normal', path: '/' }],
      },
      { name: 'peak', startTime: startTimes[2], load: { executor: 'constant-vus', vus: 100, duration: '10s' }, requests: [{ name: 'Browse peak', path: '/' }] },
    ],
    thresholds,
  });

/** Ten seconds per phase: `perSecond` requests each at `latency` ms. */
function run(phases: Array<{ name: string; perSecond: number; latency: number; errors?: number }>) {
  return summarizeSeconds(
    phases.flatMap((phase, p) =>
      Array.from({ length: 10 }, (_, i) =>
        second(1_700_000_000 + p * 10 + i, [
          { ...requestSecond(`Browse ${phase.name}`, 200, repeat(phase.latency, phase.perSecond - (phase.errors ?? 0))), scenario: phase.name },
          ...(phase.errors ? [{ ...requestSecond(`Browse ${phase.name}`, 503, repeat(1, phase.errors)), scenario: phase.name }] : []),
        ]),
      ),
    ),
  );
}

describe('capacity across phases', () => {
  it('says through which phase the SLA held and in which it broke', () => {
    const summary = run([
      { name: 'baseline', perSecond: 30, latency: 40 },
      { name: 'normal', perSecond: 59, latency: 90 },
      { name: 'peak', perSecond: 180, latency: 212 },
    ]);
    const capacity = findPhaseCapacity(phased([{ metric: 'latency', stat: 'p95', op: '<', value: 150 }]), summary)!;
    expect(capacity.statement).toBe('Holds p95 < 150 ms through normal (30 VUs, 59 req/s); breaks in peak (100 VUs, 180 req/s): p95 212 ms.');
    expect(capacity.phases!.map((phase) => phase.holds)).toEqual([true, true, false]);
    expect(capacity).toMatchObject({ heldUpTo: { vus: 30 }, brokeAt: { vus: 100, reason: 'p95 212 ms' } });
  });

  it('breaks a phase on errors above the error-rate limit, and leaves a phase too small to judge unjudged', () => {
    const summary = run([
      { name: 'baseline', perSecond: 10, latency: 40 }, // 100 requests: too few for a p95
      { name: 'normal', perSecond: 60, latency: 50 },
      { name: 'peak', perSecond: 100, latency: 60, errors: 10 },
    ]);
    const capacity = findPhaseCapacity(
      phased([
        { metric: 'latency', stat: 'p95', op: '<', value: 150 },
        { metric: 'error_rate', op: '<', value: 0.05 },
      ]),
      summary,
    )!;
    expect(capacity.statement).toBe(
      'Holds p95 < 150 ms through normal (30 VUs, 60 req/s); breaks in peak (100 VUs, 100 req/s): error rate 10 %. Not judged (fewer than 200 requests): baseline.',
    );
  });

  it('without an SLA, finds the phase where the percentile bends away from the lowest phase', () => {
    const summary = run([
      { name: 'baseline', perSecond: 30, latency: 10 },
      { name: 'normal', perSecond: 60, latency: 12 },
      { name: 'peak', perSecond: 90, latency: 40 },
    ]);
    expect(findPhaseCapacity(phased(), summary)!.statement).toMatch(
      /^Holds p95 within 2x of the lowest phase through normal .*; breaks in peak .*: p95 40 ms, 4x the lowest phase\.$/,
    );
  });

  it('is not for scenarios that run side by side', () => {
    expect(phasesOf(phased([], ['0s', '0s', '0s']))).toBeNull();
    expect(phasesOf(phased([], ['0s', '9.5s', '19.5s']))).not.toBeNull();
  });
});
