import { describe, expect, it } from 'vitest';
import type { TelemetryFinding } from '@loadline/shared';
import { bottleneckOrder, findingWhen, hasTelemetry, sortFindings, utilisation } from './telemetry-format';

const finding = (over: Partial<TelemetryFinding>): TelemetryFinding => ({
  code: 'TARGET_SATURATED',
  severity: 'warning',
  source: 'api',
  message: 'm',
  atSeconds: null,
  evidence: {},
  ...over,
});

describe('telemetry findings as the report shows them', () => {
  it('puts critical findings first, then earlier ones, whole-run ones last', () => {
    const sorted = sortFindings([
      finding({ code: 'TELEMETRY_READ_FAILED', atSeconds: null }),
      finding({ code: 'TARGET_RESTARTED', atSeconds: 30 }),
      finding({ code: 'BACKLOG_GROWING', severity: 'critical', atSeconds: 40 }),
      finding({ code: 'TARGET_SATURATED', atSeconds: 12 }),
    ]);
    expect(sorted.map((f) => f.code)).toEqual(['BACKLOG_GROWING', 'TARGET_SATURATED', 'TARGET_RESTARTED', 'TELEMETRY_READ_FAILED']);
  });

  it('says when, with the phase unless the plan has only its default scenario', () => {
    expect(findingWhen(finding({ atSeconds: 17.4, phase: 'ramp' }))).toBe('at 17 s (ramp)');
    expect(findingWhen(finding({ atSeconds: 65, phase: 'default' }))).toBe('at 1 min 5 s');
    expect(findingWhen(finding({ atSeconds: null }))).toBe('');
  });

  it('orders the bottleneck table by who reached 90 % first, then by peak', () => {
    const rows = bottleneckOrder([
      { component: 'postgres', kind: 'target', peakUtilisation: 0.4, averageUtilisation: 0.2, saturatedAtSeconds: null },
      { component: 'generator', kind: 'generator', peakUtilisation: 0.95, averageUtilisation: 0.7, saturatedAtSeconds: 20 },
      { component: 'api', kind: 'target', peakUtilisation: 0.97, averageUtilisation: 0.8, saturatedAtSeconds: 12 },
      { component: 'worker', kind: 'target', peakUtilisation: 0.6, averageUtilisation: 0.3, saturatedAtSeconds: null },
    ]);
    expect(rows.map((row) => row.component)).toEqual(['api', 'generator', 'worker', 'postgres']);
    expect([utilisation(0.974), utilisation(null)]).toEqual(['97 %', '—']);
  });

  it('shows no card for a run without telemetry', () => {
    expect(hasTelemetry(null)).toBe(false);
    expect(hasTelemetry({ v: 1, findings: [], bottleneck: [], movedWithLatency: [], figures: [] })).toBe(false);
    expect(hasTelemetry({ v: 1, findings: [finding({})], bottleneck: [], movedWithLatency: [], figures: [] })).toBe(true);
  });
});
