import { describe, expect, it } from 'vitest';
import { emptyHistogram, planSpecSchema, recordValue, type StoredSecond } from '@loadline/shared';
import { decideOutcome, type SegmentState } from './run-outcome.js';

const spec = planSpecSchema.parse({
  load: { executor: 'constant-vus', vus: 1, duration: '2s' },
  requests: [{ name: 'Get', path: '/' }],
  thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 50 }],
});

function second(t: number, latencies: number[], status = 200): StoredSecond {
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
  return { segmentIndex: 0, sample, generator: null };
}

const many = (value: number, times: number) => Array.from({ length: times }, () => value);
const done: SegmentState[] = [{ index: 0, status: 'COMPLETED', error: null }];

describe('decideOutcome', () => {
  it('passes when every threshold passes', () => {
    const outcome = decideOutcome({ spec, segments: done, seconds: [second(1, many(5, 150)), second(2, many(7, 150))], dataMissing: false });
    expect(outcome).toMatchObject({ status: 'PASSED', verdict: 'PASS', partial: false, error: null, diagnostics: [] });
    expect(outcome.summary!.overall.count).toBe(300);
  });

  it('fails on a failed threshold', () => {
    const outcome = decideOutcome({ spec, segments: done, seconds: [second(1, many(80, 300))], dataMissing: false });
    expect(outcome).toMatchObject({ status: 'FAILED', verdict: 'FAIL' });
  });

  it('errors with the segment’s own error, keeping what was measured, marked partial', () => {
    const segments: SegmentState[] = [{ index: 0, status: 'ERRORED', error: { code: 'K6_FAILED', message: 'k6 exited with code 107' } }];
    const outcome = decideOutcome({ spec, segments, seconds: [second(1, [5])], dataMissing: false });
    expect(outcome).toMatchObject({ status: 'ERRORED', verdict: null, partial: true, error: { code: 'K6_FAILED' } });
    expect(outcome.summary!.overall.count).toBe(1);
    expect(outcome.thresholds).toEqual([]);
  });

  it('errors when no request completed: nothing to judge', () => {
    expect(decideOutcome({ spec, segments: done, seconds: [], dataMissing: false }).error?.code).toBe('NO_REQUESTS');
  });

  it('cancels with what was measured and no verdict', () => {
    const outcome = decideOutcome({ spec, segments: [{ index: 0, status: 'CANCELLED', error: null }], seconds: [second(1, [5])], dataMissing: false });
    expect(outcome).toMatchObject({ status: 'CANCELLED', verdict: null, error: null });
    expect(outcome.summary!.overall.count).toBe(1);
  });

  it('lets diagnostics turn a verdict INCONCLUSIVE: a p95 from 2 requests proves nothing', () => {
    const outcome = decideOutcome({ spec, segments: done, seconds: [second(1, [80, 90])], dataMissing: false });
    expect(outcome.diagnostics.map((d) => d.code)).toEqual(['TOO_FEW_SAMPLES']);
    expect(outcome).toMatchObject({ status: 'INCONCLUSIVE', verdict: 'INCONCLUSIVE' });
  });

  it('errors an abandoned run with its cause', () => {
    const outcome = decideOutcome({
      spec,
      segments: [{ index: 0, status: 'RUNNING', error: null }],
      seconds: [second(1, [5])],
      dataMissing: true,
      abandoned: { code: 'DEADLINE_EXCEEDED', message: 'late' },
    });
    expect(outcome).toMatchObject({ status: 'ERRORED', partial: true, error: { code: 'DEADLINE_EXCEEDED' } });
  });
});
