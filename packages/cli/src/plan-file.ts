import { stringify } from 'yaml';
import { YamlError, diffJson, parseYaml, planSpecSchema, type PlanChange, type PlanSpec, type PlanView, type UpdatePlanInput } from '@loadline/shared';
import { CliError } from './exit-codes.js';

/**
 * Plans as code. A plan file is `{ "name", "target": <target name>, ...spec }`: the spec as
 * GET /plans/:id answers it, minus what the server sets (a custom script's `requirements`),
 * with the target named instead of identified so the file works in any organization that has
 * a target of that name. JSON, or YAML when the file's name ends in .yaml or .yml.
 */
export interface PlanFile {
  name: string;
  target: string;
  /** The spec as written (shorthand `load`/`requests` allowed). */
  spec: Record<string, unknown>;
  /** Top-level fields a plan does not have (typos): ignored, and worth a warning. */
  unknownFields: string[];
}

const SPEC_FIELDS = ['scenarios', 'load', 'requests', 'script', 'thresholds', 'segments', 'grpc', 'data'];

/** Fields the API sets itself; a file never carries them and they never count as a change. */
export function withoutServerFields(spec: PlanSpec): PlanSpec {
  if (!spec.script?.requirements) return spec;
  const { requirements: _requirements, ...script } = spec.script;
  return { ...spec, script };
}

/** The file `loadline export` writes for a plan whose target is called `targetName`. */
export function toPlanFile(view: Pick<PlanView, 'name' | 'spec'>, targetName: string): Record<string, unknown> {
  // A plan without data sets writes no `data` key, so files of plans that never used one stay as they were.
  const { data, ...spec } = withoutServerFields(view.spec);
  return { name: view.name, target: targetName, ...spec, ...(data.length ? { data } : {}) };
}

/** Whether a plan file is YAML, by its name: .yaml or .yml. */
export const isYamlFile = (name: string): boolean => /\.ya?ml$/i.test(name);

/** The file's text: YAML when `name` ends in .yaml or .yml, JSON otherwise. */
export function serializePlanFile(file: Record<string, unknown>, name = 'plan.json'): string {
  // lineWidth 0: a long path or script line stays on one line, as written.
  return isYamlFile(name) ? stringify(file, { lineWidth: 0 }) : `${JSON.stringify(file, null, 2)}\n`;
}

/** Reads a plan file's text (YAML when `source` ends in .yaml or .yml, else JSON); `source` names it in errors. */
export function parsePlanFile(text: string, source: string): PlanFile {
  const yaml = isYamlFile(source);
  let parsed: unknown;
  try {
    parsed = yaml ? parseYaml(text) : JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof YamlError) throw new CliError(`${source} is not valid YAML: ${error.message}`);
    throw new CliError(`${source} is not JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new CliError(
      yaml
        ? `${source} must hold one YAML mapping: name, target and the plan's spec`
        : `${source} must hold one JSON object: { "name", "target", ...the plan's spec }`,
    );
  }
  const { name, target, targetId, ...spec } = parsed as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof name !== 'string' || !name.trim()) problems.push('"name" must be the plan\'s name (a non-empty string)');
  if (typeof target !== 'string' || !target.trim()) {
    problems.push(
      targetId !== undefined
        ? '"target" must name the target; plan files name it rather than give its id ("targetId"), so they work in any organization'
        : '"target" must be the name of one of the organization\'s targets',
    );
  }
  if (problems.length) throw new CliError(`${source}: ${problems.join('; ')}`);
  const unknownFields = Object.keys(spec).filter((key) => !SPEC_FIELDS.includes(key));
  return { name: (name as string).trim(), target: (target as string).trim(), spec, unknownFields };
}

/** Whether a spec is written with the one-scenario shorthand (`load` and `requests`). */
const isShorthand = (spec: Record<string, unknown>) => !('scenarios' in spec) && ('load' in spec || 'requests' in spec);

/**
 * The spec with every default applied, as the API stores it, so that two specs that mean the
 * same compare equal. Invalid specs are refused with every problem and where it is, in the
 * file's own terms (`load.vus` for a shorthand plan).
 */
export function normalizeSpec(spec: Record<string, unknown>, source: string): PlanSpec {
  const result = planSpecSchema.safeParse(spec);
  if (!result.success) {
    const shorthand = isShorthand(spec);
    const lines = result.error.issues.map((issue) => {
      let path = issue.path.map(String).join('.');
      if (shorthand) path = path.replace(/^scenarios\.0\.(load|requests)/, '$1');
      return `  ${path || '(root)'}: ${issue.message}`;
    });
    throw new CliError(`${source} is not a valid plan:\n${lines.join('\n')}`);
  }
  return withoutServerFields(result.data);
}

/** The document compared between the file and the saved plan. */
function document(target: string, spec: PlanSpec): Record<string, unknown> {
  return { target, ...withoutServerFields(spec) };
}

/** What applying `desired` to `current` changes, leaf by leaf (empty: unchanged). */
export function planChanges(current: { target: string; spec: PlanSpec }, desired: { target: string; spec: PlanSpec }): PlanChange[] {
  // Both sides through the schema: a saved plan from an older version gains today's defaults.
  const normalize = (spec: PlanSpec) => withoutServerFields(planSpecSchema.parse(spec));
  return diffJson(document(current.target, normalize(current.spec)), document(desired.target, normalize(desired.spec)));
}

const show = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** "~ scenarios.0.load.vus: 10 -> 20", "+ thresholds.1: {...}", "- grpc: {...}". */
export function formatChange(change: PlanChange): string {
  switch (change.kind) {
    case 'added':
      return `+ ${change.path}: ${show(change.after)}`;
    case 'removed':
      return `- ${change.path}: ${show(change.before)}`;
    case 'changed':
      return `~ ${change.path}: ${show(change.before)} -> ${show(change.after)}`;
  }
}

/**
 * Changes PATCH /plans/:id cannot make: it has no `script` field (a custom script is fixed
 * once saved, and a plan cannot switch between a script and scenarios), and a field left out
 * keeps its value, so `grpc` cannot be removed.
 */
export function unsupportedChanges(current: PlanSpec, desired: PlanSpec): string[] {
  const problems: string[] = [];
  const script = (spec: PlanSpec) => (spec.script ? spec.script.source : null);
  if (script(current) !== script(desired)) {
    problems.push(
      current.script && desired.script
        ? 'the custom script changed, and PATCH /api/v1/plans/:id cannot change a script'
        : current.script
          ? 'the plan is a custom script and the file has scenarios; PATCH /api/v1/plans/:id cannot switch a plan from a script to scenarios'
          : 'the file has a custom script and the plan has scenarios; PATCH /api/v1/plans/:id cannot switch a plan to a script',
    );
  }
  if (current.grpc && !desired.grpc) problems.push('the file has no "grpc" settings and the plan has some; PATCH /api/v1/plans/:id cannot remove them');
  return problems;
}

/**
 * The PATCH body that makes the saved plan's current version equal to the file (each field
 * given replaces the saved one), for changes unsupportedChanges() accepts.
 */
export function patchFor(desired: PlanSpec, targetId: string | undefined): UpdatePlanInput {
  return {
    ...(targetId ? { targetId } : {}),
    // A script plan has no scenarios, and PATCH wants at least one when they are given.
    ...(desired.scenarios.length ? { scenarios: desired.scenarios } : {}),
    thresholds: desired.thresholds,
    segments: desired.segments,
    ...(desired.grpc ? { grpc: desired.grpc } : {}),
  };
}
