import type { BottleneckRow, TelemetryFinding, TelemetryFindingCode, TelemetryReport } from '@loadline/shared';

/** Headline of each telemetry finding, as a person would name it. */
export const FINDING_TITLE: Record<TelemetryFindingCode, string> = {
  TARGET_SATURATED: 'Saturated',
  TARGET_RESTARTED: 'Restarted',
  BACKLOG_GROWING: 'Backlog growing',
  RESOURCE_LEAK: 'Growing without bound',
  GENERATOR_FIRST: 'Load generator was the bottleneck',
  TELEMETRY_READ_FAILED: 'Metrics not read',
};

const SEVERITY_RANK: Record<TelemetryFinding['severity'], number> = { critical: 0, warning: 1, info: 2 };

/** Most severe first, then in time order (findings of the whole run last). */
export function sortFindings(findings: readonly TelemetryFinding[]): TelemetryFinding[] {
  return [...findings].sort(
    (a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || (a.atSeconds ?? Number.POSITIVE_INFINITY) - (b.atSeconds ?? Number.POSITIVE_INFINITY),
  );
}

/** "at 17 s (ramp)", "at 1 min 5 s", or "" for a finding of the whole run. */
export function findingWhen(finding: TelemetryFinding): string {
  if (finding.atSeconds === null) return '';
  const seconds = Math.round(finding.atSeconds);
  const time = seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
  return `at ${time}${finding.phase && finding.phase !== 'default' ? ` (${finding.phase})` : ''}`;
}

/** A utilisation share as "97 %", or "—" when unknown. */
export function utilisation(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 100)} %`;
}

/** The bottleneck rows, the first to reach 90 % first (then the busiest), so the table reads as an answer. */
export function bottleneckOrder(rows: readonly BottleneckRow[]): BottleneckRow[] {
  return [...rows].sort(
    (a, b) =>
      (a.saturatedAtSeconds ?? Number.POSITIVE_INFINITY) - (b.saturatedAtSeconds ?? Number.POSITIVE_INFINITY) ||
      (b.peakUtilisation ?? -1) - (a.peakUtilisation ?? -1),
  );
}

/** Whether the report has anything to show (no sources: no card at all). */
export function hasTelemetry(report: TelemetryReport | null | undefined): report is TelemetryReport {
  return !!report && (report.findings.length > 0 || report.bottleneck.length > 0 || report.movedWithLatency.length > 0);
}
