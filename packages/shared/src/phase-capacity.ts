import { durationToSeconds } from './duration.js';
import { minimumSamples } from './diagnostics.js';
import type { Capacity, CapacityPhase } from './diagnostics-schema.js';
import { peakArrivalRate, peakVus, plannedDurationSeconds } from './plan-load.js';
import type { PlanSpec } from './plan.js';
import type { RequestStats, RunSummary } from './summary.js';

/**
 * Capacity across the phases of a plan shaped baseline → normal → peak (scenarios run one
 * after another at rising load, as docs/plans.md recommends): which phases held the SLA and
 * where it broke, each judged on its own requests and its own time (summary.scenarios).
 */

/** Without an SLA, a phase "bends" when its percentile exceeds this multiple of the lowest phase's... */
const BEND_FACTOR = 2;
/** ...and by at least this many ms. */
const BEND_MIN_MS = 5;
const DEFAULT_ERROR_LIMIT = 0.01;
/** A phase may start this much before the previous one ends and still count as after it (k6 rounds start times). */
const OVERLAP_TOLERANCE_S = 1;
const QUANTILES = { p50: 0.5, p90: 0.9, p95: 0.95, p99: 0.99 } as const;
type Percentile = keyof typeof QUANTILES;

const fmt = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 });

interface Phase {
  name: string;
  start: number;
  end: number;
  /** What the phase turns up: peak VUs, or the arrival rate it offers (iterations/s). */
  load: number;
  arrivalRate: boolean;
  vus: number;
}

/** The plan's scenarios as phases in time order, when they run one after another; else null. */
export function phasesOf(spec: PlanSpec): Phase[] | null {
  if (spec.scenarios.length < 2) return null;
  const phases = spec.scenarios
    .map((scenario) => {
      const start = durationToSeconds(scenario.startTime ?? '0s');
      const rate = peakArrivalRate(scenario.load);
      return {
        name: scenario.name,
        start,
        end: start + plannedDurationSeconds(scenario.load),
        load: rate ?? peakVus(scenario.load),
        arrivalRate: rate !== null,
        vus: peakVus(scenario.load),
      };
    })
    .sort((a, b) => a.start - b.start);
  const sequential = phases.every((phase, index) => index === 0 || phase.start >= phases[index - 1]!.end - OVERLAP_TOLERANCE_S);
  return sequential ? phases : null;
}

interface Criterion {
  stat: Percentile;
  limit: number | null;
  errorLimit: number;
  text: string;
}

/** The SLA the phases are held to: the run's percentile threshold, else the phases' own (the same for all), else a bend. */
function criterionOf(spec: PlanSpec): Criterion {
  const errorThreshold = spec.thresholds.find((t) => t.metric === 'error_rate' && !t.request && !t.window && (t.op === '<' || t.op === '<='));
  const errorLimit = errorThreshold?.value ?? DEFAULT_ERROR_LIMIT;
  const latency = spec.thresholds.filter(
    // A limit relative to the baseline is no number of milliseconds to hold the phases to.
    (t) => t.metric === 'latency' && !t.request && !t.window && !t.relativeTo && (t.op === '<' || t.op === '<=') && t.stat in QUANTILES,
  );
  const chosen = latency.find((t) => !t.scenario) ?? latency[0];
  if (chosen && chosen.metric === 'latency') {
    const stat = chosen.stat as Percentile;
    return { stat, limit: chosen.value, errorLimit, text: `${stat} < ${fmt(chosen.value)} ms` };
  }
  return { stat: 'p95', limit: null, errorLimit, text: `p95 within ${BEND_FACTOR}x of the lowest phase` };
}

/**
 * The statement across phases: "Holds p95 < 150 ms through normal (30 VUs, 59 req/s); breaks
 * in peak (100 VUs, 180 req/s: p95 212 ms)." Phases are judged in order of load; a phase with
 * too few requests for the percentile is shown but not judged. Null for plans that are not
 * phased, or when no phase could be judged.
 */
export function findPhaseCapacity(spec: PlanSpec, summary: RunSummary): Capacity | null {
  const phases = phasesOf(spec);
  if (!phases) return null;
  const criterion = criterionOf(spec);
  const needed = minimumSamples(QUANTILES[criterion.stat]);
  const byLoad = [...phases].sort((a, b) => a.load - b.load);
  const statsOf = (phase: Phase): RequestStats | undefined => summary.scenarios.find((scenario) => scenario.name === phase.name);
  const judgedLatency = (stats: RequestStats | undefined) => (stats && stats.count >= needed ? (stats.latency?.[criterion.stat] ?? null) : null);
  const lowest = byLoad.map((phase) => judgedLatency(statsOf(phase))).find((value) => value !== null) ?? null;

  const rows: CapacityPhase[] = [];
  let held: CapacityPhase | null = null;
  let broke: CapacityPhase | null = null;
  for (const phase of byLoad) {
    const stats = statsOf(phase);
    const latency = judgedLatency(stats);
    const errorRate = stats && stats.count > 0 ? stats.errorRate : null;
    let reason: string | null = null;
    if (latency !== null && errorRate !== null) {
      if (errorRate > criterion.errorLimit) reason = `error rate ${fmt(errorRate * 100)} %`;
      else if (criterion.limit !== null && latency >= criterion.limit) reason = `${criterion.stat} ${fmt(latency)} ms`;
      else if (criterion.limit === null && lowest !== null && latency > lowest * BEND_FACTOR && latency - lowest > BEND_MIN_MS) {
        reason = `${criterion.stat} ${fmt(latency)} ms, ${fmt(latency / lowest)}x the lowest phase`;
      }
    }
    const row: CapacityPhase = {
      name: phase.name,
      vus: phase.vus,
      ...(phase.arrivalRate ? { offeredRate: phase.load } : {}),
      rps: stats?.rps ?? 0,
      requests: stats?.count ?? 0,
      latency,
      errorRate,
      holds: latency === null || errorRate === null ? null : reason === null,
      ...(reason ? { reason } : {}),
    };
    rows.push(row);
    if (row.holds === null || broke) continue;
    if (row.holds) held = row;
    else broke = row;
  }
  if (!held && !broke) return null;

  const at = (row: CapacityPhase) =>
    `${row.name} (${row.offeredRate !== undefined ? `${fmt(row.offeredRate)} iterations/s offered` : `${fmt(row.vus)} VUs`}, ${fmt(row.rps)} req/s)`;
  let statement: string;
  if (held && broke) statement = `Holds ${criterion.text} through ${at(held)}; breaks in ${at(broke)}: ${broke.reason}.`;
  else if (held) statement = `Holds ${criterion.text} through every phase, up to ${at(held)}.`;
  else statement = `Does not hold ${criterion.text} even in ${at(broke!)}: ${broke!.reason}.`;
  const unjudged = rows.filter((row) => row.holds === null).map((row) => row.name);
  if (unjudged.length) statement += ` Not judged (fewer than ${needed.toLocaleString('en-US')} requests): ${unjudged.join(', ')}.`;

  return {
    statement,
    heldUpTo: held ? { vus: held.vus, rps: held.rps } : null,
    brokeAt: broke ? { vus: broke.vus, rps: broke.rps, reason: broke.reason! } : null,
    criterion: criterion.text,
    phases: rows,
  };
}
