import { describe, expect, it } from 'vitest';
import { emptyHistogram, findStopBreach, planSpecSchema, recordValue, telemetryJudge, type StoredSecond } from '@loadline/shared';
import { decideOutcome, type SegmentState } from './run-outcome.js';

const spec = planSpecSchema.parse({
  load: { executor: 'constant-vus', vus: 1, duration: '2s' },
  requests: [{ name: 'Get', path: '/' }],
  thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 50 }],
});

function second(t: number, latencies: number[], status = 200, segmentIndex = 0): StoredSecond {
  const latency = emptyHistogram();
  latencies.forEach((value) => recordValue(latency, value));
  const sample = {
    v: 1 as const,
    t,
    requests: [{ name: 'Get', method: 'GET', status, expected: status === 200, errorCode: '', scenario: 'default', count: latencies.length, latency }],
    vus: 1,
    vusMax: 1,
    iterations: latencies.length,
    droppedIterations: 0,
    bytesReceived: 0,
    bytesSent: 0,
    checks: [],
  };
  return { segmentIndex, sample, generator: null };
}

const many = (value: number, times: number) => Array.from({ length: times }, () => value);
const done: SegmentState[] = [{ index: 0, status: 'COMPLETED', error: null, startedAt: null }];

describe('decideOutcome', () => {
  it('passes when every threshold passes', () => {
    const outcome = decideOutcome({ runId: 'run', spec, segments: done, seconds: [second(1, many(5, 150)), second(2, many(7, 150))], dataMissing: false });
    expect(outcome).toMatchObject({ status: 'PASSED', verdict: 'PASS', partial: false, error: null, diagnostics: [] });
    expect(outcome.summary!.overall.count).toBe(300);
  });

  it('judges telemetry thresholds with the judge it is given, and without one leaves them INCONCLUSIVE', () => {
    const withTelemetry = planSpecSchema.parse({
      ...spec,
      thresholds: [...spec.thresholds, { metric: 'telemetry', source: 'api', figure: 'cpu', stat: 'max', op: '<', value: 0.8 }],
    });
    const seconds = [second(1, many(5, 150)), second(2, many(7, 150))];
    const unjudged = decideOutcome({ runId: 'run', spec: withTelemetry, segments: done, seconds, dataMissing: false });
    expect(unjudged).toMatchObject({ status: 'INCONCLUSIVE', verdict: 'INCONCLUSIVE' });
    expect(unjudged.thresholds[1]!.explanation).toBe('max of api CPU < 80 %: not judged, no telemetry was read');
    // The api was busy 1.9 of its 2 cores both seconds of the load.
    const api = {
      catalog: {
        source: 'api',
        kind: 'scrape' as const,
        cpuCores: 2,
        series: [{ key: 'cpu', kind: 'rate' as const, unit: 'cores' as const, role: 'cpu_cores' as const }],
      },
    };
    const telemetry = telemetryJudge({
      loadStart: 1,
      loadEnd: 2,
      sources: [{ ...api, seconds: [1, 2, 3].map((t) => ({ v: 1 as const, t, source: 'api', values: { cpu: 1.9 } })) }],
      load: [1, 2].map((t) => ({ t, vus: 1, rps: 150, p95: 7, errorRate: 0 })),
      generator: [],
      phases: [],
      knee: null,
    });
    const judged = decideOutcome({ runId: 'run', spec: withTelemetry, segments: done, seconds, dataMissing: false, telemetry });
    expect(judged).toMatchObject({ status: 'FAILED', verdict: 'FAIL' });
    expect(judged.thresholds.map((result) => result.verdict)).toEqual(['PASS', 'FAIL']);
    expect(judged.thresholds[1]!.measured).toBeCloseTo(0.95, 9);
  });

  it('fails on a failed threshold', () => {
    const outcome = decideOutcome({ runId: 'run', spec, segments: done, seconds: [second(1, many(80, 300))], dataMissing: false });
    expect(outcome).toMatchObject({ status: 'FAILED', verdict: 'FAIL' });
  });

  it('errors with the segment’s own error, keeping what was measured, marked partial', () => {
    const segments: SegmentState[] = [{ index: 0, status: 'ERRORED', error: { code: 'K6_FAILED', message: 'k6 exited with code 107' }, startedAt: null }];
    const outcome = decideOutcome({ runId: 'run', spec, segments, seconds: [second(1, [5])], dataMissing: false });
    expect(outcome).toMatchObject({ status: 'ERRORED', verdict: null, partial: true, error: { code: 'K6_FAILED' } });
    expect(outcome.summary!.overall.count).toBe(1);
    expect(outcome.thresholds).toEqual([]);
  });

  it('errors when no request completed: nothing to judge', () => {
    expect(decideOutcome({ runId: 'run', spec, segments: done, seconds: [], dataMissing: false }).error?.code).toBe('NO_REQUESTS');
  });

  it('cancels with what was measured and no verdict', () => {
    const outcome = decideOutcome({
      runId: 'run',
      spec,
      segments: [{ index: 0, status: 'CANCELLED', error: null, startedAt: null }],
      seconds: [second(1, [5])],
      dataMissing: false,
    });
    expect(outcome).toMatchObject({ status: 'CANCELLED', verdict: null, error: null });
    expect(outcome.summary!.overall.count).toBe(1);
  });

  it('lets diagnostics turn a verdict INCONCLUSIVE: a p95 from 2 requests proves nothing', () => {
    const outcome = decideOutcome({ runId: 'run', spec, segments: done, seconds: [second(1, [80, 90])], dataMissing: false });
    expect(outcome.diagnostics.map((d) => d.code)).toEqual(['TOO_FEW_SAMPLES']);
    expect(outcome).toMatchObject({ status: 'INCONCLUSIVE', verdict: 'INCONCLUSIVE' });
  });

  it('errors an abandoned run with its cause', () => {
    const outcome = decideOutcome({
      runId: 'run',
      spec,
      segments: [{ index: 0, status: 'RUNNING', error: null, startedAt: null }],
      seconds: [second(1, [5])],
      dataMissing: true,
      abandoned: { code: 'DEADLINE_EXCEEDED', message: 'late' },
    });
    expect(outcome).toMatchObject({ status: 'ERRORED', partial: true, error: { code: 'DEADLINE_EXCEEDED' } });
  });

  it('ends a split run ERRORED SEGMENT_LOST when one segment was lost, keeping what the others measured', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    const outcome = decideOutcome({
      runId: 'run',
      spec,
      segments: [
        { index: 0, status: 'ERRORED', error: { code: 'SEGMENT_LOST', message: 'runner r1 stopped responding' }, startedAt: at },
        { index: 1, status: 'CANCELLED', error: null, startedAt: at },
      ],
      seconds: [second(1, many(5, 200), 200, 0), second(1, many(6, 300), 200, 1), second(2, many(6, 300), 200, 1)],
      dataMissing: false,
    });
    expect(outcome).toMatchObject({ status: 'ERRORED', partial: true, error: { code: 'SEGMENT_LOST' }, startSpreadMs: 0 });
    expect(outcome.summary!.overall.count).toBe(800);
    expect(outcome.segmentHealth.get(0)).toMatchObject({ requests: 200, seconds: 1 });
    expect(outcome.segmentHealth.get(1)).toMatchObject({ requests: 600, seconds: 2 });
  });

  it('says when the segments began more than a second apart, and doubts rates when it was a tenth of the run', () => {
    const starts = (gapMs: number): SegmentState[] => [
      { index: 0, status: 'COMPLETED', error: null, startedAt: new Date(1_000_000) },
      { index: 1, status: 'COMPLETED', error: null, startedAt: new Date(1_000_000 + gapMs) },
    ];
    const long = planSpecSchema.parse({
      load: { executor: 'constant-vus', vus: 1, duration: '60s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 50 }],
    });
    const seconds = [second(1, many(5, 300)), second(1, many(5, 300), 200, 1)];
    expect(decideOutcome({ runId: 'run', spec: long, segments: starts(80), seconds, dataMissing: false }).diagnostics.map((d) => d.code)).not.toContain(
      'SEGMENT_START_SKEW',
    );
    const warned = decideOutcome({ runId: 'run', spec: long, segments: starts(2_500), seconds, dataMissing: false });
    expect(warned.startSpreadMs).toBe(2_500);
    expect(warned.diagnostics.find((d) => d.code === 'SEGMENT_START_SKEW')).toMatchObject({ severity: 'warning', evidence: { spreadMs: 2_500 } });
    const doubted = decideOutcome({ runId: 'run', spec: long, segments: starts(7_000), seconds, dataMissing: false });
    expect(doubted.diagnostics.find((d) => d.code === 'SEGMENT_START_SKEW')).toMatchObject({ severity: 'critical', affects: ['rps', 'latency'] });
    expect(doubted.verdict).toBe('INCONCLUSIVE');
  });

  it("ends a run stopped by a stop rule FAILED with the stop's reason, judging the other thresholds on what was measured", () => {
    const guarded = planSpecSchema.parse({
      load: { executor: 'constant-vus', vus: 1, duration: '60s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [
        { metric: 'error_rate', op: '<', value: 0.01 },
        { metric: 'latency', stat: 'p95', op: '<', value: 50, stop: { after: '5s' } },
      ],
    });
    const stop = decideStop(guarded);
    const outcome = decideOutcome({
      runId: 'run',
      spec: guarded,
      segments: [{ index: 0, status: 'CANCELLED', error: { code: 'STOPPED_BY_THRESHOLD', message: 'stopped' }, startedAt: null }],
      seconds: Array.from({ length: 8 }, (_, i) => second(1_000 + i, many(i < 3 ? 5 : 80, 300))),
      dataMissing: false,
      stop,
      // A cancel asked for after the stop does not make it CANCELLED.
      cancelRequested: true,
    });
    expect(outcome).toMatchObject({ status: 'FAILED', verdict: 'FAIL', partial: false, error: stop });
    expect(outcome.summary!.overall.count).toBe(2_400);
    expect(outcome.thresholds.map((r) => r.verdict)).toEqual(['PASS', 'FAIL']);
    expect(outcome.thresholds[1]).toMatchObject({ measured: stop.measured, explanation: 'stopped at 8 s: p95 80 ms > 50 ms for 5 s' });
  });

  it('gives a threshold its stop ended on few requests one verdict: FAIL on the breach, with no "too few samples" doubt beside it', () => {
    // 3 requests a second, slow from the third second: the stop's 5-second breach has 15
    // requests all over the line, while the run's 30 are too few for a whole-run p99.
    const thin = planSpecSchema.parse({
      load: { executor: 'constant-vus', vus: 1, duration: '60s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [
        { metric: 'latency', stat: 'p99', op: '<', value: 50, stop: { after: '5s' } },
        { metric: 'latency', stat: 'p99', op: '<', value: 500 },
      ],
    });
    const seconds = Array.from({ length: 10 }, (_, i) => second(1_000 + i, many(i < 2 ? 5 : 80, 3)));
    const stop = findStopBreach(
      thin.thresholds,
      seconds.map((s) => s.sample),
      1_000,
    )!;
    expect(stop).toMatchObject({ thresholdIndex: 0, offenders: 15 });
    const outcome = decideOutcome({
      runId: 'run',
      spec: thin,
      segments: [{ index: 0, status: 'CANCELLED', error: null, startedAt: null }],
      seconds,
      dataMissing: false,
      stop,
    });
    expect(outcome.thresholds.map((r) => r.verdict)).toEqual(['FAIL', 'INCONCLUSIVE']);
    // The only doubt left is about the threshold the stop did not decide, and it says so.
    const doubts = outcome.diagnostics.filter((d) => d.code === 'TOO_FEW_SAMPLES');
    expect(doubts).toEqual([expect.objectContaining({ thresholdIndex: 1, madeInconclusive: [1] })]);
  });

  it('names on each critical diagnostic every requirement it made INCONCLUSIVE', () => {
    const busy = planSpecSchema.parse({
      load: { executor: 'constant-vus', vus: 1, duration: '4s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 50 },
        { metric: 'error_rate', op: '<', value: 0.5 },
        { metric: 'rps', op: '>', value: 1 },
      ],
    });
    const seconds = Array.from({ length: 4 }, (_, i) => ({
      ...second(1_000 + i, many(5, 300)),
      generator: { hostCpu: 0.99, k6Cpu: 1.9, cores: 2, runnerRssMb: 80 },
    }));
    const outcome = decideOutcome({ runId: 'run', spec: busy, segments: done, seconds, dataMissing: false });
    expect(outcome.thresholds.map((r) => r.verdict)).toEqual(['INCONCLUSIVE', 'PASS', 'INCONCLUSIVE']);
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'GENERATOR_SATURATED', madeInconclusive: [0, 2] })]);
  });

  it("judges a threshold on a share of seconds second by second, with the run's seconds", () => {
    const compliant = planSpecSchema.parse({
      load: { executor: 'constant-vus', vus: 1, duration: '120s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 50, compliance: { share: 0.95 } },
        { metric: 'latency', stat: 'p95', op: '<', value: 50, compliance: { share: 0.99 } },
      ],
    });
    // 120 seconds, 3 of them slow: 97.5 % of seconds meet the limit.
    const seconds = Array.from({ length: 120 }, (_, i) => second(1_000 + i, many([10, 50, 90].includes(i) ? 80 : 5, 200)));
    const outcome = decideOutcome({ runId: 'run', spec: compliant, segments: done, seconds, dataMissing: false });
    expect(outcome.thresholds.map((r) => [r.verdict, r.measured])).toEqual([
      ['PASS', 0.975],
      ['FAIL', 0.975],
    ]);
    expect(outcome.verdict).toBe('FAIL');
  });

  it('judges a windowed threshold on the seconds after its warm-up', () => {
    const windowed = planSpecSchema.parse({
      load: { executor: 'constant-vus', vus: 1, duration: '10s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 50, window: { after: '3s' } },
        { metric: 'latency', stat: 'p95', op: '<', value: 50 },
      ],
    });
    const seconds = Array.from({ length: 10 }, (_, i) => second(1_000 + i, many(i < 3 ? 400 : 5, 300)));
    const outcome = decideOutcome({ runId: 'run', spec: windowed, segments: done, seconds, dataMissing: false });
    expect(outcome.thresholds.map((r) => r.verdict)).toEqual(['PASS', 'FAIL']);
    expect(outcome.thresholds[0]!.explanation).toMatch(/^p95 after 3 s = 5 ms against < 50 ms/);
  });
});

/** The stop the API would have found in the same seconds (80 ms from the fourth second on). */
function decideStop(guarded: ReturnType<typeof planSpecSchema.parse>) {
  const samples = Array.from({ length: 8 }, (_, i) => second(1_000 + i, many(i < 3 ? 5 : 80, 300)).sample);
  const stop = findStopBreach(guarded.thresholds, samples, 1_000);
  if (!stop) throw new Error('expected a breach');
  return stop;
}
