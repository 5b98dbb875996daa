import { z } from 'zod';
import { bucketValue, emptyHistogram, mergeHistogramInto, quantile, type Histogram } from './histogram.js';
import { minimumSamples } from './diagnostics.js';
import { durationToSeconds } from './duration.js';
import type { PlanSpec } from './plan.js';
import { isArrivalRate, loadCurve } from './plan-load.js';
import type { MergedSecond } from './series-merge.js';

/**
 * Recovery after a spike: when load rises to a peak and falls back, how long the target takes
 * to answer as it did before the spike. Judged per second on merged seconds (all segments):
 * the pre-spike level is the p95 and error rate of the seconds before the load rose; the
 * target has recovered at the first second from which RECOVERY_HOLD_SECONDS seconds in a row
 * are back within the margin.
 */

/** A spike: the peak load is at least this multiple of the load before it. */
const SPIKE_FACTOR = 1.5;
/** Back within: p95 at most this much above the pre-spike p95 (relative)... */
const P95_MARGIN = 0.2;
/** ...or this many ms above it, whichever is larger (a 2 ms p95 may wobble by 1 ms). */
const P95_MARGIN_MS = 5;
/** ...and an error rate at most this many points above the pre-spike one. */
const ERROR_MARGIN = 0.01;
/** Seconds in a row that must be back within the margin. */
const RECOVERY_HOLD_SECONDS = 3;

export const RECOVERY_MARGIN_TEXT = `p95 within ${P95_MARGIN * 100} % (or ${P95_MARGIN_MS} ms) and error rate within ${ERROR_MARGIN * 100} point of the pre-spike level, for ${RECOVERY_HOLD_SECONDS} s in a row`;

export const recoverySchema = z.object({
  statement: z.string(),
  preSpike: z.object({ p95: z.number(), errorRate: z.number(), requests: z.number().int() }),
  /**
   * Seconds from the start of the load to the moment it fell back: the plan's own schedule
   * when the load's start is known (to 0.1 s), else the first measured second with the load
   * back down (whole seconds from the first measured second).
   */
  fellBackAt: z.number(),
  /**
   * Seconds from the fall-back to recovery; null: did not recover within the run. To 0.1 s when
   * the fall-back is the plan's: the moment the target turned fast is then placed within its
   * second by the share of that second it was still slow.
   */
  recoveredAfter: z.number().nullable(),
  margin: z.string(),
});
export type Recovery = z.infer<typeof recoverySchema>;

const fmt = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 });
/** Seconds to 0.1 s: the fall-back and recovery are placed that finely. */
const secs = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Tally {
  histogram: Histogram;
  count: number;
  errors: number;
}

function tally(seconds: readonly MergedSecond[]): Tally {
  const result: Tally = { histogram: emptyHistogram(), count: 0, errors: 0 };
  for (const second of seconds) {
    for (const request of second.sample.requests) {
      result.count += request.count;
      if (!request.expected) result.errors += request.count;
      mergeHistogramInto(result.histogram, request.latency);
    }
  }
  return result;
}

/** Arrival-rate plans turn up the offered rate (started or dropped iterations); others, VUs. */
function loadOf(spec: PlanSpec): (second: MergedSecond) => number {
  const arrival = spec.scenarios.length > 0 && spec.scenarios.every((scenario) => scenario.load.executor.endsWith('arrival-rate'));
  return arrival ? (second) => second.sample.iterations + second.sample.droppedIterations : (second) => second.sample.vus;
}

/**
 * The share of a second during which the target was still slow (over `limit`): for VUs, the
 * share of their busy time spent in slow requests (a VU waits out each one, so a slow request
 * stands for more time than a fast one); for an arrival rate, requests come evenly whatever
 * the latency, so the share of slow requests.
 */
function slowShare(histogram: Histogram, limit: number, byTime: boolean): number {
  let slow = 0;
  let all = 0;
  for (const [key, count] of Object.entries(histogram.bins)) {
    const value = bucketValue(Number(key));
    const weight = byTime ? value * count : count;
    all += weight;
    if (value > limit) slow += weight;
  }
  if (!byTime) all += histogram.zeroCount;
  return all > 0 ? slow / all : 0;
}

/** Step of the planned load's sampling, seconds: the fall-back moment is placed to within it. */
const PLAN_STEP = 0.05;

/**
 * When the plan's own schedule brings the load back down after its peak, seconds from the
 * start of the load: the scenarios' profiles (from their start times) added up and read with
 * the same rule as the measured load (back to within a quarter of the way from the starting
 * level to the peak). k6 follows its schedule to the millisecond, so this is the truth of
 * when the load fell; null when the plan has no such fall (or is a custom script).
 */
export function plannedFallBack(spec: PlanSpec): number | null {
  // VUs and arrival rates do not add up, and iteration-bound scenarios end when their
  // iterations are done, not on a schedule: the measured load says when those fell.
  const loads = spec.scenarios.map((scenario) => scenario.load);
  if (!loads.length || loads.some((load) => load.executor.endsWith('iterations'))) return null;
  if (loads.some(isArrivalRate) && !loads.every(isArrivalRate)) return null;
  const curves = spec.scenarios.map((scenario) => ({ start: durationToSeconds(scenario.startTime), points: loadCurve(scenario.load) }));
  const at = (t: number) =>
    curves.reduce((sum, { start, points }) => {
      const local = t - start;
      if (local < 0 || local > points.at(-1)!.t) return sum;
      const next = points.findIndex((point) => point.t >= local);
      if (next <= 0) return sum + points[0]!.value;
      const [a, b] = [points[next - 1]!, points[next]!];
      return sum + (b.t === a.t ? b.value : a.value + ((b.value - a.value) * (local - a.t)) / (b.t - a.t));
    }, 0);
  const end = Math.max(...curves.map(({ start, points }) => start + points.at(-1)!.t));
  const samples: number[] = [];
  for (let t = 0; t <= end + 1e-9; t += PLAN_STEP) samples.push(at(t));
  // The starting level: the load over its first second, as the measured rule reads its first seconds.
  const base = Math.max(...samples.slice(0, Math.round(1 / PLAN_STEP)));
  const peak = Math.max(...samples);
  if (base <= 0 || peak < base * SPIKE_FACTOR) return null;
  let lastHigh = -1;
  samples.forEach((value, index) => {
    if (value > base + (peak - base) / 2) lastHigh = index;
  });
  const fell = samples.findIndex((value, index) => index > lastHigh && value <= base + (peak - base) / 4);
  return lastHigh < 0 || fell < 0 ? null : Math.round(fell * PLAN_STEP * 100) / 100;
}

/**
 * Null when the run has no spike that falls back (the load never rose well above where it
 * began, or never came down), or too few requests before it to know the normal level.
 */
export function findRecovery(spec: PlanSpec, merged: readonly MergedSecond[], loadStartMs: number | null = null): Recovery | null {
  const seconds = merged.filter((second) => second.sample.requests.length > 0);
  if (seconds.length < 4) return null;
  const load = seconds.map(loadOf(spec));
  const base = median(load.slice(0, 3));
  const peak = Math.max(...load);
  if (base <= 0 || peak < base * SPIKE_FACTOR) return null;
  const rise = load.findIndex((value) => value > base + (peak - base) / 2);
  let lastHigh = rise;
  load.forEach((value, index) => {
    if (value > base + (peak - base) / 2) lastHigh = index;
  });
  const fellBack = load.findIndex((value, index) => index > lastHigh && value <= base + (peak - base) / 4);
  if (rise <= 0 || fellBack < 0) return null;

  const before = tally(seconds.slice(0, rise));
  if (before.count < minimumSamples(0.95)) return null;
  const preP95 = quantile(before.histogram, 0.95)!;
  const preErrors = before.errors / before.count;
  const p95Limit = Math.max(preP95 * (1 + P95_MARGIN), preP95 + P95_MARGIN_MS);
  const errorLimit = preErrors + ERROR_MARGIN;
  const within = (second: MergedSecond) => {
    const one = tally([second]);
    return one.count > 0 && quantile(one.histogram, 0.95)! <= p95Limit && one.errors / one.count <= errorLimit;
  };

  // Where the load fell back: the plan's schedule from the load's start when both are known
  // (Unix seconds, fractional), else the first measured second with the load back down.
  const planned = loadStartMs !== null ? plannedFallBack(spec) : null;
  const exact = planned !== null ? loadStartMs! / 1000 + planned : null;
  const first = seconds[0]!.t;
  const round = (value: number) => Math.round(value * 10) / 10;
  const fellBackAt = exact !== null ? round(planned!) : seconds[fellBack]!.t - first;
  const level = `the pre-spike p95 ${fmt(preP95)} ms and error rate ${fmt(preErrors * 100)} %`;
  for (let index = fellBack; index + RECOVERY_HOLD_SECONDS <= seconds.length; index++) {
    if (seconds.slice(index, index + RECOVERY_HOLD_SECONDS).every(within)) {
      let recoveredAfter = seconds[index]!.t - seconds[fellBack]!.t;
      if (exact !== null) {
        // Within the margin from this second on; the target turned fast within it or within
        // the second before (when that one is after the fall-back): each second's slow share
        // places the moment (a whole slow second before, then 20 % slow: 0.2 s into this one).
        const byTime = !spec.scenarios.every((scenario) => isArrivalRate(scenario.load));
        const share = (second: MergedSecond) => slowShare(tally([second]).histogram, p95Limit, byTime);
        const previous = index > fellBack && seconds[index - 1]!.t === seconds[index]!.t - 1 ? seconds[index - 1]! : null;
        const moment = previous ? previous.t + share(previous) + share(seconds[index]!) : seconds[index]!.t + share(seconds[index]!);
        recoveredAfter = round(Math.max(0, moment - exact));
      }
      return {
        statement:
          recoveredAfter === 0
            ? `Recovered as soon as the load fell back (at ${secs(fellBackAt)} s): back to ${level} at once.`
            : `Recovered ${secs(recoveredAfter)} s after the load fell back (at ${secs(fellBackAt)} s): back to ${level}.`,
        preSpike: { p95: preP95, errorRate: preErrors, requests: before.count },
        fellBackAt,
        recoveredAfter,
        margin: RECOVERY_MARGIN_TEXT,
      };
    }
  }
  const after = tally(seconds.slice(fellBack));
  const lastP95 = quantile(tally(seconds.slice(-RECOVERY_HOLD_SECONDS)).histogram, 0.95);
  return {
    statement: `Did not recover within the run: ${seconds.at(-1)!.t - seconds[fellBack]!.t + 1} s after the load fell back (at ${secs(fellBackAt)} s), p95 was still ${fmt(lastP95 ?? 0)} ms and the error rate ${fmt((after.errors / Math.max(1, after.count)) * 100)} %, against ${level}.`,
    preSpike: { p95: preP95, errorRate: preErrors, requests: before.count },
    fellBackAt,
    recoveredAfter: null,
    margin: RECOVERY_MARGIN_TEXT,
  };
}
