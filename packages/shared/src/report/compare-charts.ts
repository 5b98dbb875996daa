import { z } from 'zod';
import { emptyHistogram, mergeHistogramInto, quantile } from '../histogram.js';
import type { SecondSample } from '../series.js';

/**
 * What a comparison's charts draw: each run's seconds on one time axis, counted from that
 * run's own first second (two runs never start at the same wall-clock time), and per phase
 * from that phase's own first second in each run (phases start up to a second apart between
 * runs). Latency percentiles are read from each second's merged histograms, never averaged.
 */
export const comparisonPointSchema = z.object({
  /** Seconds since the run's (or the phase's) first measured second. */
  elapsed: z.number().int().nonnegative(),
  /** Requests completed in this second. */
  rps: z.number().nonnegative(),
  p50: z.number().nullable(),
  p95: z.number().nullable(),
});
export type ComparisonPoint = z.infer<typeof comparisonPointSchema>;

const runChartSchema = z.object({
  whole: z.array(comparisonPointSchema),
  /** Per phase both runs have (only when the plans have several), in the head plan's order. */
  phases: z.array(z.object({ name: z.string(), points: z.array(comparisonPointSchema) })),
});

export const comparisonChartsSchema = z.object({ base: runChartSchema, head: runChartSchema });
export type ComparisonCharts = z.infer<typeof comparisonChartsSchema>;

/** One second's figures over the rows `keep` selects; null when the second has none of them. */
function pointOf(second: SecondSample, elapsed: number, keep: (row: SecondSample['requests'][number]) => boolean): ComparisonPoint | null {
  const latency = emptyHistogram();
  let count = 0;
  for (const row of second.requests) {
    if (!keep(row) || row.count === 0) continue;
    count += row.count;
    mergeHistogramInto(latency, row.latency);
  }
  if (count === 0) return null;
  return { elapsed, rps: count, p50: quantile(latency, 0.5), p95: quantile(latency, 0.95) };
}

/** A run's seconds (segments merged, oldest first) as whole-run and per-phase points. */
export function runChart(seconds: readonly SecondSample[], phases: readonly string[]): ComparisonCharts['base'] {
  const first = seconds[0]?.t ?? 0;
  const whole = seconds.map((second) => pointOf(second, second.t - first, () => true) ?? { elapsed: second.t - first, rps: 0, p50: null, p95: null });
  return {
    whole,
    phases: phases.map((name) => {
      const inPhase = (row: SecondSample['requests'][number]) => row.scenario === name;
      const start = seconds.find((second) => second.requests.some((row) => inPhase(row) && row.count > 0))?.t;
      const points: ComparisonPoint[] = [];
      if (start !== undefined) {
        for (const second of seconds) {
          if (second.t < start) continue;
          const point = pointOf(second, second.t - start, inPhase);
          if (point) points.push(point);
        }
      }
      return { name, points };
    }),
  };
}

/** Both runs' charts; `phases`: the phases both runs have (sharedPhases), [] for none. Pure. */
export function comparisonCharts(base: readonly SecondSample[], head: readonly SecondSample[], phases: readonly string[]): ComparisonCharts {
  return { base: runChart(base, phases), head: runChart(head, phases) };
}
