import type { Diagnostic, DiagnosticCode, RunView } from '@loadline/shared';

/** Headline of each diagnostic code, as a person would name the problem. */
export const DIAGNOSTIC_TITLE: Record<DiagnosticCode, string> = {
  GENERATOR_SATURATED: 'Load generator saturated',
  DROPPED_ITERATIONS: 'Dropped iterations',
  ARRIVAL_RATE_SHORTFALL: 'Arrival rate not reached',
  RATE_LIMITED: 'Rate limited (429)',
  CONFIGURATION_ERRORS: 'Configuration errors (401/403/404)',
  CONNECTION_ERRORS: 'Connection errors',
  TOO_FEW_SAMPLES: 'Too few samples',
  PARTIAL_DATA: 'Partial data',
  SEGMENT_START_SKEW: 'Segments started apart',
  DATA_EXHAUSTED: 'Data set ran out',
};

const METRIC_LABEL: Record<Diagnostic['affects'][number], string> = {
  latency: 'latency',
  error_rate: 'error rate',
  rps: 'RPS',
  check_rate: 'check pass rate',
  status_share: 'status share',
  count: 'request count',
  custom: 'custom metric',
};

/** "samplesBeyond" -> "samples beyond", "status429" -> "status 429", "peakK6Cores" -> "peak k6 cores", "spreadMs" -> "spread (ms)". */
export function evidenceLabel(key: string): string {
  return (
    key
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/([a-zA-Z])(\d)/g, '$1 $2')
      .replace(/(\d)([A-Z])/g, '$1 $2')
      .toLowerCase()
      .replace(/\bk 6\b/g, 'k6')
      .replace(/\bcpu\b/g, 'CPU')
      .replace(/\brps\b/g, 'RPS')
      .replace(/\bvus\b/g, 'VUs')
      // "spreadMs": the unit is not a word of the name.
      .replace(/ ms$/, ' (ms)')
  );
}

/** Shares, shortfalls and CPU loads are fractions; everything else is a count or a word. */
export function evidenceValue(key: string, value: number | string): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  if (/share|shortfall|rate$|cpu$/i.test(key) && !/cores/i.test(key) && Math.abs(value) <= 1) {
    const percent = value * 100;
    return `${percent.toLocaleString('en-US', { maximumFractionDigits: percent !== 0 && Math.abs(percent) < 1 ? 2 : 1 })} %`;
  }
  return value.toLocaleString('en-US', { maximumFractionDigits: Number.isInteger(value) ? 0 : 2 });
}

/** "1", "1 and 3", "1, 2 and 4": requirements by their position in the plan, counted from 1. */
const requirementList = (indexes: readonly number[]) => {
  const numbers = indexes.map((index) => String(index + 1));
  return numbers.length > 1 ? `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}` : numbers[0]!;
};

/**
 * "latency and RPS thresholds of Search (requirements 1 and 3 made INCONCLUSIVE)", or null when
 * it changes no verdict. Which requirements it changed comes from the run's own verdicts
 * (madeInconclusive); runs judged before that was kept name the one it was limited to.
 */
export function affectsText(diagnostic: Diagnostic): string | null {
  if (diagnostic.affects.length === 0) return null;
  const metrics = diagnostic.affects.map((metric) => METRIC_LABEL[metric]);
  const list = metrics.length > 1 ? `${metrics.slice(0, -1).join(', ')} and ${metrics.at(-1)}` : metrics[0]!;
  const scope = diagnostic.request ? ` of ${diagnostic.request}` : '';
  const made = diagnostic.madeInconclusive;
  const which = made
    ? made.length
      ? ` (requirement${made.length === 1 ? '' : 's'} ${requirementList(made)} made INCONCLUSIVE)`
      : ' (no requirement of this run)'
    : diagnostic.thresholdIndex !== undefined
      ? ` (requirement ${diagnostic.thresholdIndex + 1})`
      : '';
  return `${list} thresholds${scope}${which}`;
}

/** Critical first, then warnings; the API's order within each. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'critical' ? -1 : 1));
}

/**
 * How many thresholds the critical diagnostics made INCONCLUSIVE: as the verdicts recorded it
 * (madeInconclusive); for runs judged before that was kept, the INCONCLUSIVE ones that had a
 * figure (those without data are not a diagnostic's doing).
 */
export function inconclusiveCount(run: Pick<RunView, 'thresholds' | 'diagnostics'>): number {
  const recorded = run.diagnostics.filter((diagnostic) => diagnostic.madeInconclusive !== undefined);
  if (recorded.length) return new Set(recorded.flatMap((diagnostic) => diagnostic.madeInconclusive!)).size;
  return run.thresholds.filter((result) => result.verdict === 'INCONCLUSIVE' && result.measured !== null).length;
}
