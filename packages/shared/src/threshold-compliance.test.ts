import { describe, expect, it } from 'vitest';
import { complianceJudge } from './threshold-compliance.js';
import { evaluateThresholds, thresholdSchema, type Threshold } from './threshold.js';
import { summarizeSeconds } from './summary.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

const threshold = (input: Record<string, unknown>): Threshold => thresholdSchema.parse(input);
const p95Under200 = threshold({ metric: 'latency', stat: 'p95', op: '<', value: 200, compliance: { share: 0.99 } });

/** `n` seconds of 300 requests at 50 ms, the seconds listed in `slow` at 400 ms. */
function run(n: number, slow: readonly number[] = [], perSecond = 300) {
  return Array.from({ length: n }, (_, i) => second(1_000 + i, [requestSecond('Get', 200, repeat(slow.includes(i) ? 400 : 50, perSecond))]));
}

describe('thresholds on a share of seconds', () => {
  it('passes when the limit holds in at least the share of seconds, and says in how many', () => {
    const [result] = evaluateThresholds([p95Under200], summarizeSeconds(run(200, [7])), undefined, undefined, undefined, complianceJudge(run(200, [7])));
    expect(result).toMatchObject({ verdict: 'PASS', measured: 0.995 });
    expect(result!.explanation).toBe('p95 < 200 ms in ≥ 99 % of seconds: met in 99.5 % of 200 seconds (199): compliant');
  });

  it('fails when too many seconds break it, naming how many', () => {
    const seconds = run(200, [3, 9, 40, 90]);
    const [result] = evaluateThresholds([p95Under200], summarizeSeconds(seconds), undefined, undefined, undefined, complianceJudge(seconds));
    expect(result).toMatchObject({ verdict: 'FAIL', measured: 0.98 });
    expect(result!.explanation).toMatch(/met in 98 % of 200 seconds \(196\): 4 seconds over the line, 1 % short$/);
  });

  it('is INCONCLUSIVE with fewer seconds than the share can be read from', () => {
    // 99 % of seconds needs 100 of them: with 60, one bad second would decide.
    const [result] = evaluateThresholds([p95Under200], summarizeSeconds(run(60)), undefined, undefined, undefined, complianceJudge(run(60)));
    expect(result).toMatchObject({ verdict: 'INCONCLUSIVE' });
    expect(result!.explanation).toMatch(/60 seconds could be judged; 99 % of seconds needs at least 100/);
  });

  it('is INCONCLUSIVE when most seconds have too few requests for a percentile of their own', () => {
    // A p95 needs 200 requests; 150 a second are too few.
    const seconds = run(200, [], 150);
    const [result] = evaluateThresholds([p95Under200], summarizeSeconds(seconds), undefined, undefined, undefined, complianceJudge(seconds));
    expect(result).toMatchObject({ verdict: 'INCONCLUSIVE', measured: null });
    expect(result!.explanation).toMatch(/200 of 200 seconds had too few requests for a p95 of their own/);
  });

  it('judges the error rate second by second, within its window', () => {
    const errors = threshold({ metric: 'error_rate', op: '<', value: 0.05, compliance: { share: 0.9 }, window: { after: '10s' } });
    // The first 10 s fail hard (left out by the window); later, 1 in 20 seconds has errors.
    const seconds = Array.from({ length: 60 }, (_, i) =>
      second(1_000 + i, [requestSecond('Get', 200, repeat(20, 90)), requestSecond('Get', 500, repeat(20, i < 10 || i % 20 === 0 ? 60 : 1))]),
    );
    const [result] = evaluateThresholds([errors], summarizeSeconds(seconds), undefined, undefined, undefined, complianceJudge(seconds));
    expect(result).toMatchObject({ verdict: 'PASS' });
    expect(result!.measured).toBeCloseTo(48 / 50, 5);
  });

  it('refuses what cannot be judged second by second', () => {
    const refused = (input: Record<string, unknown>) => thresholdSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(refused({ metric: 'rps', op: '>', value: 10, compliance: { share: 0.99 } })).toEqual([
      'a share of seconds judges each second on its own: latency, error rate or a status share',
    ]);
    expect(refused({ metric: 'latency', stat: 'p95', op: '<', value: 200, compliance: { share: 0.99 }, stop: { after: '10s' } })).toEqual([
      'a stop rule already judges second by second: give a threshold a share of seconds or a stop rule, not both',
    ]);
    expect(refused({ metric: 'latency', stat: 'p95', op: '<', value: 200, compliance: { share: 0.3 } })).toHaveLength(1);
  });
});
