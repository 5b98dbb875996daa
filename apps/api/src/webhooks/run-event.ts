import type { RunView, TrendChange, WebhookEventType } from '@loadline/shared';
import { describeThreshold } from '@loadline/shared';
import type { ApiEnv } from '../config/env.js';
import type { BaselineComparison } from '../events/domain-events.js';

/** Where people open reports: the public URL, else the address the API listens on. */
export const reportBase = (env: ApiEnv) => (env.LOADLINE_PUBLIC_URL ?? `http://${env.LOADLINE_HOST}:${env.LOADLINE_PORT}`).replace(/\/$/, '');

/**
 * The `data` of a run event: the verdict, key figures, thresholds, the comparison with the
 * baseline it was judged against (null when none), the trend regressions it confirmed and
 * where to read the report.
 */
export function runEventData(
  run: RunView,
  env: ApiEnv,
  baseline: BaselineComparison | null = null,
  regressions: readonly TrendChange[] = [],
): Record<string, unknown> {
  const overall = run.summary?.overall;
  return {
    run: {
      id: run.id,
      planId: run.planId,
      planName: run.planName,
      planVersion: run.planVersion,
      status: run.status,
      verdict: run.verdict,
      trigger: run.trigger,
      createdAt: run.createdAt,
      finishedAt: run.finishedAt,
      error: run.error,
      figures: overall
        ? {
            requests: overall.count,
            rps: overall.rps,
            errorRate: overall.errorRate,
            p50: overall.latency?.p50 ?? null,
            p95: overall.latency?.p95 ?? null,
            p99: overall.latency?.p99 ?? null,
          }
        : null,
      thresholds: run.thresholds.map((result) => ({
        threshold: describeThreshold(result.threshold),
        verdict: result.verdict,
        explanation: result.explanation,
      })),
      diagnostics: run.diagnostics.filter((diagnostic) => diagnostic.severity === 'critical').map((diagnostic) => diagnostic.code),
      // The target's side (docs/telemetry.md), in words: why, beside that.
      telemetry: (run.telemetry?.findings ?? []).map(({ code, severity, source, message, atSeconds }) => ({ code, severity, source, message, atSeconds })),
      baseline: baseline
        ? {
            runId: baseline.runId,
            rule: baseline.rule,
            regressions: baseline.regressions,
            findings: baseline.findings.map(({ metric, change, text }) => ({ metric, change, text })),
          }
        : null,
      // Steps for the worse in the plan's trend that this run confirmed (each also sent once as plan.regression).
      regressions,
      reportUrl: `${reportBase(env)}/runs/${run.id}`,
    },
  };
}

/** The events an ended run emits: run.finished always, and one naming how it ended. */
export function endEvents(run: RunView): WebhookEventType[] {
  const specific: Partial<Record<RunView['status'], WebhookEventType>> = { FAILED: 'run.failed', ERRORED: 'run.errored', INCONCLUSIVE: 'run.inconclusive' };
  return ['run.finished', ...(specific[run.status] ? [specific[run.status]!] : [])];
}
