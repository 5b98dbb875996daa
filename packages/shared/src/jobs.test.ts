import { describe, expect, it } from 'vitest';
import { JobPayloadError, assertHandlersComplete, jobPayloadSchemas, parseJobPayload, runExecutePayloadSchema } from './jobs.js';
import { runAssignmentSchema } from './run-dispatch.js';

const execute = {
  runId: 'run1',
  tenantId: 'tenant1',
  planName: 'p',
  planVersion: 1,
  segment: { index: 0, count: 1 },
  spec: { load: { executor: 'constant-vus', vus: 1, duration: '1s' }, requests: [{ name: 'Get', path: '/' }] },
  target: { baseUrl: 'http://127.0.0.1:8080', secrets: 'v1:sealed' },
  deadlineSeconds: 60,
};

describe('job payload schemas', () => {
  it('accepts a valid segment payload and applies plan defaults', () => {
    const payload = runExecutePayloadSchema.parse(execute);
    expect(payload.spec.scenarios[0]!.requests[0]).toMatchObject({ method: 'GET', weight: 1, headers: {} });
    expect(payload.spec.segments).toBe(1);
    expect(() => runExecutePayloadSchema.parse({ ...execute, segment: { index: 2, count: 2 } })).toThrow(/segment index must be below the count/);
  });

  it('names every offending field of an invalid run assignment', () => {
    const { segment: _segment, ...job } = execute;
    const parsed = runAssignmentSchema.safeParse({
      runId: 'run1',
      attempt: 0,
      segmentIndex: 0,
      job: { ...job, segments: 2, target: { baseUrl: 'not a url', secrets: 'v1:sealed' } },
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['attempt', 'job.target.baseUrl']));
  });

  it('carries a W3C trace context through the run assignment, and refuses a malformed or padded one', () => {
    const { segment: _segment, ...job } = execute;
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const assignment = { runId: 'run1', attempt: 1, segmentIndex: 0, job: { ...job, segments: 1, trace: { traceparent } } };
    expect(runAssignmentSchema.parse(assignment).job.trace).toEqual({ traceparent });
    expect(runAssignmentSchema.parse({ ...assignment, job: { ...job, segments: 1 } }).job.trace).toBeUndefined();
    for (const trace of [
      { traceparent: 'ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      { traceparent: `${traceparent} ` },
      { traceparent, baggage: 'x' },
    ]) {
      expect(runAssignmentSchema.safeParse({ ...assignment, job: { ...job, segments: 1, trace } }).success).toBe(false);
    }
  });

  it('refuses unknown job names', () => {
    expect(() => parseJobPayload('results', 'run.delete' as never, {})).toThrow(/unknown job name/);
  });

  it('validates per-second results, rejecting a histogram of the wrong accuracy', () => {
    const sample = {
      v: 1,
      t: 1_700_000_000,
      requests: [
        {
          name: 'Get',
          method: 'GET',
          status: 200,
          expected: true,
          count: 2,
          latency: { relativeAccuracy: 0.005, count: 2, sum: 3, min: 1, max: 2, zeroCount: 0, bins: { '0': 1, '70': 1 } },
        },
      ],
    };
    expect(parseJobPayload('results', 'segment.second', { runId: 'r', segmentIndex: 0, sample }).sample.vus).toBe(0);
    const coarse = structuredClone(sample);
    coarse.requests[0]!.latency.relativeAccuracy = 0.05;
    expect(() => parseJobPayload('results', 'segment.second', { runId: 'r', segmentIndex: 0, sample: coarse })).toThrow(JobPayloadError);
  });

  it('makes a consumer without a handler for every job name refuse to start', () => {
    expect(() => assertHandlersComplete('results', { 'segment.started': async () => {} })).toThrow(/segment\.second, segment\.finished/);
    const all = Object.fromEntries(Object.keys(jobPayloadSchemas.results).map((name) => [name, async () => {}]));
    expect(() => assertHandlersComplete('results', all)).not.toThrow();
  });
});
