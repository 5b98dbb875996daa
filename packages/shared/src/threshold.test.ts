import { describe, expect, it } from 'vitest';
import { evaluateThresholds, overallVerdict, thresholdSchema, type Threshold } from './threshold.js';
import type { RunSummary } from './summary.js';

const stats = (overrides: Partial<RunSummary['overall']> = {}) => ({
  count: 1000,
  rps: 100,
  errors: 5,
  errorRate: 0.005,
  statusCounts: { '200': 995, '500': 5 },
  errorCodes: {},
  responseBytes: null,
  latency: { avg: 2, min: 0.5, p50: 1.5, p90: 1.8, p95: 1.86, p99: 4, max: 20 },
  bytesReceived: 0,
  bytesSent: 0,
  ...overrides,
});

const summary: RunSummary = {
  durationSeconds: 10,
  overall: stats(),
  requests: [{ name: 'GetListing', ...stats() }, { name: 'Never', ...stats({ count: 0, rps: 0, errors: 0, errorRate: 0, latency: null }) }],
  scenarios: [
    { name: 'browse', ...stats({ count: 600, rps: 60, statusCounts: { '200': 594, '429': 6 } }) },
    { name: 'idle', ...stats({ count: 0, rps: 0, errors: 0, errorRate: 0, statusCounts: {}, latency: null }) },
  ],
  vusMax: 20,
  vusAllocated: 20,
  iterations: 1000,
  droppedIterations: 0,
  checks: [
    { name: 'GetListing: status is 200', passes: 990, fails: 10 },
    { name: 'Search: body contains "hit"', passes: 50, fails: 50 },
  ],
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

  it('judges check pass rates, for the run or one request', () => {
    const [run, listing, none] = evaluateThresholds(
      [
        t({ metric: 'check_rate', op: '>=', value: 0.95 }),
        t({ metric: 'check_rate', op: '>=', value: 0.99, request: 'GetListing' }),
        t({ metric: 'check_rate', op: '>=', value: 0.99, request: 'Never' }),
      ],
      summary,
    );
    expect(run).toMatchObject({ verdict: 'FAIL', measured: 1040 / 1100 });
    expect(listing).toMatchObject({ verdict: 'PASS', measured: 0.99 });
    expect(listing!.explanation).toMatch(/^check pass rate 99 % against >= 99 %/);
    expect(none).toMatchObject({ verdict: 'INCONCLUSIVE', explanation: 'check pass rate of Never >= 99 %: no checks ran, nothing to judge' });
  });

  it('judges the share of a status class or of one status, and scenarios', () => {
    const [fiveXX, rateLimited, scenario429, idle] = evaluateThresholds(
      [
        t({ metric: 'status_share', status: '5xx', op: '<', value: 0.01 }),
        t({ metric: 'status_share', status: '429', op: '<', value: 0.01 }),
        t({ metric: 'status_share', status: '429', op: '<', value: 0.005, scenario: 'browse' }),
        t({ metric: 'latency', stat: 'p95', op: '<', value: 10, scenario: 'idle' }),
      ],
      summary,
    );
    expect(fiveXX).toMatchObject({ verdict: 'PASS', measured: 0.005 });
    expect(rateLimited).toMatchObject({ verdict: 'PASS', measured: 0 });
    expect(scenario429).toMatchObject({ verdict: 'FAIL', measured: 0.01 });
    expect(scenario429!.explanation).toMatch(/^share of 429 responses 1 % against < 0.5 %/);
    expect(idle!.verdict).toBe('INCONCLUSIVE');
    expect(thresholdSchema.safeParse({ metric: 'status_share', status: '6xx', op: '<', value: 0.1 }).success).toBe(false);
    expect(thresholdSchema.safeParse({ metric: 'latency', stat: 'p95', op: '<', value: 1, request: 'A', scenario: 'b' }).success).toBe(false);
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
