import { z } from 'zod';
import { DATA_USE_MODES, dataSetNameSchema } from './data-sets.js';
import { partRange } from './data-slices.js';
import type { Diagnostic } from './diagnostics-schema.js';

/**
 * What a run did with its data sets: recorded in its manifest when it starts (set, version,
 * mode, rows), counted by each segment's runner when its k6 ends (rows used, ran out), and
 * added up for the report.
 */

export const DATA_EXHAUSTED = ['stopped', 'wrapped'] as const;

/** One segment's count for one set, sent with segment.finished. */
export const segmentDataUsageSchema = z.object({
  set: dataSetNameSchema,
  /** Rows this segment handed out (distinct rows); null for `random`, whose draws may repeat. */
  rowsUsed: z.number().int().nonnegative().nullable(),
  /** `unique` only: its rows ran out and the segment stopped, or went round again. */
  exhausted: z.enum(DATA_EXHAUSTED).nullable(),
});
export type SegmentDataUsage = z.infer<typeof segmentDataUsageSchema>;

/** One set as a run used it: in the run's manifest and report. */
export const runDataUseSchema = z.object({
  set: dataSetNameSchema,
  version: z.number().int().positive(),
  mode: z.enum(DATA_USE_MODES),
  whenExhausted: z.enum(['stop', 'wrap']),
  /** Rows of the version (all segments together). */
  rows: z.number().int().nonnegative(),
  /** Rows handed out by all segments; null until they reported (and for `random`). */
  rowsUsed: z.number().int().nonnegative().nullable(),
  exhausted: z.enum(DATA_EXHAUSTED).nullable(),
});
export type RunDataUse = z.infer<typeof runDataUseSchema>;

export interface SegmentDataEvidence {
  /** Rows of the set this segment got. */
  rows: number;
  mode: RunDataUse['mode'];
  whenExhausted: RunDataUse['whenExhausted'];
  /** The scenarios that reference the set, in plan order (a `unique` set's rows are split between them). */
  scenarios: readonly string[];
  /** Iterations each scenario completed in this segment. */
  iterations: ReadonlyMap<string, number>;
  /** The most VUs this segment had. */
  vusMax: number;
  /** k6 aborted the test because this set ran out (its message named it). */
  aborted: boolean;
}

/** How many of a segment's rows a run used, from what the segment measured. Pure. */
export function segmentDataUsage(set: string, evidence: SegmentDataEvidence): SegmentDataUsage {
  const { rows, scenarios, iterations } = evidence;
  const ran = (scenario: string) => iterations.get(scenario) ?? 0;
  switch (evidence.mode) {
    case 'unique': {
      let used = 0;
      let wrapped = false;
      scenarios.forEach((scenario, j) => {
        const [start, end] = partRange(rows, j, scenarios.length);
        used += Math.min(ran(scenario), end - start);
        if (ran(scenario) > end - start) wrapped = true;
      });
      const exhausted = evidence.aborted ? 'stopped' : wrapped && evidence.whenExhausted === 'wrap' ? 'wrapped' : null;
      return { set, rowsUsed: used, exhausted };
    }
    case 'per-vu':
      return { set, rowsUsed: Math.min(evidence.vusMax, rows), exhausted: null };
    case 'sequential':
      return { set, rowsUsed: Math.min(Math.max(0, ...scenarios.map(ran)), rows), exhausted: null };
    case 'random':
      return { set, rowsUsed: null, exhausted: null };
  }
}

/** The run's figures for its sets: each segment's counts added up (a segment that said nothing leaves the count open). */
export function combineDataUsage(
  uses: readonly RunDataUse[],
  segments: readonly (readonly SegmentDataUsage[] | undefined)[],
  segmentCount: number,
): RunDataUse[] {
  return uses.map((use) => {
    const reports = segments.map((usage) => usage?.find((entry) => entry.set === use.set));
    const complete = reports.length === segmentCount && reports.every((report) => report !== undefined);
    const counts = reports.map((report) => report?.rowsUsed ?? null);
    const rowsUsed = complete && counts.every((count) => count !== null) ? counts.reduce<number>((sum, count) => sum + count!, 0) : null;
    const exhausted = reports.some((report) => report?.exhausted === 'stopped')
      ? 'stopped'
      : reports.some((report) => report?.exhausted === 'wrapped')
        ? 'wrapped'
        : null;
    return { ...use, rowsUsed, exhausted };
  });
}

const count = (n: number) => n.toLocaleString('en-US');

/** The report's sentence about one set: "data set users ran out after 2,400 rows: the run stopped, as the plan says". */
export function describeDataUse(use: RunDataUse): string {
  const version = `v${use.version}`;
  if (use.exhausted === 'stopped') {
    return `Data set ${use.set} (${version}) ran out after ${count(use.rowsUsed ?? use.rows)} rows: the run stopped, as the plan says.`;
  }
  if (use.exhausted === 'wrapped') {
    return `Data set ${use.set} (${version}) ran out after ${count(use.rows)} rows and started over from the first row, as the plan says: later iterations reused rows.`;
  }
  const used =
    use.rowsUsed === null
      ? use.mode === 'random'
        ? 'rows drawn at random'
        : 'rows used not counted'
      : `${count(use.rowsUsed)} of ${count(use.rows)} rows used`;
  return `Data set ${use.set} (${version}, ${use.mode}): ${used}.`;
}

/**
 * What the report says of sets that ran out: a warning each (it changes no verdict: the plan
 * chose what happens), "Data set users (v1) ran out after 2,400 rows: the run stopped, as the plan says."
 */
export function dataDiagnostics(uses: readonly RunDataUse[]): Diagnostic[] {
  return uses
    .filter((use) => use.exhausted !== null)
    .map((use) => ({
      code: 'DATA_EXHAUSTED' as const,
      severity: 'warning' as const,
      message: describeDataUse(use),
      evidence: { set: use.set, version: use.version, rows: use.rows, ...(use.rowsUsed !== null ? { rowsUsed: use.rowsUsed } : {}), exhausted: use.exhausted! },
      affects: [],
    }));
}
