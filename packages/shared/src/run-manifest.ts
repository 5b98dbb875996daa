import { z } from 'zod';
import { diffJson, type PlanChange } from './plan-diff.js';
import { runDataUseSchema, segmentDataUsageSchema } from './data-usage.js';

/**
 * What a run measured, so two runs can be told comparable or not: the labels its caller gave
 * it (the commit, build or environment under test) and the manifest Loadline records (plan
 * version and hashes, target and its addresses, k6 and Loadline versions, runner image,
 * segments, load). Comparisons list every difference as a warning (runManifestDifferences).
 */

export const RUN_LABEL_LIMITS = { labels: 20, keyLength: 63, valueLength: 200 } as const;

/** `commit`, `version`, `env`, `team/area`: a letter first, then letters, digits and . _ - / */
export const runLabelKeySchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9._/-]*$/, 'a label key starts with a letter and has only letters, digits, ".", "_", "-" and "/"')
  .max(RUN_LABEL_LIMITS.keyLength, `a label key has at most ${RUN_LABEL_LIMITS.keyLength} characters`);

export const runLabelValueSchema = z
  .string()
  .min(1, 'a label value is not empty')
  .max(RUN_LABEL_LIMITS.valueLength, `a label value has at most ${RUN_LABEL_LIMITS.valueLength} characters`)
  .refine((value) => ![...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127), 'a label value has no control characters');

export const runLabelsSchema = z
  .record(runLabelKeySchema, runLabelValueSchema)
  .refine((labels) => Object.keys(labels).length <= RUN_LABEL_LIMITS.labels, `at most ${RUN_LABEL_LIMITS.labels} labels per run`);
export type RunLabels = z.infer<typeof runLabelsSchema>;

/**
 * Several `key=value` (a command line's repeated --label, a form's space-separated field) as
 * a run's labels, or the first reason they are not: malformed, given twice, too many.
 */
export function parseLabelArguments(texts: readonly string[]): { labels: RunLabels } | { error: string; tooMany?: true } {
  const labels: RunLabels = {};
  for (const text of texts) {
    const parsed = parseLabelArgument(text);
    if ('error' in parsed) return parsed;
    if (parsed.key in labels) return { error: `${parsed.key} is given twice` };
    labels[parsed.key] = parsed.value;
  }
  if (Object.keys(labels).length > RUN_LABEL_LIMITS.labels) return { error: `at most ${RUN_LABEL_LIMITS.labels} labels per run`, tooMany: true };
  return { labels };
}

/**
 * A target named for one run instead of the plan's own (an environment: staging, a preview,
 * production): another target of the same organization, under the same checks as the plan's.
 */
export const runTargetIdSchema = z.string().trim().min(1, 'a target id is not empty').max(64, 'a target id has at most 64 characters');

/** The body of POST /plans/:id/runs (optional): the run's labels, and the target it runs against (default: the plan's). */
export const startRunSchema = z.object({ labels: runLabelsSchema.optional(), targetId: runTargetIdSchema.optional() });
export type StartRunInput = z.infer<typeof startRunSchema>;

/** One `key=value` as a command line or a query writes it; the value may itself hold "=". */
export function parseLabelArgument(text: string): { key: string; value: string } | { error: string } {
  const at = text.indexOf('=');
  if (at <= 0) return { error: `"${text}" is not key=value` };
  const key = runLabelKeySchema.safeParse(text.slice(0, at));
  if (!key.success) return { error: `"${text}": ${key.error.issues[0]!.message}` };
  const value = runLabelValueSchema.safeParse(text.slice(at + 1));
  if (!value.success) return { error: `"${text}": ${value.error.issues[0]!.message}` };
  return { key: key.data, value: value.data };
}

/** A query's `label=key=value`: runs (or trend points) carrying that label. */
export const labelFilterSchema = z.string().transform((text, ctx) => {
  const parsed = parseLabelArgument(text);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed;
});

/** Labels a run is started with, over those its schedule or trigger carries (the caller's win). */
export function mergeLabels(...layers: (RunLabels | null | undefined)[]): RunLabels {
  return Object.assign({}, ...layers.filter(Boolean)) as RunLabels;
}

/** What one runner reported about itself when its segment started. */
export const runnerBuildSchema = z.object({
  /** "v1.8.1" as `k6 version` prints it; null when it could not be read. */
  k6: z.string().max(100).nullable(),
  /** The runner's own version (its package.json). */
  loadline: z.string().max(100),
  /** The container image it runs from (LOADLINE_IMAGE, set by the Helm chart), if any. */
  image: z.string().max(300).nullable(),
});
export type RunnerBuild = z.infer<typeof runnerBuildSchema>;

/** Recorded when the run is created (Run.manifest, versioned); the runners' builds are added as segments start. */
export const runManifestSchema = z.object({
  v: z.literal(1),
  plan: z.object({
    id: z.string(),
    version: z.number().int(),
    /** sha256 of the version's spec as stored: equal hashes, the same plan whatever its version number. */
    hash: z.string(),
  }),
  /** sha256 of a custom script's source; null for generated scripts (the plan hash covers them). */
  scriptHash: z.string().nullable(),
  target: z.object({
    id: z.string(),
    baseUrl: z.string(),
    /** The addresses its name resolved to when the run started (what k6 was allowed to reach). */
    addresses: z.array(z.string()).max(64),
  }),
  /** The API's version that queued it. */
  loadline: z.string().max(100),
  segments: z.number().int(),
  /** Per scenario: its load profile as run (executor, stages, start time). */
  load: z.array(z.object({ scenario: z.string(), startTime: z.string().optional(), load: z.record(z.string(), z.unknown()) })),
  /** The data sets the run used: which version, how, how many rows (absent: none, or a run before data sets). */
  data: z.array(runDataUseSchema).max(10).optional(),
  /** What each segment's runner reported of them when its k6 ended, by segment index (added up in the view's `data`). */
  dataUsage: z.record(z.string(), z.array(segmentDataUsageSchema)).optional(),
});
export type RunManifest = z.infer<typeof runManifestSchema>;

/** A manifest as shown: what was recorded at the start, with each segment's runner once it started. */
export const runManifestViewSchema = runManifestSchema.extend({
  runners: z.array(runnerBuildSchema.extend({ segment: z.number().int() })),
});
export type RunManifestView = z.infer<typeof runManifestViewSchema>;

export interface ManifestDifference {
  code: 'DIFFERENT_PLAN_CONTENT' | 'DIFFERENT_SCRIPT' | 'DIFFERENT_TARGET' | 'DIFFERENT_ADDRESSES' | 'DIFFERENT_BUILD' | 'DIFFERENT_LABELS';
  message: string;
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * "stage 2 target 40 → 50" from a change at `scenarios.0.load.stages.1.target`: positions
 * counted from 1, scenarios named, the leading `load.` left out (the whole warning is about load).
 */
export function describeLoadChange(change: PlanChange, scenarios: readonly string[]): string {
  const parts = change.path.split('.');
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (part === 'load') continue;
    if (next !== undefined && /^\d+$/.test(next)) {
      const index = Number(next);
      words.push(part === 'scenarios' ? `scenario ${scenarios[index] ?? index + 1}` : `${part.replace(/s$/, '')} ${index + 1}`);
      i++;
    } else words.push(part);
  }
  const what = words.join(' ');
  if (change.kind === 'added') return `${what} added (${shown(change.after)})`;
  if (change.kind === 'removed') return `${what} removed (was ${shown(change.before)})`;
  return `${what} ${shown(change.before)} → ${shown(change.after)}`;
}

/** "a; b; c; and 2 more": a list of changes in a warning, the first `most` of them. */
export const listWords = (items: readonly string[], most = 4) =>
  items.length > most ? `${items.slice(0, most).join('; ')}; and ${items.length - most} more` : items.join('; ');

/** How two runs' scenarios (one entry each, in plan order) differ, in words ("scenario peak vus 20 → 30"). */
export function loadChangeWords(before: readonly unknown[], after: readonly unknown[], scenarios: readonly string[]): string[] {
  return diffJson(before, after).map((change) => describeLoadChange({ ...change, path: change.path.replace(/^(\d+)/, 'scenarios.$1') }, scenarios));
}

/**
 * Every way two runs' manifests and labels differ, in words: a comparison shows these as
 * warnings, so nobody reads a change of build or plan as a change of the service. Runs
 * recorded before manifests existed have none: nothing is said about them.
 */
export function runManifestDifferences(
  base: { manifest: RunManifestView | null; labels: RunLabels },
  head: { manifest: RunManifestView | null; labels: RunLabels },
): ManifestDifference[] {
  const found: ManifestDifference[] = [];
  const [b, h] = [base.manifest, head.manifest];
  if (b && h) {
    if (b.plan.hash !== h.plan.hash) {
      const changes = loadChangeWords(
        b.load,
        h.load,
        h.load.map((s) => s.scenario),
      );
      found.push({
        code: 'DIFFERENT_PLAN_CONTENT',
        message: `The plan changed between the runs (${b.plan.id === h.plan.id ? `v${b.plan.version} → v${h.plan.version}` : 'different plans'})${changes.length ? `: ${listWords(changes)}` : ': its requests, checks or thresholds, not its load'}.`,
      });
    }
    if (b.scriptHash !== h.scriptHash && b.scriptHash && h.scriptHash)
      found.push({ code: 'DIFFERENT_SCRIPT', message: 'The custom script differs between the runs.' });
    if (b.target.id !== h.target.id || b.target.baseUrl !== h.target.baseUrl) {
      found.push({ code: 'DIFFERENT_TARGET', message: `The runs went to different targets (${b.target.baseUrl} and ${h.target.baseUrl}).` });
    } else if ([...b.target.addresses].sort().join() !== [...h.target.addresses].sort().join()) {
      found.push({
        code: 'DIFFERENT_ADDRESSES',
        message: `The target's name resolved to other addresses (${b.target.addresses.join(', ') || 'none'} → ${h.target.addresses.join(', ') || 'none'}): another host or deployment may have answered.`,
      });
    }
    const builds = (manifest: RunManifestView, key: 'k6' | 'loadline' | 'image') =>
      [...new Set(manifest.runners.map((runner) => runner[key] ?? 'unknown'))].sort().join(', ');
    const changed: string[] = [];
    if (b.loadline !== h.loadline) changed.push(`Loadline ${b.loadline} → ${h.loadline}`);
    for (const [key, name] of [
      ['k6', 'k6'],
      ['loadline', 'runner'],
      ['image', 'runner image'],
    ] as const) {
      const [x, y] = [builds(b, key), builds(h, key)];
      if (x && y && x !== y) changed.push(`${name} ${x} → ${y}`);
    }
    if (changed.length) found.push({ code: 'DIFFERENT_BUILD', message: `The load was generated by another build: ${changed.join('; ')}.` });
  }
  const keys = [...new Set([...Object.keys(base.labels), ...Object.keys(head.labels)])].sort();
  const labelChanges = keys
    .filter((key) => base.labels[key] !== head.labels[key])
    .map((key) => `${key} ${base.labels[key] ?? '(none)'} → ${head.labels[key] ?? '(none)'}`);
  if (labelChanges.length) found.push({ code: 'DIFFERENT_LABELS', message: `Labels differ: ${listWords(labelChanges, 6)}.` });
  return found;
}
