import type { z } from 'zod';
import type { DataUse } from './data-sets.js';
import { templateReferences, templatedStrings, type PlanStep } from './plan-steps.js';

/**
 * How plans reference their data sets: `{{data.<set>.<column>}}` wherever `{{captures}}` and
 * `{{vars.NAME}}` may stand (paths, query values, headers, bodies, messages, gRPC messages and
 * metadata), and also in checks (expected body text, a JSON path's expected string) and in a
 * regex capture's pattern, so a check can say "the answer names this user". Never in request
 * names: names are report rows, and a row per user would be a row per user.
 */

export const DATA_REFERENCE_PREFIX = 'data.';

/** `data.users.token` as its set and column; null when it is not a whole data reference. */
export function parseDataReference(reference: string): { set: string; column: string } | null {
  const match = /^data\.([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(reference);
  return match ? { set: match[1]!, column: match[2]! } : null;
}

/** Strings of a step where only data references are filled (checks, capture patterns), with where they are. */
function dataOnlyStrings(step: PlanStep): { path: (string | number)[]; text: string }[] {
  if (step.protocol === 'http') {
    return [
      ...step.checks.flatMap((check, index) =>
        check.type === 'bodyContains'
          ? [{ path: ['checks', index, 'value'], text: check.value }]
          : check.type === 'jsonPath' && typeof check.equals === 'string'
            ? [{ path: ['checks', index, 'equals'], text: check.equals }]
            : [],
      ),
      ...step.captures.flatMap((capture, index) => (capture.from === 'regex' ? [{ path: ['captures', index, 'pattern'], text: capture.pattern }] : [])),
    ];
  }
  if (step.protocol === 'ws') return step.checks.map((check, index) => ({ path: ['checks', index, 'value'], text: check.value }));
  return [];
}

export interface DataReferenceAt {
  /** Where it is, from the step: ['headers', 'Authorization']. */
  path: (string | number)[];
  reference: string;
}

/** Every `{{data...}}` reference of a step (well formed or not), with where it is. */
export function stepDataReferences(step: PlanStep): DataReferenceAt[] {
  const found: DataReferenceAt[] = [];
  for (const { path, text } of [...templatedStrings(step), ...dataOnlyStrings(step)]) {
    for (const reference of templateReferences(text)) if (reference.startsWith(DATA_REFERENCE_PREFIX)) found.push({ path, reference });
  }
  return found;
}

/** The sets a scenario's steps reference, in order of first use: the scenarios a `unique` set's rows are split between. */
export function scenarioDataSets(scenario: { requests: readonly PlanStep[] }): string[] {
  const sets: string[] = [];
  for (const step of scenario.requests) {
    for (const { reference } of stepDataReferences(step)) {
      const parsed = parseDataReference(reference);
      if (parsed && !sets.includes(parsed.set)) sets.push(parsed.set);
    }
  }
  return sets;
}

/** The names of the scenarios that use `set`, in plan order. */
export function scenariosUsing(spec: { scenarios: readonly { name: string; requests: readonly PlanStep[] }[] }, set: string): string[] {
  return spec.scenarios.filter((scenario) => scenarioDataSets(scenario).includes(set)).map((scenario) => scenario.name);
}

export interface PlanDataReference {
  /** From the spec's root: ['scenarios', 0, 'requests', 2, 'headers', 'Authorization']. */
  path: (string | number)[];
  set: string;
  column: string;
}

/** Every well-formed data reference of a plan, for checking columns against the sets (the API does, at save). */
export function planDataReferences(spec: { scenarios: readonly { requests: readonly PlanStep[] }[] }): PlanDataReference[] {
  const found: PlanDataReference[] = [];
  spec.scenarios.forEach((scenario, s) =>
    scenario.requests.forEach((step, r) => {
      for (const { path, reference } of stepDataReferences(step)) {
        const parsed = parseDataReference(reference);
        if (parsed) found.push({ path: ['scenarios', s, 'requests', r, ...path], ...parsed });
      }
    }),
  );
  return found;
}

/**
 * The spec's own checks of its data: each set named once, and every reference well formed
 * and to a declared set. Whether the set and column exist is the API's to say (it knows the
 * organization's sets). Custom scripts read their sets themselves: nothing to check there.
 */
export function checkPlanData(
  spec: { data: readonly DataUse[]; script?: unknown; scenarios: readonly { requests: readonly PlanStep[] }[] },
  ctx: z.RefinementCtx,
): void {
  const declared = new Set<string>();
  spec.data.forEach((use, index) => {
    if (declared.has(use.set)) ctx.addIssue({ code: 'custom', path: ['data', index, 'set'], message: `data set "${use.set}" is named twice` });
    declared.add(use.set);
  });
  if (spec.script) return;
  spec.scenarios.forEach((scenario, s) =>
    scenario.requests.forEach((step, r) => {
      for (const { path, reference } of stepDataReferences(step)) {
        const at = ['scenarios', s, 'requests', r, ...path];
        const parsed = parseDataReference(reference);
        if (!parsed) {
          ctx.addIssue({ code: 'custom', path: at, message: `{{${reference}}} is not a data reference: write {{data.<set>.<column>}}` });
        } else if (!declared.has(parsed.set)) {
          ctx.addIssue({ code: 'custom', path: at, message: `{{${reference}}}: the plan does not use a data set "${parsed.set}" (add it under data)` });
        }
      }
    }),
  );
}
