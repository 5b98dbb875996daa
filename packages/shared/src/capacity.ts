import { emptyHistogram, mergeHistogramInto, quantile, type Histogram } from './histogram.js';
import { minimumSamples } from './diagnostics.js';
import { singleLoad, type PlanSpec } from './plan.js';
import type { MergedSecond } from './series-merge.js';
import type { Capacity } from './diagnostics-schema.js';

const MAX_LEVELS = 10;
/** Without an SLA to test against, latency "bends" when it exceeds this multiple of the low-load level... */
const BEND_FACTOR = 2;
/** ...and by at least this many ms (so 0.2 -> 0.5 ms on loopback is not called a bend). */
const BEND_MIN_MS = 5;
const DEFAULT_ERROR_LIMIT = 0.01;
const QUANTILES: Record<string, number> = { p50: 0.5, p90: 0.9, p95: 0.95, p99: 0.99 };

interface Level {
  /** The load variable of the band: VUs for a VU ramp, offered iterations/s for an arrival-rate ramp. */
  load: number;
  vus: number;
  rps: number;
  count: number;
  errors: number;
  latency: number | null;
  histogram: Histogram;
  seconds: number;
}

interface Criterion {
  stat: string;
  q: number;
  /** Latency limit in ms; null = look for a bend instead. */
  limit: number | null;
  errorLimit: number;
  text: string;
}

const fmt = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 });

function criterionOf(spec: PlanSpec): Criterion {
  const errorThreshold = spec.thresholds.find((t) => t.metric === 'error_rate' && !t.request && (t.op === '<' || t.op === '<='));
  const errorLimit = errorThreshold?.value ?? DEFAULT_ERROR_LIMIT;
  const latency = spec.thresholds.find(
    // A limit relative to the baseline is no number of milliseconds to hold the phases to.
    (t) => t.metric === 'latency' && !t.request && !t.relativeTo && (t.op === '<' || t.op === '<=') && QUANTILES[t.stat] !== undefined,
  );
  if (latency && latency.metric === 'latency') {
    return { stat: latency.stat, q: QUANTILES[latency.stat]!, limit: latency.value, errorLimit, text: `${latency.stat} < ${fmt(latency.value)} ms` };
  }
  return { stat: 'p95', q: 0.95, limit: null, errorLimit, text: `p95 within ${BEND_FACTOR}x of its low-load value` };
}

type LoadOf = (second: MergedSecond) => number;

/**
 * What the ramp turns up. A VU ramp sets how many VUs run; an arrival-rate ramp sets the rate
 * of iterations, started or dropped (its busy VUs are a result, not the load).
 */
const vusLoad: LoadOf = (second) => second.sample.vus;
const offeredRate: LoadOf = (second) => second.sample.iterations + second.sample.droppedIterations;

/** Seconds of the ramp up to the last second at peak load: the way down says nothing new. */
function risingSeconds(seconds: readonly MergedSecond[], loadOf: LoadOf): MergedSecond[] {
  const measured = seconds.filter((second) => second.sample.requests.length > 0);
  const peak = Math.max(0, ...measured.map(loadOf));
  let last = -1;
  measured.forEach((second, index) => {
    if (loadOf(second) === peak) last = index;
  });
  return measured.slice(0, last + 1);
}

function levelsOf(seconds: readonly MergedSecond[], q: number, loadOf: LoadOf): Level[] {
  const loads = seconds.map(loadOf);
  const min = Math.min(...loads);
  const max = Math.max(...loads);
  const distinct = new Set(loads).size;
  const bandOf = (load: number) => (distinct <= MAX_LEVELS ? load : Math.min(MAX_LEVELS - 1, Math.floor(((load - min) / Math.max(1, max - min)) * MAX_LEVELS)));
  const bands = new Map<number, MergedSecond[]>();
  for (const second of seconds) {
    const band = bandOf(loadOf(second));
    bands.set(band, [...(bands.get(band) ?? []), second]);
  }
  return [...bands.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, members]) => {
      // Merge the band's histograms; never average per-second percentiles.
      const histogram = emptyHistogram();
      let count = 0;
      let errors = 0;
      for (const member of members) {
        for (const request of member.sample.requests) {
          count += request.count;
          if (!request.expected) errors += request.count;
          mergeHistogramInto(histogram, request.latency);
        }
      }
      return {
        load: Math.max(...members.map(loadOf)),
        vus: Math.max(...members.map((member) => member.sample.vus)),
        rps: count / members.length,
        count,
        errors,
        latency: quantile(histogram, q),
        histogram,
        seconds: members.length,
      };
    });
}

/**
 * Folds a load level with too few requests for the percentile into the next one up (the last
 * into the one below), instead of dropping it: a short ramp's low levels then still say where
 * the knee is, as tightly as the requests allow.
 */
function mergeSparseLevels(levels: readonly Level[], needed: number, q: number): Level[] {
  const combine = (a: Level, b: Level): Level => {
    const histogram = mergeHistogramInto(mergeHistogramInto(emptyHistogram(), a.histogram), b.histogram);
    const count = a.count + b.count;
    const seconds = a.seconds + b.seconds;
    return {
      load: Math.max(a.load, b.load),
      vus: Math.max(a.vus, b.vus),
      rps: count / seconds,
      count,
      errors: a.errors + b.errors,
      latency: quantile(histogram, q),
      histogram,
      seconds,
    };
  };
  const merged: Level[] = [];
  let pending: Level | null = null;
  for (const level of levels) {
    const candidate: Level = pending ? combine(pending, level) : level;
    if (candidate.count >= needed) {
      merged.push(candidate);
      pending = null;
    } else pending = candidate;
  }
  if (pending) {
    if (merged.length) merged[merged.length - 1] = combine(merged[merged.length - 1]!, pending);
    else merged.push(pending);
  }
  return merged.filter((level) => level.count >= needed);
}

/**
 * For ramping runs, the load up to which the target held its SLA (the run's whole-run
 * latency threshold, else a bend in p95) and where it broke. Null for runs that do not ramp
 * or have too few samples at every level to judge.
 */
export function findCapacity(spec: PlanSpec, seconds: readonly MergedSecond[]): Capacity | null {
  // Capacity is read off one ramp; with several scenarios the load is not one variable.
  const load = singleLoad(spec);
  if (!load || (load.executor !== 'ramping-vus' && load.executor !== 'ramping-arrival-rate')) return null;
  const arrivalRate = load.executor === 'ramping-arrival-rate';
  const loadOf = arrivalRate ? offeredRate : vusLoad;
  const rising = risingSeconds(seconds, loadOf);
  if (rising.length < 2) return null;
  const criterion = criterionOf(spec);
  const levels = mergeSparseLevels(levelsOf(rising, criterion.q, loadOf), minimumSamples(criterion.q), criterion.q);
  if (!levels.length) return null;

  const baseline = levels[0]!.latency ?? 0;
  let held: Level | null = null;
  let broke: { level: Level; reason: string } | null = null;
  for (const level of levels) {
    const errorRate = level.count ? level.errors / level.count : 0;
    let reason: string | null = null;
    if (errorRate > criterion.errorLimit) {
      reason = `error rate ${fmt(errorRate * 100)} %`;
    } else if (criterion.limit !== null && level.latency !== null && level.latency >= criterion.limit) {
      reason = `${criterion.stat} ${fmt(level.latency)} ms`;
    } else if (criterion.limit === null && level.latency !== null && level.latency > baseline * BEND_FACTOR && level.latency - baseline > BEND_MIN_MS) {
      reason = `${criterion.stat} ${fmt(level.latency)} ms, ${fmt(level.latency / baseline)}x the low-load ${fmt(baseline)} ms`;
    }
    if (reason) {
      broke = { level, reason };
      break;
    }
    held = level;
  }

  const rps = (level: Level) => `${Math.round(level.rps).toLocaleString('en-US')} RPS`;
  const at = (level: Level) =>
    arrivalRate
      ? `${Math.round(level.load).toLocaleString('en-US')} iterations/s offered, ${rps(level)} (${fmt(level.vus)} VU${level.vus === 1 ? '' : 's'} busy)`
      : `${fmt(level.vus)} VUs / ${rps(level)}`;
  let statement: string;
  if (held && broke) statement = `Holds ${criterion.text} up to ${at(held)}; degrades beyond (${broke.reason} at ${at(broke.level)}).`;
  else if (held) statement = `Holds ${criterion.text} up to the peak tested, ${at(held)}; no degradation found.`;
  else statement = `Does not hold ${criterion.text} even at the lowest load tested (${broke!.reason} at ${at(broke!.level)}).`;

  return {
    statement,
    heldUpTo: held ? { vus: held.vus, rps: held.rps } : null,
    brokeAt: broke ? { vus: broke.level.vus, rps: broke.level.rps, reason: broke.reason } : null,
    criterion: criterion.text,
  };
}
