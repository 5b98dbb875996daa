import { describe, expect, it } from 'vitest';
import type { RunView } from '@loadline/shared';
import type { ApiEnv } from '../config/env.js';
import { runEventData } from './run-event.js';

describe('a run event', () => {
  it("carries the target's side in words (code, severity, source, message, when), never a source's address", () => {
    const run = {
      id: 'r1',
      status: 'PASSED',
      thresholds: [],
      diagnostics: [],
      summary: null,
      telemetry: {
        v: 1,
        findings: [
          {
            code: 'TARGET_SATURATED',
            severity: 'critical',
            source: 'api',
            message: 'api CPU reached 97 % of 4 cores at 12 s',
            atSeconds: 12,
            phase: 'peak',
            evidence: { peakShare: 0.97 },
          },
        ],
        bottleneck: [],
        movedWithLatency: [],
      },
    } as unknown as RunView;
    const data = runEventData(run, { LOADLINE_HOST: '127.0.0.1', LOADLINE_PORT: 8080 } as ApiEnv) as { run: { telemetry: unknown } };
    expect(data.run.telemetry).toEqual([
      { code: 'TARGET_SATURATED', severity: 'critical', source: 'api', message: 'api CPU reached 97 % of 4 cores at 12 s', atSeconds: 12 },
    ]);
    expect(
      (runEventData({ ...run, telemetry: null }, { LOADLINE_HOST: '127.0.0.1', LOADLINE_PORT: 8080 } as ApiEnv) as { run: { telemetry: unknown } }).run
        .telemetry,
    ).toEqual([]);
  });
});
