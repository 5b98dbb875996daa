import { describe, expect, it } from 'vitest';
import type { RunView } from '../runs.js';
import { runToJunit } from './export.js';

/** The smallest run view the JUnit export reads: a passed run without thresholds, with the target's side. */
const run = (telemetry: RunView['telemetry']): RunView =>
  ({
    id: 'run-1',
    planName: 'Checkout',
    planVersion: 3,
    status: 'PASSED',
    verdict: 'PASS',
    createdAt: '2026-11-27T00:00:00Z',
    startedAt: '2026-11-27T00:00:00Z',
    error: null,
    summary: null,
    thresholds: [],
    telemetry,
  }) as unknown as RunView;

describe("JUnit: the target's side", () => {
  it('tells each finding in a suite of its own, failing none (a finding changes no verdict)', () => {
    const junit = runToJunit(
      run({
        v: 1,
        findings: [
          { code: 'BACKLOG_GROWING', severity: 'critical', source: 'jobs', message: 'jobs grew by 90/s <while> steady', atSeconds: 3, evidence: {} },
          { code: 'TARGET_RESTARTED', severity: 'warning', source: 'worker', message: 'worker restarted once', atSeconds: 9, evidence: {} },
        ],
        bottleneck: [],
        movedWithLatency: [],
        figures: [],
      }),
    );
    expect(junit).toContain('<testsuites name="Loadline" tests="2" failures="0" errors="0"');
    expect(junit).toContain('<testsuite name="Checkout v3 target&apos;s side" tests="2" failures="0" errors="0" time="0">');
    expect(junit).toContain('name="jobs: BACKLOG_GROWING" time="0"><system-out>critical: jobs grew by 90/s &lt;while&gt; steady</system-out>');
    expect(runToJunit(run(null))).not.toContain('side');
  });
});
