import { describe, expect, it } from 'vitest';
import { classifySegment, stopReasonOf } from './segment-outcome.js';
import { executionSegmentArgs } from './segment-executor.js';
import type { K6Outcome } from './k6-process.js';

const ok: K6Outcome = { exitCode: 0, signal: null, timedOut: false, aborted: false, stderrTail: [] };
const counts = { requests: 100, responded: 100 };

describe('classifySegment', () => {
  it('completes when k6 exits 0 and the target answered', () => {
    expect(classifySegment(ok, counts, '/k6')).toEqual({ outcome: 'completed', error: null });
  });

  it('names a missing binary and how to build it', () => {
    const missing = Object.assign(new Error('spawn /x/k6 ENOENT'), { code: 'ENOENT' });
    expect(classifySegment({ ...ok, exitCode: null, spawnError: missing }, counts, '/x/k6').error).toEqual({
      code: 'K6_MISSING',
      message: 'k6 binary not found at /x/k6 (build it with: bash scripts/ensure-k6.sh)',
    });
  });

  it('says k6 ran out of its memory ceiling instead of quoting the runtime stack', () => {
    const oom = { ...ok, exitCode: 2, stderrTail: ['fatal error: out of memory allocating heap arena metadata', '', 'runtime stack:', 'runtime.throw(...)'] };
    expect(classifySegment(oom, counts, '/k6', null, 512).error).toEqual({
      code: 'K6_OUT_OF_MEMORY',
      message: expect.stringContaining('it may use 512 MiB (LOADLINE_K6_MEMORY_MB'),
    });
  });

  it('completes a segment whose unique data set ran out (the plan said stop), and errs when it had no row at all', () => {
    const aborted = {
      ...ok,
      exitCode: 108,
      lastError:
        'test aborted: loadline: data set exhausted: users ran out after 800 rows in this segment (scenario s) at dataOut (file:///work/script.js:9:3)',
    };
    expect(classifySegment(aborted, counts, '/k6')).toEqual({ outcome: 'completed', error: null });
    expect(classifySegment(aborted, { requests: 0, responded: 0 }, '/k6').error).toMatchObject({
      code: 'DATA_EXHAUSTED',
      message: expect.stringContaining('users'),
    });
    // Another abort of the script's own is still a failure.
    expect(classifySegment({ ...aborted, lastError: 'test aborted: my own reason' }, counts, '/k6').error?.code).toBe('K6_FAILED');
  });

  it("quotes k6's own error when it exits non-zero", () => {
    const verdict = classifySegment({ ...ok, exitCode: 107, lastError: 'ReferenceError: foo is not defined at file:///s.js:3:5' }, counts, '/k6');
    expect(verdict).toEqual({
      outcome: 'errored',
      error: { code: 'K6_FAILED', message: 'k6 exited with code 107: ReferenceError: foo is not defined at file:///s.js:3:5' },
    });
  });

  it('says the target was unreachable when no request got any response', () => {
    const verdict = classifySegment({ ...ok, firstRequestFailure: 'dial tcp 127.0.0.1:1: connect: connection refused' }, { requests: 40, responded: 0 }, '/k6');
    expect(verdict.error).toEqual({ code: 'TARGET_UNREACHABLE', message: 'No request got a response: dial tcp 127.0.0.1:1: connect: connection refused' });
  });

  it('quotes the script error when k6 exits 0 without a single request', () => {
    const verdict = classifySegment({ ...ok, lastError: 'ReferenceError: x is not defined at file:///s.js:3:3' }, { requests: 0, responded: 0 }, '/k6');
    expect(verdict.error).toEqual({ code: 'SCRIPT_ERROR', message: 'No request was sent: ReferenceError: x is not defined at file:///s.js:3:3' });
    expect(classifySegment(ok, { requests: 0, responded: 0 }, '/k6').error?.code).toBe('NO_REQUESTS');
  });

  it('reports a deadline overrun ahead of the exit code it caused', () => {
    expect(classifySegment({ ...ok, exitCode: 105, timedOut: true }, counts, '/k6').error?.code).toBe('DEADLINE_EXCEEDED');
  });

  it('reports a cancel ahead of the exit code the interrupt gave', () => {
    const interrupted = { ...ok, exitCode: 105, aborted: true };
    expect(classifySegment(interrupted, counts, '/k6', 'cancelled')).toEqual({
      outcome: 'cancelled',
      error: { code: 'CANCELLED', message: 'The run was cancelled' },
    });
    expect(classifySegment({ ...interrupted, exitCode: null, signal: 'SIGKILL' }, { requests: 0, responded: 0 }, '/k6', 'cancelled').outcome).toBe('cancelled');
  });

  it("reports a threshold's stop as an early stop, not a cancel, ahead of the exit code the interrupt gave", () => {
    const interrupted = { ...ok, exitCode: 105, aborted: true };
    expect(stopReasonOf('threshold-breached')).toBe('threshold-breached');
    expect(stopReasonOf('segment-lost')).toBe('cancelled');
    expect(classifySegment(interrupted, counts, '/k6', stopReasonOf('threshold-breached'))).toEqual({
      outcome: 'cancelled',
      error: { code: 'STOPPED_BY_THRESHOLD', message: "Stopped early: a threshold's stop rule was breached (the run says which)" },
    });
  });

  it('reports a runner shutdown as an error of its own', () => {
    const verdict = classifySegment({ ...ok, exitCode: 105, aborted: true }, counts, '/k6', 'runner-stopped');
    expect(verdict.outcome).toBe('errored');
    expect(verdict.error?.code).toBe('RUNNER_STOPPED');
  });

  it('reports a kill by signal', () => {
    expect(classifySegment({ ...ok, exitCode: null, signal: 'SIGKILL' }, counts, '/k6').error?.message).toBe('k6 was killed by SIGKILL');
  });
});

describe('executionSegmentArgs', () => {
  it('adds nothing for a single segment', () => {
    expect(executionSegmentArgs(0, 1)).toEqual([]);
  });

  it('splits the run into equal k6 execution segments over one shared sequence', () => {
    expect(executionSegmentArgs(0, 3)).toEqual(['--execution-segment', '0:1/3', '--execution-segment-sequence', '0,1/3,2/3,1']);
    expect(executionSegmentArgs(2, 3)).toEqual(['--execution-segment', '2/3:1', '--execution-segment-sequence', '0,1/3,2/3,1']);
  });
});
