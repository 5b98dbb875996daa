import type { RunView } from '../runs.js';
import { listWords, runManifestDifferences } from '../run-manifest.js';
import { THRESHOLD_STOP_CODE } from '../stop-rule.js';
import type { LoadRelation } from './compare-scope.js';

export interface ComparisonWarning {
  code: string;
  message: string;
}

/**
 * Everything that keeps two runs from comparing like for like, in words: another plan or
 * version and how its load changed, another target, addresses, build or labels (the runs'
 * manifests), another split, a run partial, stopped early or in doubt.
 */
export function comparisonWarnings(base: RunView, head: RunView, load: LoadRelation, phases: readonly string[]): ComparisonWarning[] {
  const warnings: ComparisonWarning[] = [];
  if (base.planId !== head.planId)
    warnings.push({ code: 'DIFFERENT_PLAN', message: `The runs are of different plans (${base.planName} and ${head.planName}).` });
  else if (base.planVersion !== head.planVersion) {
    const same = base.manifest && head.manifest && base.manifest.plan.hash === head.manifest.plan.hash;
    warnings.push({
      code: 'DIFFERENT_VERSION',
      message: `The runs used different versions of the plan (v${base.planVersion} and v${head.planVersion})${same ? ', with the same content' : ''}.`,
    });
  }
  if (!load.same) {
    const judged = phases.length
      ? `the whole run and each request are shown, not judged; the phases both runs have (${phases.join(', ')}) are compared on their own`
      : 'the whole run and each request are shown, not judged (there are no phases of the same name to compare by)';
    warnings.push({ code: 'DIFFERENT_LOAD', message: `The load profiles differ (${listWords(load.changes)}): ${judged}.` });
  }
  if (base.segments !== head.segments)
    warnings.push({ code: 'DIFFERENT_SEGMENTS', message: `The runs were split over ${base.segments} and ${head.segments} runners.` });
  // The plan's content is told above (version, load); the manifests add the rest.
  warnings.push(
    ...runManifestDifferences({ manifest: base.manifest, labels: base.labels }, { manifest: head.manifest, labels: head.labels }).filter(
      (difference) => difference.code !== 'DIFFERENT_PLAN_CONTENT',
    ),
  );
  for (const [label, run] of [
    ['base', base],
    ['head', head],
  ] as const) {
    if (run.partial) warnings.push({ code: 'PARTIAL_DATA', message: `The ${label} run is missing measurements (partial).` });
    if (run.error?.code === THRESHOLD_STOP_CODE) {
      warnings.push({
        code: 'STOPPED_EARLY',
        message: `The ${label} run was stopped early by a stop rule (${run.error.message}; ${run.plannedSeconds} s planned): its figures cover only the load until then, so throughput and request counts are shown, not judged.`,
      });
    }
    if (run.diagnostics.some((diagnostic) => diagnostic.severity === 'critical')) {
      warnings.push({
        code: 'DOUBTFUL_RUN',
        message: `The ${label} run has critical diagnostics (${run.diagnostics
          .filter((d) => d.severity === 'critical')
          .map((d) => d.code)
          .join(', ')}).`,
      });
    }
  }
  return warnings;
}
