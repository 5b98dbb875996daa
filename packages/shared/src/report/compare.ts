import { z } from 'zod';
import type { RequestStats } from '../summary.js';
import type { RunView } from '../runs.js';
import type { PlanSpec } from '../plan.js';
import { diffJson } from '../plan-diff.js';
import { THRESHOLD_STOP_CODE } from '../stop-rule.js';
import { CUSTOM_METRIC_TYPES, customMetricFigures } from '../custom-metrics.js';

/** Which way is better for a metric: latency and errors down, throughput up. */
const LOWER_IS_BETTER = new Set(['avg', 'p50', 'p90', 'p95', 'p99', 'max', 'errorRate', 'errors']);
const METRICS = ['count', 'rps', 'errorRate', 'avg', 'p50', 'p90', 'p95', 'p99', 'max', 'responseBytesAvg', 'responseBytesP95'] as const;
type Metric = (typeof METRICS)[number];
/**
 * Shown with their change but not judged: how many requests a run made follows from its
 * load, and a response that grew or shrank is neither better nor worse by itself (a smaller
 * one may be an error page).
 */
const NOT_JUDGED = new Set<Metric>(['count', 'responseBytesAvg', 'responseBytesP95']);

export const metricDeltaSchema = z.object({
  metric: z.string(),
  base: z.number().nullable(),
  head: z.number().nullable(),
  delta: z.number().nullable(),
  /** head / base - 1; null when base is 0 or missing. */
  deltaPct: z.number().nullable(),
  /** improvement, regression or unchanged (within 1 %); null when not judged (count, response sizes) or not comparable. */
  change: z.enum(['improvement', 'regression', 'unchanged']).nullable(),
});
export type MetricDelta = z.infer<typeof metricDeltaSchema>;

export const runComparisonSchema = z.object({
  base: z.object({ runId: z.string(), createdAt: z.string(), planName: z.string(), planVersion: z.number().int(), verdict: z.string().nullable() }),
  head: z.object({ runId: z.string(), createdAt: z.string(), planName: z.string(), planVersion: z.number().int(), verdict: z.string().nullable() }),
  /** Why the two runs may not compare like for like; empty when they do. */
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
  overall: z.array(metricDeltaSchema),
  /** Per request name present in either run. */
  requests: z.array(z.object({ name: z.string(), inBase: z.boolean(), inHead: z.boolean(), metrics: z.array(metricDeltaSchema) })),
  /** A custom script's own metrics present in either run (change: always null, see compareCustomMetrics). */
  customMetrics: z.array(z.object({ name: z.string(), type: z.enum(CUSTOM_METRIC_TYPES), inBase: z.boolean(), inHead: z.boolean(), metrics: z.array(metricDeltaSchema) })).default([]),
});
export type RunComparison = z.infer<typeof runComparisonSchema>;

/** Changes smaller than this share read as unchanged: run-to-run noise. */
const UNCHANGED_WITHIN = 0.01;

function value(stats: RequestStats | undefined, metric: Metric): number | null {
  if (!stats) return null;
  if (metric === 'count' || metric === 'rps' || metric === 'errorRate') return stats[metric];
  if (metric === 'responseBytesAvg') return stats.responseBytes?.avg ?? null;
  if (metric === 'responseBytesP95') return stats.responseBytes?.p95 ?? null;
  return stats.latency ? stats.latency[metric] : null;
}

function delta(metric: Metric, base: RequestStats | undefined, head: RequestStats | undefined): MetricDelta {
  return deltaOf(metric, value(base, metric), value(head, metric), NOT_JUDGED.has(metric) ? null : LOWER_IS_BETTER.has(metric) ? 'lower' : 'higher');
}

/** `better`: which way is an improvement; null when no way is (a count, a script's own metric). */
function deltaOf(metric: string, b: number | null, h: number | null, better: 'lower' | 'higher' | null): MetricDelta {
  const d = b !== null && h !== null ? h - b : null;
  const pct = d !== null && b !== null && b !== 0 ? h! / b - 1 : null;
  let change: MetricDelta['change'] = null;
  if (d !== null && better !== null) {
    const relative = pct ?? (d === 0 ? 0 : Math.sign(d));
    if (Math.abs(relative) < UNCHANGED_WITHIN) change = 'unchanged';
    else change = (better === 'lower' ? d < 0 : d > 0) ? 'improvement' : 'regression';
  }
  return { metric, base: b, head: h, delta: d, deltaPct: pct, change };
}

/**
 * A custom script's own metrics side by side. Which way is better is the script's business
 * (a bigger cart may be good), so changes are not called improvements or regressions.
 */
function compareCustomMetrics(base: RunView, head: RunView): RunComparison['customMetrics'] {
  const find = (run: RunView, name: string) => run.summary?.customMetrics.find((metric) => metric.name === name);
  const names = [...new Set([...(base.summary?.customMetrics ?? []), ...(head.summary?.customMetrics ?? [])].map((metric) => metric.name))].sort();
  return names.map((name) => {
    const [b, h] = [find(base, name), find(head, name)];
    const [bFigures, hFigures] = [b ? customMetricFigures(b) : {}, h ? customMetricFigures(h) : {}];
    const stats = [...new Set([...Object.keys(bFigures), ...Object.keys(hFigures)])];
    return { name, type: (h ?? b)!.type, inBase: !!b, inHead: !!h, metrics: stats.map((stat) => deltaOf(stat, bFigures[stat] ?? null, hFigures[stat] ?? null, null)) };
  });
}

export interface ComparedRun {
  run: RunView;
  spec: PlanSpec;
}

/** Two runs side by side: deltas per metric and request, and what makes them not comparable. Pure. */
export function compareRuns(base: ComparedRun, head: ComparedRun): RunComparison {
  const warnings: RunComparison['warnings'] = [];
  if (base.run.planId !== head.run.planId) warnings.push({ code: 'DIFFERENT_PLAN', message: `The runs are of different plans (${base.run.planName} and ${head.run.planName}).` });
  else if (base.run.planVersion !== head.run.planVersion) {
    warnings.push({ code: 'DIFFERENT_VERSION', message: `The runs used different versions of the plan (v${base.run.planVersion} and v${head.run.planVersion}).` });
  }
  const loadChanges = diffJson(
    base.spec.scenarios.map((scenario) => ({ name: scenario.name, load: scenario.load, startTime: scenario.startTime })),
    head.spec.scenarios.map((scenario) => ({ name: scenario.name, load: scenario.load, startTime: scenario.startTime })),
  );
  if (loadChanges.length || JSON.stringify(base.spec.script?.requirements) !== JSON.stringify(head.spec.script?.requirements)) {
    warnings.push({ code: 'DIFFERENT_LOAD', message: `The load profiles differ (${loadChanges.map((change) => change.path).slice(0, 3).join(', ') || 'custom script requirements'}): throughput and latency are not like for like.` });
  }
  if (base.run.segments !== head.run.segments) warnings.push({ code: 'DIFFERENT_SEGMENTS', message: `The runs were split over ${base.run.segments} and ${head.run.segments} runners.` });
  for (const [label, run] of [['base', base.run], ['head', head.run]] as const) {
    if (run.partial) warnings.push({ code: 'PARTIAL_DATA', message: `The ${label} run is missing measurements (partial).` });
    if (run.error?.code === THRESHOLD_STOP_CODE) {
      warnings.push({ code: 'STOPPED_EARLY', message: `The ${label} run was stopped early by a stop rule (${run.error.message}; ${run.plannedSeconds} s planned): its figures cover only the load until then.` });
    }
    if (run.diagnostics.some((diagnostic) => diagnostic.severity === 'critical')) {
      warnings.push({ code: 'DOUBTFUL_RUN', message: `The ${label} run has critical diagnostics (${run.diagnostics.filter((d) => d.severity === 'critical').map((d) => d.code).join(', ')}).` });
    }
  }

  const names = [...new Set([...(base.run.summary?.requests ?? []), ...(head.run.summary?.requests ?? [])].map((request) => request.name))];
  const find = (run: RunView, name: string) => run.summary?.requests.find((request) => request.name === name);
  return {
    base: { runId: base.run.id, createdAt: base.run.createdAt, planName: base.run.planName, planVersion: base.run.planVersion, verdict: base.run.verdict },
    head: { runId: head.run.id, createdAt: head.run.createdAt, planName: head.run.planName, planVersion: head.run.planVersion, verdict: head.run.verdict },
    warnings,
    overall: METRICS.map((metric) => delta(metric, base.run.summary?.overall, head.run.summary?.overall)),
    requests: names.map((name) => ({
      name,
      inBase: !!find(base.run, name),
      inHead: !!find(head.run, name),
      metrics: METRICS.map((metric) => delta(metric, find(base.run, name), find(head.run, name))),
    })),
    customMetrics: compareCustomMetrics(base.run, head.run),
  };
}
