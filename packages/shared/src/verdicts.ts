import type { Diagnostic } from './diagnostics-schema.js';
import { touches, type ScopeIndex } from './diagnostic-scopes.js';
import type { ThresholdStop } from './stop-rule.js';
import type { ThresholdResult } from './threshold.js';

/**
 * Where each threshold's verdict is decided, once: the figures' verdicts, a stop rule's
 * breach, and the doubts of critical diagnostics, in that order. The report, the share page,
 * the CLI, JUnit and webhooks all show what this returns, so a threshold never reads FAIL in
 * one place and INCONCLUSIVE in another, and a diagnostic says which requirements it made
 * INCONCLUSIVE (`madeInconclusive`) instead of each view guessing.
 */
export interface VerdictInput {
  /** Each threshold judged on its figures (evaluateThresholds), in plan order. */
  results: readonly ThresholdResult[];
  diagnostics: readonly Diagnostic[];
  scopes: ScopeIndex;
  /** The stop rule that ended the run early, if one did. */
  stop?: ThresholdStop | null;
}

/**
 * - The threshold whose stop rule ended the run FAILs with the stop's own figure and words.
 *   Its evidence is the breach: every second over the line and at least STOP_MIN_OFFENDERS
 *   requests themselves over it, a sample rule of its own. So a TOO_FEW_SAMPLES doubt about
 *   that threshold's whole-run percentile does not apply to it and is not reported.
 * - Any other critical diagnostic that touches the requests a verdict is made of (the stopped
 *   one's included: a saturated generator makes a stop's latencies the generator's) turns
 *   PASS or FAIL into INCONCLUSIVE, saying why, and records it on the diagnostic.
 */
export function decideVerdicts(input: VerdictInput): { thresholds: ThresholdResult[]; diagnostics: Diagnostic[] } {
  const { stop } = input;
  const stoppedByBreach = (diagnostic: Diagnostic) => stop && diagnostic.code === 'TOO_FEW_SAMPLES' && diagnostic.thresholdIndex === stop.thresholdIndex;
  const diagnostics: Diagnostic[] = input.diagnostics.filter((diagnostic) => !stoppedByBreach(diagnostic)).map((diagnostic) => ({ ...diagnostic }));
  const thresholds = input.results.map((result, index): ThresholdResult => {
    const judged: ThresholdResult =
      stop && index === stop.thresholdIndex ? { threshold: result.threshold, verdict: 'FAIL', measured: stop.measured, explanation: stop.message } : result;
    // Telemetry thresholds read the target's own metrics: the load's doubts do not touch them.
    if (judged.verdict === 'INCONCLUSIVE' || judged.threshold.metric === 'telemetry') return judged;
    const doubt = diagnostics.find(
      (diagnostic) =>
        diagnostic.severity === 'critical' &&
        (diagnostic.affects as readonly string[]).includes(judged.threshold.metric) &&
        touches(input.scopes, diagnostic, judged.threshold, index),
    );
    if (!doubt) return judged;
    doubt.madeInconclusive = [...(doubt.madeInconclusive ?? []), index];
    const where = doubt.request !== undefined ? ` on ${doubt.request}` : doubt.scenario !== undefined ? ` in scenario ${doubt.scenario}` : '';
    return {
      ...judged,
      verdict: 'INCONCLUSIVE',
      explanation: `${judged.explanation} (would be ${judged.verdict}, but ${doubt.code.toLowerCase().replaceAll('_', ' ')}${where})`,
    };
  });
  return { thresholds, diagnostics };
}

/**
 * Turns PASS/FAIL into INCONCLUSIVE where a critical diagnostic undermines the measurement a
 * threshold relies on (decideVerdicts without a stop), for callers that want the results only.
 */
export function applyDiagnostics(results: readonly ThresholdResult[], diagnostics: readonly Diagnostic[], scopes: ScopeIndex): ThresholdResult[] {
  return decideVerdicts({ results, diagnostics, scopes }).thresholds;
}
