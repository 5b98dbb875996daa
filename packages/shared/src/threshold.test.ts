import { describe, expect, it } from 'vitest';
import { describeThreshold } from './threshold-text.js';
import { evaluateThresholds, overallVerdict, thresholdSchema, type Threshold } from './threshold.js';
import { summarizeSeconds, type RunSummary } from './summary.js';
import { windowSummaries } from './threshold-time.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

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
  requests: [
    { name: 'GetListing', ...stats() },
    { name: 'Never', ...stats({ count: 0, rps: 0, errors: 0, errorRate: 0, latency: null }) },
  ],
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
  customMetrics: [],
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

describe('windows and stop rules', () => {
  // 20 s of load: a 5 s warm-up at 900 ms, then 15 s at 40 ms, 100 Checkout requests a second.
  const seconds = Array.from({ length: 20 }, (_, i) => second(1_700_000_000 + i, [requestSecond('Checkout', 200, repeat(i < 5 ? 900 : 40, 100))]));
  const whole = summarizeSeconds(seconds);
  const windows = windowSummaries(seconds);

  it('judges a windowed threshold on the seconds inside its window only, and names the window', () => {
    const steady = t({ metric: 'latency', stat: 'p95', request: 'Checkout', op: '<', value: 500, window: { after: '5s' } });
    const diluted = t({ metric: 'latency', stat: 'p95', request: 'Checkout', op: '<', value: 500 });
    const [windowed, plain] = evaluateThresholds([steady, diluted], whole, windows);
    expect(windowed).toMatchObject({ verdict: 'PASS' });
    expect(windowed!.measured).toBeCloseTo(40, 0);
    expect(windowed!.explanation).toBe('p95 of Checkout after 5 s = 40 ms against < 500 ms: 13x headroom');
    expect(plain!.verdict).toBe('FAIL');
    expect(describeThreshold(steady)).toBe('p95 of Checkout after 5 s < 500 ms');
  });

  it("judges a window of one scenario from that scenario's requests inside it", () => {
    const [result] = evaluateThresholds(
      [t({ metric: 'error_rate', scenario: 'default', op: '<', value: 0.01, window: { after: '5s', until: '10s' } })],
      whole,
      windows,
    );
    expect(result!.explanation).toBe('error rate of scenario default from 5 s to 10 s = 0 % against < 1 %: none measured, full headroom');
  });

  it('is INCONCLUSIVE for a window no measured second lies in', () => {
    const [result] = evaluateThresholds([t({ metric: 'latency', stat: 'p95', op: '<', value: 500, window: { after: '30s' } })], whole, windows);
    expect(result).toMatchObject({
      verdict: 'INCONCLUSIVE',
      measured: null,
      explanation: 'p95 after 30 s < 500 ms: no second was measured after 30 s (the load lasted 20 s), nothing to judge',
    });
  });

  it('refuses windows and stop rules that could not work', () => {
    const issue = (threshold: object) => thresholdSchema.safeParse(threshold).error?.issues[0];
    expect(issue({ metric: 'rps', op: '>', value: 10, stop: { after: '10s' } })).toMatchObject({
      path: ['stop'],
      message: expect.stringMatching(/^a stop rule judges each second on its own/),
    });
    expect(issue({ metric: 'error_rate', op: '<', value: 0.01, stop: { after: '2s' } })?.path).toEqual(['stop', 'after']);
    expect(issue({ metric: 'error_rate', op: '<', value: 0.01, window: { after: '30s', until: '20s' } })?.path).toEqual(['window', 'until']);
    expect(issue({ metric: 'error_rate', op: '<', value: 0.01, window: { after: '10s', until: '15s' }, stop: { after: '10s' } })).toMatchObject({
      path: ['stop', 'after'],
      message: "the window is shorter than the stop rule's duration: the breach could never last long enough to stop the run",
    });
    expect(thresholdSchema.parse({ metric: 'latency', stat: 'p95', op: '<', value: 500, window: { after: '30s' }, stop: { after: '10s' } })).toMatchObject({
      window: { after: '30s' },
      stop: { after: '10s' },
    });
    expect(describeThreshold(t({ metric: 'error_rate', op: '<', value: 0.01, stop: { after: '10s' } }))).toBe(
      'error rate < 1 % (stops the run after 10 s in breach)',
    );
  });
});

describe('percentile thresholds and their confidence interval', () => {
  // 400 requests: 380 at 100-479 ms, 20 spread over 480-530 ms, so p95 sits near 480-500 ms
  // and its 95 % interval (order statistics 372 to 389) spans the limit of 480 ms.
  const latencies = [...Array.from({ length: 380 }, (_, i) => 100 + i), ...Array.from({ length: 20 }, (_, i) => 480 + i * 2.5)];
  const judged = (value: number) =>
    evaluateThresholds(
      [t({ metric: 'latency', stat: 'p95', op: '<', value })],
      summarizeSeconds([second(1_700_000_000, [requestSecond('Checkout', 200, latencies)])]),
    )[0]!;

  it('is INCONCLUSIVE when the interval contains the limit, and says so in words', () => {
    const result = judged(470);
    expect(result.verdict).toBe('INCONCLUSIVE');
    expect(result.interval!.low).toBeLessThan(470);
    expect(result.interval!.high).toBeGreaterThan(470);
    expect(result.explanation).toMatch(/^p95 in [\d.]+–[\d.]+ ms at 95 % confidence \([\d.]+ ms from 400 requests\); the limit 470 ms lies inside$/);
  });

  it('keeps PASS and FAIL when the limit lies outside the interval, and carries the interval', () => {
    const pass = judged(1000);
    expect(pass.verdict).toBe('PASS');
    expect(pass.interval!.high).toBeLessThan(1000);
    const fail = judged(200);
    expect(fail.verdict).toBe('FAIL');
    expect(fail.interval!.low).toBeGreaterThan(200);
  });
});
