import { z } from 'zod';
import { emptyHistogram, mergeHistogramInto, quantile, type Histogram } from './histogram.js';
import { minimumSamples } from './diagnostics.js';
import type { PlanSpec } from './plan.js';
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
  /** Seconds from the run's first measured second to the one in which the load fell back. */
  fellBackAt: z.number(),
  /** Seconds from the fall-back to recovery; null: did not recover within the run. */
  recoveredAfter: z.number().nullable(),
  margin: z.string(),
});
export type Recovery = z.infer<typeof recoverySchema>;

const fmt = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 });
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
 * Null when the run has no spike that falls back (the load never rose well above where it
 * began, or never came down), or too few requests before it to know the normal level.
 */
export function findRecovery(spec: PlanSpec, merged: readonly MergedSecond[]): Recovery | null {
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

  const first = seconds[0]!.t;
  const fellBackAt = seconds[fellBack]!.t - first;
  const level = `the pre-spike p95 ${fmt(preP95)} ms and error rate ${fmt(preErrors * 100)} %`;
  for (let index = fellBack; index + RECOVERY_HOLD_SECONDS <= seconds.length; index++) {
    if (seconds.slice(index, index + RECOVERY_HOLD_SECONDS).every(within)) {
      const recoveredAfter = seconds[index]!.t - seconds[fellBack]!.t;
      return {
        statement:
          recoveredAfter === 0
            ? `Recovered as soon as the load fell back (at ${fellBackAt} s): back to ${level} at once.`
            : `Recovered ${recoveredAfter} s after the load fell back (at ${fellBackAt} s): back to ${level}.`,
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
    statement: `Did not recover within the run: ${seconds.at(-1)!.t - seconds[fellBack]!.t + 1} s after the load fell back (at ${fellBackAt} s), p95 was still ${fmt(lastP95 ?? 0)} ms and the error rate ${fmt((after.errors / Math.max(1, after.count)) * 100)} %, against ${level}.`,
    preSpike: { p95: preP95, errorRate: preErrors, requests: before.count },
    fellBackAt,
    recoveredAfter: null,
    margin: RECOVERY_MARGIN_TEXT,
  };
}
