import { describe, expect, it } from 'vitest';
import { telemetryFindings } from './index.js';
import { telemetryReportSchema } from '../report.js';
import { catalog, findingsInput, load, seconds, series, T0, type Reading } from './test-fixtures.js';

describe('telemetry findings of a run', () => {
  it('reads every rule over one run, most severe first, in a report the schema accepts', () => {
    // 60 s: a 10 s ramp to 20 VUs, then steady. The api's CPU saturates its 2 cores at 30 s,
    // the worker restarts at 40 s (refused 2 s) and its queue grows 50/s from the start of the
    // steady load; the queue source's scrape is refused for 2 s.
    const input = findingsInput(60, {
      load: load(59, (offset) => ({
        vus: Math.min(20, 2 * (offset + 1)),
        rps: Math.min(200, 20 * (offset + 1)),
        p95: offset < 30 ? 20 : 20 + 10 * (offset - 29),
      })),
      phases: [
        { name: 'ramp', start: T0, end: T0 + 9 },
        { name: 'steady', start: T0 + 10, end: T0 + 59 },
      ],
      knee: { t: T0 + 33, vus: 20, criterion: 'p95 < 50 ms' },
      sources: [
        {
          catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate')], { cpuCores: 2 }),
          seconds: seconds('api', -3, 64, (offset) => ({ cpu: offset >= 30 && offset < 60 ? 1.95 : 0.8 })),
        },
        {
          catalog: catalog('worker', [series('start', 'start_time'), series('depth', 'queue_depth')]),
          seconds: seconds('worker', -3, 64, (offset): Reading =>
            offset === 40 || offset === 41 ? { error: 'REFUSED' } : { start: offset < 40 ? T0 - 1000 : T0 + 42, depth: Math.max(0, 50 * (offset - 10)) },
          ),
        },
      ],
    });
    const report = telemetryReportSchema.parse(telemetryFindings(input));
    expect(report.findings.map((finding) => [finding.code, finding.source, finding.severity, finding.atSeconds, finding.phase])).toEqual([
      // 18 VUs at 8 s are within 10 % of the steady 20.
      ['BACKLOG_GROWING', 'worker', 'critical', 8, 'steady'],
      ['TARGET_SATURATED', 'api', 'critical', 30, 'steady'],
      ['TARGET_RESTARTED', 'worker', 'critical', 40, 'steady'],
      ['TELEMETRY_READ_FAILED', 'worker', 'warning', 40, undefined],
    ]);
    expect(report.findings[1]!.message).toBe(
      "p95 crossed 50 ms at 20 VUs, 3 s after api CPU reached 98 % of 2 cores (at 30 s, during steady); it was at or above 90 % for 30 of the load's 60 s.",
    );
    expect(report.bottleneck.map((row) => [row.component, row.saturatedAtSeconds])).toEqual([
      ['api', 30],
      ['worker', null],
    ]);
    // The api's CPU and the worker's queue both rose with p95; the start time moved once.
    expect(report.movedWithLatency.map((row) => row.key).slice(0, 2)).toEqual(expect.arrayContaining(['cpu', 'depth']));
  });

  it('finds nothing in a quiet run and nothing without sources', () => {
    const quiet = findingsInput(30, {
      sources: [
        {
          catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate'), series('depth', 'queue_depth')], { cpuCores: 4 }),
          seconds: seconds('api', 0, 29, () => ({ cpu: 1, depth: 2 })),
        },
      ],
    });
    expect(telemetryFindings(quiet)).toEqual({
      v: 1,
      findings: [],
      bottleneck: [{ component: 'api', kind: 'target', peakUtilisation: 0.25, averageUtilisation: 0.25, saturatedAtSeconds: null }],
      movedWithLatency: [],
      // 1 core through 30 s of 100 requests/s: 10 CPU-seconds per 1,000; the queue stayed at 2.
      figures: [
        {
          source: 'api',
          peakCpuShare: 0.25,
          peakCpuCores: 1,
          cpuSecondsPer1kRequests: 10,
          peakMemoryBytes: null,
          restarts: 0,
          backlogGrowthPerSecond: 0,
          coverage: 1,
        },
      ],
    });
    expect(telemetryFindings(findingsInput(30))).toEqual({ v: 1, findings: [], bottleneck: [], movedWithLatency: [], figures: [] });
  });
});
