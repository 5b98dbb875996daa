import { z } from 'zod';
import type { RunView } from '../runs.js';
import type { SourceFigures, TelemetryReport } from '../telemetry/report.js';

/**
 * The target's side of a run comparison: each metric source's figures (telemetry/report.ts
 * sourceFiguresSchema, worked out when each run ended) before and after. Every figure here is
 * one reading per run, with no interval to tell a change from run-to-run noise, so a change
 * is called only where a rule with a stated reason allows it (see judge*): the rest is shown,
 * not judged.
 */
export const SOURCE_FIGURE_KEYS = ['peakCpuShare', 'peakCpuCores', 'cpuSecondsPer1kRequests', 'peakMemoryBytes', 'restarts', 'backlogGrowthPerSecond'] as const;
export type SourceFigureKey = (typeof SOURCE_FIGURE_KEYS)[number];

/** The unit each figure is in: share 0..1+ of its cores or limit, cores, CPU-seconds per 1,000 requests, bytes, a count, jobs/s. */
export const TELEMETRY_FIGURE_UNITS = {
  peakCpuShare: 'share',
  peakCpuCores: 'cores',
  cpuSecondsPer1kRequests: 'cpu_seconds_per_1k_requests',
  peakMemoryBytes: 'bytes',
  restarts: 'count',
  backlogGrowthPerSecond: 'jobs_per_second',
} as const satisfies Record<SourceFigureKey, string>;

/** Below this share of the load's seconds read, a source's peaks may miss the busiest seconds and its restarts count scrape gaps. */
export const MIN_COMPARED_COVERAGE = 0.5;

export const telemetryFigureDeltaSchema = z.object({
  figure: z.enum(SOURCE_FIGURE_KEYS),
  unit: z.enum(['share', 'cores', 'cpu_seconds_per_1k_requests', 'bytes', 'count', 'jobs_per_second']),
  base: z.number().nullable(),
  head: z.number().nullable(),
  delta: z.number().nullable(),
  /** head / base - 1; null when base is 0 or missing. */
  deltaPct: z.number().nullable(),
  /** Less CPU, memory, restarts and backlog growth, and fewer CPU-seconds per request, are better. */
  better: z.enum(['lower', 'higher']),
  /** Called only by a rule with a reason (restarts, a growing backlog); null: shown, not judged. */
  change: z.enum(['improvement', 'regression', 'unchanged']).nullable(),
  /** Why the change is called what it is, or why it is not judged, in words. */
  reason: z.string(),
});
export type TelemetryFigureDelta = z.infer<typeof telemetryFigureDeltaSchema>;

export const sourceComparisonSchema = z.object({
  source: z.string(),
  /** Whether each run has figures of this source. */
  inBase: z.boolean(),
  inHead: z.boolean(),
  /** Share of each run's load the source was read for, 0..1; null when the run has no figures of it. */
  coverage: z.object({ base: z.number().nullable(), head: z.number().nullable() }),
  figures: z.array(telemetryFigureDeltaSchema),
});
export type SourceComparison = z.infer<typeof sourceComparisonSchema>;

export const telemetryComparisonSchema = z.object({
  /** Per source with figures in either run, by name; empty when neither run had metric sources. */
  sources: z.array(sourceComparisonSchema),
});
export type TelemetryComparison = z.infer<typeof telemetryComparisonSchema>;

type Warning = { code: string; message: string };

const NOT_JUDGED = 'one reading per run, with no interval to tell a change from run-to-run noise: shown, not judged';
const pct = (share: number) => `${Math.round(share * 100)} %`;
const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/**
 * Restarts are counted, not estimated (the TARGET_RESTARTED findings): none against some is a
 * change in kind, worded as one. Two non-zero counts are not judged: how often a failing
 * process restarts varies from run to run. A source read for under half the load is not
 * judged either: its scrape gaps count as restarts.
 */
function judgeRestarts(base: number | null, head: number | null, covered: boolean): Pick<TelemetryFigureDelta, 'change' | 'reason'> {
  if (base === null || head === null) return { change: null, reason: 'in one run only' };
  if (!covered) return { change: null, reason: `read for under ${pct(MIN_COMPARED_COVERAGE)} of a run's load: gaps in the reads count as restarts` };
  if (base === head) return { change: 'unchanged', reason: base === 0 ? 'no restart in either run' : `restarted ${times(base)} in each run` };
  if (base === 0) return { change: 'regression', reason: `restarted ${times(head)} under load; the base run did not restart` };
  if (head === 0) return { change: 'improvement', reason: `did not restart; the base run restarted ${times(base)}` };
  return { change: null, reason: `restarted in both runs (${base} and ${head}): how often varies from run to run, so the count is not judged` };
}

/**
 * A backlog's growth is judged by the BACKLOG_GROWING finding's rule (a line through the
 * queue's depth over the steady stretch, clear of its noise): a run with that finding and one
 * without differ in kind. Both growing: one slope per run has no interval, not judged.
 */
function judgeBacklog(
  base: number | null,
  head: number | null,
  grew: { base: boolean; head: boolean },
  covered: boolean,
): Pick<TelemetryFigureDelta, 'change' | 'reason'> {
  if (base === null || head === null) return { change: null, reason: base === null && head === null ? 'no queue or no steady stretch' : 'in one run only' };
  if (!covered) return { change: null, reason: `read for under ${pct(MIN_COMPARED_COVERAGE)} of a run's load` };
  if (grew.head && !grew.base)
    return { change: 'regression', reason: 'its backlog grew while the load was steady (a backlog finding); in the base run it did not' };
  if (grew.base && !grew.head)
    return { change: 'improvement', reason: 'its backlog no longer grew while the load was steady; in the base run it did (a backlog finding)' };
  if (!grew.base && !grew.head) return { change: 'unchanged', reason: 'no growing backlog in either run (no backlog finding)' };
  return { change: null, reason: `its backlog grew in both runs: ${NOT_JUDGED}` };
}

function figureDelta(
  figure: SourceFigureKey,
  base: SourceFigures | undefined,
  head: SourceFigures | undefined,
  judged: Pick<TelemetryFigureDelta, 'change' | 'reason'> | null,
): TelemetryFigureDelta {
  const b = base ? base[figure] : null;
  const h = head ? head[figure] : null;
  const delta = b !== null && h !== null ? h - b : null;
  return {
    figure,
    unit: TELEMETRY_FIGURE_UNITS[figure],
    base: b,
    head: h,
    delta,
    deltaPct: delta !== null && b !== null && b !== 0 ? h! / b - 1 : null,
    better: 'lower',
    ...(judged ?? {
      change: null,
      reason: b === null || h === null ? (b === null && h === null ? 'not measured in either run' : 'in one run only') : NOT_JUDGED,
    }),
  };
}

const grewIn = (report: TelemetryReport | null | undefined, source: string) =>
  (report?.findings ?? []).some((finding) => finding.code === 'BACKLOG_GROWING' && finding.source === source);

/**
 * Each source's figures before (base) and after (head), and warnings where the two runs'
 * sources do not compare like for like: a source in one run only, a run whose report was
 * worked out before figures were kept, a source read for under half of a run's load. Pure.
 */
export function compareTelemetry(base: RunView, head: RunView): { telemetry: TelemetryComparison; warnings: Warning[] } {
  const figuresOf = (run: RunView) => new Map((run.telemetry?.figures ?? []).map((figures) => [figures.source, figures]));
  const [before, after] = [figuresOf(base), figuresOf(head)];
  const names = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a.localeCompare(b));
  const warnings: Warning[] = [];
  const sources = names.map((source): SourceComparison => {
    const [b, h] = [before.get(source), after.get(source)];
    if (!b || !h) {
      const [label, other] = b ? (['base', head] as const) : (['head', base] as const);
      // A report from before figures were kept names its sources only in the bottleneck table.
      const unkept = other.telemetry && !other.telemetry.figures.length && other.telemetry.bottleneck.some((row) => row.component === source);
      warnings.push(
        unkept
          ? {
              code: 'TELEMETRY_FIGURES_MISSING',
              message: `Source ${source} has no figures in the ${label === 'base' ? 'head' : 'base'} run (its report was worked out before figures were kept): nothing to compare them with.`,
            }
          : { code: 'TELEMETRY_SOURCE_CHANGED', message: `Source ${source} was read only in the ${label} run: its figures have nothing to compare with.` },
      );
    }
    for (const [label, figures] of [
      ['base', b],
      ['head', h],
    ] as const) {
      if (figures && figures.coverage < MIN_COMPARED_COVERAGE) {
        warnings.push({
          code: 'TELEMETRY_LOW_COVERAGE',
          message: `Source ${source} was read for only ${pct(figures.coverage)} of the ${label} run's load: its peaks may miss the busiest seconds, and its restarts count gaps in the reads.`,
        });
      }
    }
    const covered = !!b && !!h && b.coverage >= MIN_COMPARED_COVERAGE && h.coverage >= MIN_COMPARED_COVERAGE;
    return {
      source,
      inBase: !!b,
      inHead: !!h,
      coverage: { base: b?.coverage ?? null, head: h?.coverage ?? null },
      figures: SOURCE_FIGURE_KEYS.map((figure) =>
        figureDelta(
          figure,
          b,
          h,
          figure === 'restarts'
            ? judgeRestarts(b?.restarts ?? null, h?.restarts ?? null, covered)
            : figure === 'backlogGrowthPerSecond'
              ? judgeBacklog(
                  b?.backlogGrowthPerSecond ?? null,
                  h?.backlogGrowthPerSecond ?? null,
                  { base: grewIn(base.telemetry, source), head: grewIn(head.telemetry, source) },
                  covered,
                )
              : null,
        ),
      ),
    };
  });
  return { telemetry: { sources }, warnings };
}
