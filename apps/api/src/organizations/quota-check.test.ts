import { describe, expect, it } from 'vitest';
import { planSpecSchema, type Quotas } from '@loadline/shared';
import { monthOf, plannedVuMinutes, quotaViolations } from './quota-check.js';

const quotas: Quotas = { maxVusPerRun: 100, maxRunDurationSeconds: 600, maxConcurrentRuns: 2, monthlyVuMinutes: 1_000 };
const load = (vus: number, duration: string) =>
  planSpecSchema.parse({ load: { executor: 'constant-vus', vus, duration }, requests: [{ name: 'A', path: '/' }] });

describe('quotaViolations', () => {
  it('allows a run within every limit', () => {
    expect(quotaViolations(quotas, { activeRuns: 1, vuMinutesThisMonth: 900 }, load(10, '5m'))).toEqual([]);
  });

  it('names each limit broken, with the limit and the current figure', () => {
    const violations = quotaViolations(quotas, { activeRuns: 2, vuMinutesThisMonth: 990 }, load(200, '20m'));
    expect(violations.map((violation) => [violation.quota, violation.limit, violation.current])).toEqual([
      ['maxVusPerRun', 100, 200],
      ['maxRunDurationSeconds', 600, 1200],
      ['maxConcurrentRuns', 2, 2],
      ['monthlyVuMinutes', 1000, 990],
    ]);
    expect(violations[3]!.message).toBe('990 of 1,000 VU-minutes used this month; this run needs 4,000 more');
  });

  it('counts a ramp by its peak VUs over its whole duration', () => {
    const ramp = planSpecSchema.parse({
      load: {
        executor: 'ramping-vus',
        stages: [
          { duration: '1m', target: 10 },
          { duration: '2m', target: 40 },
        ],
      },
      requests: [{ name: 'A', path: '/' }],
    });
    expect(plannedVuMinutes(ramp)).toBe(120);
  });

  it('adds up scenarios that overlap in time, and not those that follow each other once the first has stopped', () => {
    const scenario = (name: string, vus: number, startTime: string, gracefulStop = '0s') => ({
      name,
      startTime,
      gracefulStop,
      load: { executor: 'constant-vus', vus, duration: '1m' },
      requests: [{ name, path: '/' }],
    });
    const sequential = planSpecSchema.parse({ scenarios: [scenario('a', 60, '0s'), scenario('b', 80, '1m')] });
    expect(quotaViolations(quotas, { activeRuns: 0, vuMinutesThisMonth: 0 }, sequential)).toEqual([]);
    // k6 keeps a's VUs through its graceful stop (30 s by default), when b has started: 140, said why.
    const graceful = planSpecSchema.parse({ scenarios: [scenario('a', 60, '0s', '30s'), scenario('b', 80, '1m')] });
    const [held] = quotaViolations(quotas, { activeRuns: 0, vuMinutesThisMonth: 0 }, graceful);
    expect([held?.quota, held?.current]).toEqual(['maxVusPerRun', 140]);
    expect(held?.message).toContain('the load peaks at 80, but k6 keeps each scenario');
    const parallel = planSpecSchema.parse({ scenarios: [scenario('a', 60, '0s'), scenario('b', 80, '30s')] });
    expect(quotaViolations(quotas, { activeRuns: 0, vuMinutesThisMonth: 0 }, parallel).map((violation) => [violation.quota, violation.current])).toEqual([
      ['maxVusPerRun', 140],
    ]);
  });

  it('counts VU-minutes per calendar month in UTC', () => {
    const { start, end } = monthOf(new Date('2026-12-31T23:30:00Z'));
    expect([start.toISOString(), end.toISOString()]).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
  });
});
