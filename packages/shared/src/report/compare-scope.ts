import type { PlanSpec } from '../plan.js';
import { isRamping } from '../plan-load.js';
import { loadChangeWords } from '../run-manifest.js';
import type { RequestStats } from '../summary.js';
import { emptyHistogram, mergeHistogramInto, valuesAtRanks, type Histogram } from '../histogram.js';
import { orderStatisticRanks } from '../percentile-interval.js';
import type { SecondSample } from '../series.js';
import { Z95, differenceOfIntervals, rateDifferenceInterval, shareDifferenceInterval, widerInterval } from './count-intervals.js';
import { MIN_SECONDS, changeIntervals, type ChangeInterval, type EstimatedInterval, type NoiseMetric, type SecondFigures } from './noise.js';

/**
 * What two runs' seconds are compared as, and the intervals of each scope (the whole run, a
 * request, a phase). Two runs of the same load profile are compared second by second at the
 * same point of the profile (paired: same offset, so the same phase and VU or arrival level);
 * constant loads keep the unpaired bootstrap, whose seconds are alike anyway; shares and
 * rates also get intervals from their counts.
 */

export type Intervals = Partial<Record<NoiseMetric | 'count', ChangeInterval | EstimatedInterval>> | null;

/** How two runs' loads relate: the same profile or not (with the differences in words), and whether it ramps or has phases. */
export interface LoadRelation {
  same: boolean;
  /** Every scenario holds one level from its start (constant VUs or rate, or iterations). */
  constant: boolean;
  /** "scenario ramp stage 2 target 40 → 50"; empty when the loads are the same. */
  changes: string[];
}

const loads = (spec: PlanSpec) => spec.scenarios.map((scenario) => ({ name: scenario.name, load: scenario.load, startTime: scenario.startTime }));

export function loadRelation(base: PlanSpec, head: PlanSpec): LoadRelation {
  const changes = loadChangeWords(
    loads(base),
    loads(head),
    head.scenarios.map((scenario) => scenario.name),
  );
  const scriptChanged = JSON.stringify(base.script?.requirements) !== JSON.stringify(head.script?.requirements);
  if (scriptChanged) changes.push('the custom script’s load (its VUs or duration)');
  // Phases one after another make a shaped load as surely as a ramp does.
  const sequential = head.scenarios.some((scenario) => scenario.startTime !== '0s');
  const constant = !head.script && !sequential && head.scenarios.every((scenario) => !isRamping(scenario.load));
  return { same: changes.length === 0, constant, changes };
}

/** The phases (scenarios) both plans have, in the head's order, when either has several; none otherwise. */
export function sharedPhases(base: PlanSpec, head: PlanSpec): string[] {
  if (base.scenarios.length < 2 && head.scenarios.length < 2) return [];
  return head.scenarios.map((scenario) => scenario.name).filter((name) => base.scenarios.some((scenario) => scenario.name === name));
}

/**
 * How two runs' seconds are drawn: paired (with the phases each aligned at its own start) when
 * they ran the same shaped load, null when each run's seconds are drawn on their own (a
 * constant load, whose seconds are alike, or different loads).
 */
export function pairingOf(base: PlanSpec, head: PlanSpec): { phases: string[] } | null {
  const load = loadRelation(base, head);
  return load.same && !load.constant ? { phases: sharedPhases(base, head) } : null;
}

/**
 * A run's first and last seconds are partial (load starts and stops within them): their counts
 * would read as a lower rate, and a run that touched one more wall-clock second than another
 * would seem slower. Their requests are drawn like any others' (they are in the run's figures);
 * only rates leave them out, when enough seconds remain.
 */
export function edgeSeconds(...runs: (readonly SecondSample[])[]): ReadonlySet<SecondSample> {
  return new Set(runs.flatMap((seconds) => (seconds.length >= MIN_SECONDS + 2 ? [seconds[0]!, seconds.at(-1)!] : [])));
}

const NO_EDGES: ReadonlySet<SecondSample> = new Set();

/** What a scope is: the whole run (neither), one request name or one scenario (phase). */
export interface Scope {
  request?: string;
  scenario?: string;
}

function inScope(row: SecondSample['requests'][number], request: string | undefined, scenario: string | undefined): boolean {
  return (request === undefined || row.name === request) && (scenario === undefined || row.scenario === scenario);
}

/** Each second of a run as the bootstrap reads it: the whole run, or one request name (a string), or a scope. */
export function scopeSeconds(seconds: readonly SecondSample[], scope: string | null | Scope, edges: ReadonlySet<SecondSample> = NO_EDGES): SecondFigures[] {
  const { request, scenario } = typeof scope === 'string' ? { request: scope, scenario: undefined } : (scope ?? {});
  return seconds.map((second) => {
    const figures: SecondFigures = { count: 0, errors: 0, latency: emptyHistogram(), ...(edges.has(second) ? { partial: true } : {}) };
    let all = 0;
    for (const row of second.requests) {
      all += row.count;
      if (!inScope(row, request, scenario)) continue;
      figures.count += row.count;
      if (!row.expected) figures.errors += row.count;
      mergeHistogramInto(figures.latency!, row.latency);
    }
    // A phase's rows are the share of the second that phase had (two phases meet in a second).
    if (scenario !== undefined && all > 0)
      figures.seconds = second.requests.filter((row) => row.scenario === scenario).reduce((sum, row) => sum + row.count, 0) / all;
    return figures;
  });
}

/**
 * The two runs' seconds at the same offsets from each one's first second (a phase's, for a
 * phase's seconds): the pairs a paired comparison draws. An offset one run lacks (a lost
 * second, a run stopped early) is left out of both.
 */
export function pairByOffset<T extends { t: number }>(base: readonly T[], head: readonly T[]): [T[], T[]] {
  if (!base.length || !head.length) return [[], []];
  const [b0, h0] = [base[0]!.t, head[0]!.t];
  const headAt = new Map(head.map((second) => [second.t - h0, second]));
  const pairs = base.flatMap((second) => {
    const other = headAt.get(second.t - b0);
    return other ? [[second, other] as const] : [];
  });
  return [pairs.map(([b]) => b), pairs.map(([, h]) => h)];
}

/** A phase's seconds: those in which its scenario made requests (k6 tags each request with its scenario). */
export function phaseSeconds(seconds: readonly SecondSample[], scenario: string): SecondSample[] {
  return seconds.filter((second) => second.requests.some((row) => row.scenario === scenario && row.count > 0));
}

/**
 * A phase's seconds but its first and last when at least two remain: a second where two phases
 * meet holds a different share of each in each run (0.9 s of "peak" in one, 0.2 s in the
 * other), and drawing it would give the two runs different mixes of the phases, which moves a
 * whole-run percentile between the phases' levels by far more than any change measured.
 */
function innerSeconds(seconds: readonly SecondSample[]): readonly SecondSample[] {
  return seconds.length >= 4 ? seconds.slice(1, -1) : seconds;
}

/**
 * The two runs' paired seconds of a scope. Phases one after another are each aligned at their
 * own start: a run's phases begin up to a second apart from another run's (k6 starts them on
 * its own clock), and a second where two phases meet would otherwise pair one run's "normal"
 * with the other's "peak".
 */
function pairedFigures(
  base: readonly SecondSample[],
  head: readonly SecondSample[],
  scope: Scope,
  phases: readonly string[],
  edges: ReadonlySet<SecondSample> = NO_EDGES,
): [SecondFigures[], SecondFigures[]] {
  if (phases.length < 2 || scope.scenario !== undefined) {
    const [b, h] = pairByOffset(base, head);
    return [scopeSeconds(b, scope, edges), scopeSeconds(h, scope, edges)];
  }
  const figures: [SecondFigures[], SecondFigures[]] = [[], []];
  for (const name of phases) {
    const [b, h] = pairByOffset(innerSeconds(phaseSeconds(base, name)), innerSeconds(phaseSeconds(head, name)));
    figures[0].push(...scopeSeconds(b, { ...scope, scenario: name }, edges));
    figures[1].push(...scopeSeconds(h, { ...scope, scenario: name }, edges));
  }
  return figures;
}

/**
 * The intervals of one scope: paired seconds for the same shaped profile (`phases`: its
 * phases one after another, each aligned at its start), each run's own seconds otherwise;
 * null when either run has too few.
 */
export function scopeIntervals(
  base: readonly SecondSample[],
  head: readonly SecondSample[],
  scope: Scope,
  paired: boolean,
  seed: number,
  phases: readonly string[] = [],
  edges: ReadonlySet<SecondSample> = edgeSeconds(base, head),
): Intervals {
  return changeIntervals(...scopeFigures(base, head, scope, paired, phases, edges), { seed, paired });
}

/** Both runs' seconds of a scope as the bootstrap draws them: paired (see pairedFigures) or each run's own. */
export function scopeFigures(
  base: readonly SecondSample[],
  head: readonly SecondSample[],
  scope: Scope,
  paired: boolean,
  phases: readonly string[] = [],
  edges: ReadonlySet<SecondSample> = edgeSeconds(base, head),
): [SecondFigures[], SecondFigures[]] {
  return paired ? pairedFigures(base, head, scope, phases, edges) : [scopeSeconds(base, scope, edges), scopeSeconds(head, scope, edges)];
}

/**
 * A scope's percentile read between bucket edges from all its seconds, with the 95 % interval
 * its sample count allows (the order statistics that bound it, percentile-interval.ts, read the
 * same way).
 */
export interface Reading {
  value: number;
  low: number;
  high: number;
}
export type Readings = Partial<Record<'p50' | 'p90' | 'p95' | 'p99', Reading>>;

const READ_QUANTILES = [
  ['p50', 0.5],
  ['p90', 0.9],
  ['p95', 0.95],
  ['p99', 0.99],
] as const;

/**
 * Every scope's percentiles over all of a run's seconds, read between bucket edges: what a
 * latency interval is centred on. The summary states each as its bucket's value, so two runs'
 * stated p95s differ in whole ~1 % steps (a true +4.4 % reads +3.0 % or +5.1 %), and an
 * interval centred there would move by up to a bucket for no reason in the runs. The rows are
 * merged per scope in one pass: a comparison reads the whole run, each request name and each
 * phase, and scanning all rows for each cost a 600 s run of 20 names ~200 ms.
 */
export function runReadings(seconds: readonly SecondSample[]): { of(scope: Scope): Readings } {
  const overall = emptyHistogram();
  const byName = new Map<string, Histogram>();
  const byScenario = new Map<string, Histogram>();
  const into = (map: Map<string, Histogram>, key: string) => map.get(key) ?? map.set(key, emptyHistogram()).get(key)!;
  for (const second of seconds) {
    for (const row of second.requests) {
      mergeHistogramInto(overall, row.latency);
      mergeHistogramInto(into(byName, row.name), row.latency);
      mergeHistogramInto(into(byScenario, row.scenario), row.latency);
    }
  }
  const read = new Map<Histogram, Readings>();
  return {
    of({ request, scenario }: Scope): Readings {
      if (request !== undefined && scenario !== undefined) return readingsOf(mergedRows(seconds, request, scenario));
      const merged = (request !== undefined ? byName.get(request) : scenario !== undefined ? byScenario.get(scenario) : overall) ?? emptyHistogram();
      return read.get(merged) ?? read.set(merged, readingsOf(merged)).get(merged)!;
    },
  };
}

/** One request name's rows within one phase, merged (a scope the comparison does not read whole runs by). */
function mergedRows(seconds: readonly SecondSample[], request: string, scenario: string): Histogram {
  const merged = emptyHistogram();
  for (const second of seconds) for (const row of second.requests) if (inScope(row, request, scenario)) mergeHistogramInto(merged, row.latency);
  return merged;
}

function readingsOf(merged: Histogram): Readings {
  const readings: Readings = {};
  const n = merged.count;
  if (n === 0) return readings;
  // Each percentile and the order statistics that bound it, read in one walk of the buckets.
  const bounds = READ_QUANTILES.map(([, q]) => ({ at: Math.floor(q * (n - 1)), ...orderStatisticRanks(n, q) }));
  const values = valuesAtRanks(
    merged,
    bounds.flatMap(({ at, j, k }) => [at, Math.max(0, j - 1), Math.min(n - 1, k - 1)]),
    'between',
  );
  READ_QUANTILES.forEach(([metric], i) => {
    const { j, k } = bounds[i]!;
    readings[metric] = { value: values[3 * i]!, low: j <= 0 ? merged.min : values[3 * i + 1]!, high: k > n ? merged.max : values[3 * i + 2]! };
  });
  return readings;
}

/** A scope's figure as its summary states it, its percentiles read between bucket edges when `readings` has them: what an interval is centred on. */
function stated(stats: RequestStats, metric: NoiseMetric, readings: Readings | undefined): number | null {
  if (metric === 'rps' || metric === 'errorRate') return stats[metric];
  if (metric !== 'avg' && metric !== 'max' && readings?.[metric] !== undefined) return readings[metric].value;
  return stats.latency ? stats.latency[metric] : null;
}

/**
 * Each interval moved to be centred as the resampled seconds were on the change the two runs'
 * own figures show: the seconds leave out the partial first and last seconds, and paired
 * seconds lie up to a second apart on a ramp, which moves where the draws centre but not
 * how far they spread (an identical re-run must read "unchanged" around its own 0.1 %).
 * Only for `whole` runs of the same load: a run stopped early states figures of less of the
 * profile, and the seconds both runs have are then what is judged.
 */
function centred(intervals: NonNullable<Intervals>, base: RequestStats, head: RequestStats, whole: boolean, readings?: ScopeReadings): NonNullable<Intervals> {
  const result: NonNullable<Intervals> = {};
  for (const [metric, interval] of Object.entries(intervals) as [NoiseMetric | 'count', ChangeInterval | EstimatedInterval][]) {
    const [b, h] = metric === 'count' || !whole ? [null, null] : [stated(base, metric, readings?.base), stated(head, metric, readings?.head)];
    const shift = 'estimate' in interval && b !== null && h !== null ? h - b - interval.estimate : 0;
    result[metric] = { low: interval.low + shift, high: interval.high + shift };
  }
  return result;
}

const PERCENTILES = ['p50', 'p90', 'p95', 'p99'] as const;

/**
 * A percentile's change as its samples alone allow: each run's order-statistic interval around
 * its reading (runReadings), combined by MOVER. A p99 of a 10 s phase rests on a few dozen
 * requests, which the seconds' draws (each a few requests above the p99) show less than the
 * counts do. Null without readings.
 */
function percentileDifference(metric: (typeof PERCENTILES)[number], readings?: ScopeReadings): ChangeInterval | null {
  const [b, h] = [readings?.base[metric], readings?.head[metric]];
  return b && h ? differenceOfIntervals(b, h) : null;
}

/** Both runs' readings of a scope (runReadings). */
export interface ScopeReadings {
  base: Readings;
  head: Readings;
}

/**
 * A scope's intervals as they are judged: centred on the runs' own figures (centred; their
 * percentiles as `readings` read them, when given), and
 * error rate, throughput, request count and percentiles judged on their counts as well:
 * Newcombe's interval of two shares for the error rate, Poisson for the rate (requests over the
 * seconds they took) and for the count, MOVER of the two order-statistic intervals for a
 * percentile; each the wider of that and the seconds' bootstrap (the runs' own swings).
 * `sameDuration`: runs that applied the same load for as long, whole: only then are intervals
 * centred on their figures and their counts judged.
 */
export function withCountIntervals(
  intervals: Intervals,
  base: RequestStats | undefined,
  head: RequestStats | undefined,
  sameDuration: boolean,
  readings?: ScopeReadings,
): Intervals {
  if (!intervals || !base || !head) return intervals;
  intervals = centred(intervals, base, head, sameDuration, readings);
  const seconds = (stats: RequestStats) => (stats.rps > 0 ? stats.count / stats.rps : 0);
  const errorRate = widerInterval(
    intervals.errorRate,
    shareDifferenceInterval({ hits: base.errors, total: base.count }, { hits: head.errors, total: head.count }),
  );
  const rps = widerInterval(
    intervals.rps,
    rateDifferenceInterval({ count: base.count, seconds: seconds(base) }, { count: head.count, seconds: seconds(head) }),
  );
  const result: NonNullable<Intervals> = { ...intervals, ...(errorRate ? { errorRate } : {}), ...(rps ? { rps } : {}) };
  for (const metric of PERCENTILES) {
    const fromSamples = percentileDifference(metric, readings);
    if (fromSamples && result[metric]) result[metric] = widerInterval(result[metric], fromSamples)!;
  }
  if (sameDuration) {
    // A count's Poisson interval, widened to the rate's (its swings over the same seconds).
    const half = Z95 * Math.sqrt(Math.max(1, base.count) + Math.max(1, head.count));
    const d = head.count - base.count;
    const poisson = { low: d - half, high: d + half };
    const fromRate = rps ? { low: d + (rps.low - (head.rps - base.rps)) * seconds(head), high: d + (rps.high - (head.rps - base.rps)) * seconds(head) } : null;
    result.count = widerInterval(poisson, fromRate)!;
  }
  return result;
}
