import type { SourceFigures } from '../report.js';
import type { TelemetryFindingsInput } from './index.js';
import { steadyGrowth } from './backlog.js';
import { restartsOf } from './restarts.js';
import { cpuUsage, keysOf, pointsOf, roleSum, type SourceView } from './series.js';
import type { Steady } from './steady.js';

export const FIGURE_LIMITS = {
  /**
   * CPU-seconds per 1,000 requests is worked out only when the CPU was read for at least this
   * share of the load's seconds; the seconds not read are counted at the average of those read.
   */
  minCpuCoverage: 0.5,
} as const;

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Whether `t` is one of the load's seconds. */
const inLoad = (input: Pick<TelemetryFindingsInput, 'loadStart' | 'loadEnd'>, t: number) => t >= input.loadStart && t <= input.loadEnd;

/** The load's seconds, counted. */
export const loadSeconds = (input: Pick<TelemetryFindingsInput, 'loadStart' | 'loadEnd'>) => input.loadEnd - input.loadStart + 1;

/** Share of the load's seconds the source was read without error, 0..1. */
export function coverageOf(input: Pick<TelemetryFindingsInput, 'loadStart' | 'loadEnd'>, view: SourceView): number {
  let read = 0;
  for (const t of view.good.keys()) if (inLoad(input, t)) read++;
  return read / loadSeconds(input);
}

/** The highest value of a per-second series during the load; null when none was read then. */
function peakDuringLoad(input: TelemetryFindingsInput, values: Iterable<[number, number]>): number | null {
  let peak: number | null = null;
  for (const [t, value] of values) if (inLoad(input, t) && (peak === null || value > peak)) peak = value;
  return peak;
}

/**
 * CPU-seconds the source spent during the load per 1,000 requests the run completed. Cores
 * busy read at t are the work of the second before t (a rate up to the read), so the load's
 * seconds loadStart..loadEnd are the reads at loadStart + 1..loadEnd + 1. Seconds not read
 * count at the average of those read (the sum is scaled by 1 / coverage); under half of them
 * read, the figure is null: a guess, not a measure. Null too without requests.
 */
export function cpuSecondsPer1kRequests(input: TelemetryFindingsInput, view: SourceView): number | null {
  const cores = roleSum(view, 'cpu_cores');
  if (!cores.size) return null;
  let busy = 0;
  let read = 0;
  for (let t = input.loadStart + 1; t <= input.loadEnd + 1; t++) {
    const value = cores.get(t);
    if (value === undefined) continue;
    busy += value;
    read++;
  }
  const seconds = loadSeconds(input);
  if (read / seconds < FIGURE_LIMITS.minCpuCoverage) return null;
  const requests = input.load.filter((second) => inLoad(input, second.t)).reduce((sum, second) => sum + second.rps, 0);
  if (!(requests > 0)) return null;
  return ((busy * seconds) / read / requests) * 1000;
}

/** Restarts from the start of the load to the end of the recovery, found as TARGET_RESTARTED finds them. */
export const restartCount = (input: Pick<TelemetryFindingsInput, 'loadStart'>, view: SourceView) =>
  restartsOf(view).filter((restart) => restart.t >= input.loadStart).length;

/**
 * Growth of the source's queues while the load was steady, jobs/s, added over its queues: the
 * slope the backlog rule fits (steadyGrowth), whether or not it was steep enough to be a
 * finding, so a flat queue reads ~0. Null without a steady stretch or a queue read through it.
 */
export function backlogGrowth(view: SourceView, steady: Steady | null): number | null {
  if (!steady) return null;
  let growth: number | null = null;
  for (const key of keysOf(view, 'queue_depth')) {
    const fit = steadyGrowth(pointsOf(view, key), steady);
    if (fit) growth = (growth ?? 0) + fit.line.slope;
  }
  return growth;
}

/** One source's figures over the load (see sourceFiguresSchema): what comparisons, trends and thresholds read. */
export function sourceFigures(input: TelemetryFindingsInput, view: SourceView, steady: Steady | null): SourceFigures {
  const cpuShare = peakDuringLoad(
    input,
    [...cpuUsage(view)].map(([t, usage]) => [t, usage.share]),
  );
  const cpuCores = peakDuringLoad(input, roleSum(view, 'cpu_cores'));
  const memory = peakDuringLoad(input, roleSum(view, 'memory_bytes'));
  const perRequests = cpuSecondsPer1kRequests(input, view);
  const growth = backlogGrowth(view, steady);
  return {
    source: view.name,
    peakCpuShare: cpuShare === null ? null : round(cpuShare),
    peakCpuCores: cpuCores === null ? null : round(cpuCores),
    cpuSecondsPer1kRequests: perRequests === null ? null : round(perRequests),
    peakMemoryBytes: memory,
    restarts: restartCount(input, view),
    backlogGrowthPerSecond: growth === null ? null : round(growth, 2),
    coverage: round(coverageOf(input, view)),
  };
}

/** Every source's figures, in the order of the sources. */
export function telemetryFigures(input: TelemetryFindingsInput, views: readonly SourceView[], steady: Steady | null): SourceFigures[] {
  return views.map((view) => sourceFigures(input, view, steady));
}
