import { describe, expect, it } from 'vitest';
import { evaluateThresholds, overallVerdict, thresholdSchema, type Threshold } from './threshold.js';
import type { RunSummary } from './summary.js';

const stats = (overrides: Partial<RunSummary['overall']> = {}) => ({
  count: 1000,
  rps: 100,
  errors: 5,
  errorRate: 0.005,
  statusCounts: { '200': 995, '500': 5 },
  latency: { avg: 2, min: 0.5, p50: 1.5, p90: 1.8, p95: 1.86, p99: 4, max: 20 },
  bytesReceived: 0,
  bytesSent: 0,
  ...overrides,
});

const summary: RunSummary = {
  durationSeconds: 10,
  overall: stats(),
  requests: [{ name: 'GetListing', ...stats() }, { name: 'Never', ...stats({ count: 0, rps: 0, errors: 0, errorRate: 0, latency: null }) }],
  vusMax: 20,
  vusAllocated: 20,
  iterations: 1000,
  droppedIterations: 0,
  checks: [],
  percentileRelativeError: 0.005,
};

const t = (threshold: unknown) => thresholdSchema.parse(threshold) as Threshold;

describe('evaluateThresholds', () => {
  it('passes with the measured value and the headroom in words', () => {
    const [result] = evaluateThresholds([t({ metric: 'latency', stat: 'p95', request: 'GetListing', op: '<', value: 50 })], summary);
    expect(result).toMatchObject({ verdict: 'PASS', measured: 1.86 });
    expect(result!.explanation).toBe('p95 1.86 ms against < 50 ms: 27x headroom');
  });

  it('fails with how far off the measurement is', () => {
    const [result] = evaluateThresholds([t({ metric: 'latency', stat: 'p99', op: '<', value: 2.5 })], summary);
    expect(result!.verdict).toBe('FAIL');
    expect(result!.explanation).toBe('p99 4 ms against < 2.5 ms: over by 60 %');
  });

  it('judges error rate and RPS, including lower bounds', () => {
    const results = evaluateThresholds(
      [t({ metric: 'error_rate', op: '<', value: 0.01 }), t({ metric: 'rps', op: '>=', value: 120 }), t({ metric: 'rps', op: '>', value: 50 })],
      summary,
    );
    expect(results.map((result) => result.verdict)).toEqual(['PASS', 'FAIL', 'PASS']);
    expect(results[0]!.explanation).toBe('error rate 0.5 % against < 1 %: 2x headroom');
    expect(results[1]!.explanation).toBe('RPS 100 req/s against >= 120 req/s: short by 16.7 %');
  });

  it('says so when a limit is met by measuring nothing at all', () => {
    const [result] = evaluateThresholds([t({ metric: 'error_rate', op: '<', value: 0.01 })], { ...summary, overall: stats({ errors: 0, errorRate: 0 }) });
    expect(result!.explanation).toBe('error rate 0 % against < 1 %: none measured, full headroom');
  });

  it('is INCONCLUSIVE when the scoped request never completed', () => {
    const [result] = evaluateThresholds([t({ metric: 'latency', stat: 'p95', request: 'Never', op: '<', value: 50 })], summary);
    expect(result).toMatchObject({ verdict: 'INCONCLUSIVE', measured: null });
  });

  it('combines verdicts: any FAIL fails, else any INCONCLUSIVE, else PASS', () => {
    const mk = (verdict: 'PASS' | 'FAIL' | 'INCONCLUSIVE') => ({ verdict, threshold: t({ metric: 'rps', op: '>', value: 1 }), measured: 1, explanation: '' });
    expect(overallVerdict([mk('PASS'), mk('INCONCLUSIVE'), mk('FAIL')])).toBe('FAIL');
    expect(overallVerdict([mk('PASS'), mk('INCONCLUSIVE')])).toBe('INCONCLUSIVE');
    expect(overallVerdict([mk('PASS')])).toBe('PASS');
    expect(overallVerdict([])).toBe('PASS');
  });

  it('rejects unknown stats, out-of-range error rates and unknown operators', () => {
    expect(thresholdSchema.safeParse({ metric: 'latency', stat: 'p42', op: '<', value: 1 }).success).toBe(false);
    expect(thresholdSchema.safeParse({ metric: 'error_rate', op: '<', value: 5 }).success).toBe(false);
    expect(thresholdSchema.safeParse({ metric: 'rps', op: '=', value: 5 }).success).toBe(false);
  });
});
