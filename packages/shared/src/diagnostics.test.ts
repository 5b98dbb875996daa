import { describe, expect, it } from 'vitest';
import { diagnoseRun, minimumSamples } from './diagnostics.js';
import { applyDiagnostics } from './verdicts.js';
import { indexScopes } from './diagnostic-scopes.js';
import { evaluateThresholds } from './threshold.js';
import { planSpecSchema, type PlanSpecInput } from './plan.js';
import { mergeSegmentsBySecond, type StoredSecond } from './series-merge.js';
import { summarizeSeconds } from './summary.js';
import { windowSummaries } from './threshold-time.js';
import { repeat, requestSecond, second } from './test-fixtures.js';
import type { SecondSample } from './series.js';
import type { GeneratorSample } from './jobs.js';

const plan = (overrides: Partial<PlanSpecInput> = {}) =>
  planSpecSchema.parse({
    load: { executor: 'constant-vus', vus: 10, duration: '10s' },
    requests: [{ name: 'Get', path: '/' }],
    thresholds: [
      { metric: 'latency', stat: 'p95', op: '<', value: 100 },
      { metric: 'error_rate', op: '<', value: 0.5 },
      { metric: 'rps', op: '>', value: 1 },
    ],
    ...overrides,
  });

function diagnose(samples: SecondSample[], spec = plan(), generator: (t: number) => GeneratorSample | null = () => null, partial = false) {
  const stored: StoredSecond[] = samples.map((sample) => ({ segmentIndex: 0, sample, generator: generator(sample.t) }));
  const summary = summarizeSeconds(samples);
  const merged = mergeSegmentsBySecond(stored);
  const windows = windowSummaries(merged.map((s) => s.sample));
  const diagnostics = diagnoseRun({ spec, summary, seconds: merged, partial, windows });
  const verdicts = applyDiagnostics(evaluateThresholds(spec.thresholds, summary, windows), diagnostics, indexScopes(merged.map((m) => m.sample)));
  return { diagnostics, verdicts, codes: diagnostics.map((d) => `${d.code}:${d.severity}`) };
}

const healthy = (t: number) => second(t, [requestSecond('Get', 200, repeat(5, 300))]);

describe('diagnoseRun', () => {
  it('finds nothing wrong with a healthy run', () => {
    const { codes, verdicts } = diagnose([1, 2, 3, 4].map(healthy));
    expect(codes).toEqual([]);
    expect(verdicts.map((v) => v.verdict)).toEqual(['PASS', 'PASS', 'PASS']);
  });

  it('flags sustained generator saturation and makes latency and RPS verdicts INCONCLUSIVE', () => {
    const busy = { hostCpu: 0.99, k6Cpu: 1.9, cores: 2, runnerRssMb: 80 };
    const { codes, verdicts, diagnostics } = diagnose([1, 2, 3, 4, 5, 6].map(healthy), plan(), (t) => (t <= 4 ? busy : { ...busy, hostCpu: 0.4, k6Cpu: 0.5 }));
    expect(codes).toEqual(['GENERATOR_SATURATED:critical']);
    expect(diagnostics[0]!.evidence).toMatchObject({ saturatedSeconds: 4, sampledSeconds: 6, cores: 2, cause: 'k6' });
    expect(diagnostics[0]!.message).toMatch(/k6 itself used 1.9 cores of 2 cores there: use more segments or a bigger runner/);
    expect(verdicts.map((v) => v.verdict)).toEqual(['INCONCLUSIVE', 'PASS', 'INCONCLUSIVE']);
    expect(verdicts[0]!.explanation).toMatch(/would be PASS, but generator saturated/);
  });

  it('only warns about a brief spike of generator load', () => {
    const { codes } = diagnose(
      Array.from({ length: 40 }, (_, i) => healthy(i + 1)),
      plan(),
      (t) => ({ hostCpu: t <= 3 ? 0.99 : 0.3, k6Cpu: 0.5, cores: 2, runnerRssMb: 80 }),
    );
    expect(codes).toEqual(['GENERATOR_SATURATED:warning']);
  });

  it("names the runner's host busy with other work, not k6, when another process took the cores", () => {
    // k6 used 0.06 cores while the 2-core host was 99 % busy: 1.92 cores went to something else.
    const { diagnostics } = diagnose([1, 2, 3, 4].map(healthy), plan(), () => ({ hostCpu: 0.99, k6Cpu: 0.06, cores: 2, runnerRssMb: 80 }));
    expect(diagnostics.map((d) => `${d.code}:${d.severity}`)).toEqual(['GENERATOR_SATURATED:critical']);
    expect(diagnostics[0]!.evidence).toMatchObject({ cause: 'host', k6CoresWhenSaturated: 0.06, otherCoresWhenSaturated: 1.92 });
    expect(diagnostics[0]!.message).toMatch(/the runner's host was busy with other work: another process used 1.9 cores while k6 used 0.06 cores/);
    expect(diagnostics[0]!.message).not.toMatch(/more segments/);
  });

  it('flags a large share of 429s as rate limiting', () => {
    const { codes, verdicts } = diagnose([1, 2].map((t) => second(t, [requestSecond('Get', 200, repeat(5, 100)), requestSecond('Get', 429, repeat(1, 150))])));
    expect(codes).toEqual(['RATE_LIMITED:critical']);
    // The 429s are real errors (60 %), so the error-rate requirement still fails on its own.
    expect(verdicts.map((v) => v.verdict)).toEqual(['INCONCLUSIVE', 'FAIL', 'INCONCLUSIVE']);
  });

  it('does not count expected 401/404s as configuration errors, but flags unexpected ones', () => {
    const expected = diagnose([second(1, [requestSecond('Get', 404, repeat(1, 300), true)])]);
    expect(expected.codes).toEqual([]);
    const unexpected = diagnose([second(1, [requestSecond('Get', 401, repeat(1, 250)), requestSecond('Get', 200, repeat(1, 50))])]);
    expect(unexpected.codes).toEqual(['CONFIGURATION_ERRORS:critical']);
    expect(unexpected.diagnostics[0]!.evidence).toMatchObject({ status401: 250, requests: 300 });
    expect(unexpected.verdicts.every((v) => v.verdict === 'INCONCLUSIVE')).toBe(true);
  });

  it('flags runs where connections failed for most requests', () => {
    const { codes } = diagnose([second(1, [requestSecond('Get', 0, repeat(30000, 200)), requestSecond('Get', 200, repeat(5, 100))])]);
    expect(codes).toEqual(['CONNECTION_ERRORS:critical']);
  });

  it('flags dropped iterations and an arrival-rate shortfall', () => {
    const spec = plan({ load: { executor: 'constant-arrival-rate', rate: 100, timeUnit: '1s', duration: '2s', preAllocatedVUs: 1 } });
    const samples = [1, 2].map((t) => second(t, [requestSecond('Get', 200, repeat(500, 2))], { iterations: 2, droppedIterations: 90 }));
    const { codes } = diagnose(samples, spec);
    expect(codes).toEqual(['DROPPED_ITERATIONS:critical', 'ARRIVAL_RATE_SHORTFALL:critical', 'TOO_FEW_SAMPLES:critical']);
  });

  it('asks a run cut short only for its share of the planned iterations', () => {
    const spec = plan({ load: { executor: 'constant-arrival-rate', rate: 40, timeUnit: '1s', duration: '30s', preAllocatedVUs: 5 } });
    // Cancelled after 7 s, having started 40 iterations every second.
    const samples = Array.from({ length: 7 }, (_, i) =>
      second(i + 1, [requestSecond('Get', 200, repeat(5, 40))], { iterations: 40, spanStartMs: (i + 1) * 1000, spanEndMs: (i + 1) * 1000 + 999 }),
    );
    expect(diagnose(samples, spec).codes).not.toContain('ARRIVAL_RATE_SHORTFALL:critical');
  });

  it('refuses to judge a p99 from 40 requests, but only that threshold', () => {
    const spec = plan({
      thresholds: [
        { metric: 'latency', stat: 'p99', op: '<', value: 100 },
        { metric: 'latency', stat: 'max', op: '<', value: 100 },
      ],
    });
    const { codes, verdicts, diagnostics } = diagnose([second(1, [requestSecond('Get', 200, repeat(5, 40))])], spec);
    expect(codes).toEqual(['TOO_FEW_SAMPLES:critical']);
    expect(diagnostics[0]!.evidence).toMatchObject({ samples: 40, needed: 1000 });
    expect(verdicts.map((v) => v.verdict)).toEqual(['INCONCLUSIVE', 'PASS']);
  });

  it('counts only the requests a percentile is read from: 100 round trips among 1,100 exchanges cannot support a p99', () => {
    const spec = planSpecSchema.parse({
      load: { executor: 'constant-vus', vus: 1, duration: '1s' },
      requests: [{ name: 'Chat', protocol: 'ws', path: '/', messages: ['hi'] }],
      thresholds: [{ metric: 'latency', stat: 'p99', op: '<', value: 100, request: 'Chat' }],
    });
    // 1,000 exchanges failed before any answer (counted, not timed); 100 completed.
    const failed = { ...requestSecond('Chat', 0, [], false), method: 'WS', errorCode: '1212', count: 1_000 };
    const { codes, diagnostics } = diagnose([second(1, [{ ...requestSecond('Chat', 101, repeat(20, 100)), method: 'WS' }, failed])], spec);
    expect(codes).toEqual(['CONNECTION_ERRORS:critical', 'TOO_FEW_SAMPLES:critical']);
    expect(diagnostics[1]!.evidence).toMatchObject({ samples: 100, needed: 1000 });
  });

  it("judges a phase's p99 by that phase's requests, not the whole run's: 544 of 6,230 is too few", () => {
    const spec = planSpecSchema.parse({
      scenarios: [
        { name: 'normal', load: { executor: 'constant-vus', vus: 5, duration: '5s' }, requests: [{ name: 'Browse', path: '/' }] },
        { name: 'peak', startTime: '5s', load: { executor: 'constant-vus', vus: 50, duration: '10s' }, requests: [{ name: 'Buy', path: '/buy' }] },
      ],
      thresholds: [
        { metric: 'latency', stat: 'p99', op: '<', value: 100, scenario: 'normal' },
        { metric: 'latency', stat: 'p99', op: '<', value: 100, scenario: 'peak' },
      ],
    });
    const row = (name: string, scenario: string, count: number) => ({ ...requestSecond(name, 200, repeat(5, count)), scenario });
    const { codes, verdicts, diagnostics } = diagnose([second(1, [row('Browse', 'normal', 544)]), second(2, [row('Buy', 'peak', 5_686)])], spec);
    expect(codes).toEqual(['TOO_FEW_SAMPLES:critical']);
    expect(diagnostics[0]).toMatchObject({
      thresholdIndex: 0,
      evidence: { samples: 544, needed: 1000 },
      message: expect.stringContaining('p99 of scenario normal from 544 requests'),
    });
    expect(verdicts.map((v) => v.verdict)).toEqual(['INCONCLUSIVE', 'PASS']);
  });

  it('judges a windowed p95 by the requests inside its window: 180 after 8 s is too few, though the run has 900', () => {
    const spec = plan({
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 100, window: { after: '8s' } },
        { metric: 'latency', stat: 'p95', op: '<', value: 100 },
      ],
    });
    const { codes, verdicts, diagnostics } = diagnose(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((t) => second(t, [requestSecond('Get', 200, repeat(5, 90))])),
      spec,
    );
    expect(codes).toEqual(['TOO_FEW_SAMPLES:critical']);
    expect(diagnostics[0]).toMatchObject({
      thresholdIndex: 0,
      evidence: { samples: 180, needed: 200 },
      message: expect.stringContaining('p95 of the run after 8 s from 180 requests'),
    });
    expect(verdicts.map((v) => v.verdict)).toEqual(['INCONCLUSIVE', 'PASS']);
  });

  it("refuses at save a window or stop rule the plan's load never reaches", () => {
    const issues = planSpecSchema.safeParse({
      load: { executor: 'constant-vus', vus: 10, duration: '20s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 100, window: { after: '20s' } },
        { metric: 'error_rate', op: '<', value: 0.01, stop: { after: '30s' } },
        { metric: 'error_rate', op: '<', value: 0.01, window: { after: '5s' }, stop: { after: '15s' } },
      ],
    }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['thresholds.0.window.after', "the window starts at 20 s, but the plan's load lasts 20 s: nothing would be judged"],
      ['thresholds.1.stop.after', "a breach of 30 s could never happen in the plan's 20 s of load"],
    ]);
  });

  it('needs n·(1−q) ≥ 10 samples for a percentile', () => {
    expect([0.5, 0.9, 0.95, 0.99].map(minimumSamples)).toEqual([20, 100, 200, 1000]);
  });

  it('notes partial data without changing verdicts', () => {
    const { codes, verdicts } = diagnose([1, 2].map(healthy), plan(), () => null, true);
    expect(codes).toEqual(['PARTIAL_DATA:warning']);
    expect(verdicts.map((v) => v.verdict)).toEqual(['PASS', 'PASS', 'PASS']);
  });
});
