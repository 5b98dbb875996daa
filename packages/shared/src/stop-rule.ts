import { z } from 'zod';
import { durationToSeconds } from './duration.js';
import { countAbove } from './histogram.js';
import { customOffenders } from './custom-metrics.js';
import { statusKey } from './request-status.js';
import type { SecondSample } from './series.js';
import { summarizeSeconds } from './summary.js';
import { describeWindow, inWindow } from './threshold-time.js';
import { describeSubject, formatValue } from './threshold-text.js';
import { meets, statusInClass, thresholdFigure, type Threshold } from './threshold.js';

/**
 * Stop rules: a threshold with `stop: { after }` ends the run early once it has been breached
 * for `after` seconds in a row. Judged centrally by the API from the merged seconds of all
 * segments (only seconds every segment has reported), never by one segment's k6.
 *
 * The rule, per threshold, over consecutive whole seconds (inside its window, if it has one):
 * 1. every second is in breach on its own figure (that second's p95, error rate...): a
 *    sustained breach, not one bad burst a trailing average would carry for `after` seconds;
 * 2. the figure over those `after` seconds together is in breach (it is the figure reported);
 * 3. at least STOP_MIN_OFFENDERS of their requests are themselves over the line (slower than
 *    the latency limit, errors, responses of the status, failed checks), so a handful of
 *    requests at a low rate cannot stop a run.
 * A second with nothing to judge (no request in scope), or missing, breaks the streak.
 */

/** Requests over the line a breach needs before it stops a run. */
export const STOP_MIN_OFFENDERS = 10;

export const THRESHOLD_STOP_CODE = 'STOPPED_BY_THRESHOLD';

/**
 * Why a run was stopped early, as stored in the run's `error` until and after it ends FAILED:
 * `code` and `message` are what every view of a run shows; the rest lets the finaliser judge
 * the threshold that stopped it.
 */
export const thresholdStopSchema = z.object({
  code: z.literal(THRESHOLD_STOP_CODE),
  /** "stopped at 42 s: p95 of Checkout 1,210 ms > 500 ms for 10 s" */
  message: z.string(),
  /** The threshold's position in the plan. */
  thresholdIndex: z.number().int().nonnegative(),
  /** Whole seconds from the run's load start to the end of the last breached second. */
  atSeconds: z.number().int().nonnegative(),
  /** Length of the breach: the stop rule's `after`, in seconds. */
  breachSeconds: z.number().int().positive(),
  /** The threshold's figure over the breached seconds, in its unit. */
  measured: z.number(),
  /** Requests in scope over the breached seconds, and how many were themselves over the line. */
  requests: z.number().int().nonnegative(),
  offenders: z.number().int().nonnegative(),
});
export type ThresholdStop = z.infer<typeof thresholdStopSchema>;

/** A run's stored `error` read as a stop, or null when it is something else (or nothing). */
export function decodeThresholdStop(error: unknown): ThresholdStop | null {
  const parsed = thresholdStopSchema.safeParse(error);
  return parsed.success ? parsed.data : null;
}

const upperBound = (threshold: Threshold) => threshold.op === '<' || threshold.op === '<=';

/** Whether a request row of a second is in the threshold's scope. */
export function inScope(threshold: Threshold, row: SecondSample['requests'][number]): boolean {
  if (threshold.request) return row.name === threshold.request;
  if (threshold.scenario) return row.scenario === threshold.scenario;
  return true;
}

/**
 * How many of a second's requests (or checks) are themselves on the wrong side of the
 * threshold's line: for "p95 < 500 ms", the requests that took 500 ms or more.
 */
export function offenders(threshold: Threshold, second: SecondSample): number {
  const rows = second.requests.filter((row) => inScope(threshold, row));
  const sum = (count: (row: SecondSample['requests'][number]) => number) => rows.reduce((total, row) => total + count(row), 0);
  switch (threshold.metric) {
    case 'latency': {
      // "< L" is broken by requests at L or slower, "<= L" by slower ones; ">" and ">=" mirror it.
      const { op, value } = threshold;
      return sum((row) =>
        op === '<' || op === '<=' ? countAbove(row.latency, value, op === '<') : row.latency.count - countAbove(row.latency, value, op === '>='),
      );
    }
    case 'error_rate':
      return sum((row) => (row.expected === !upperBound(threshold) ? row.count : 0));
    case 'status_share':
      return sum((row) => (statusInClass(statusKey(row), threshold.status) === upperBound(threshold) ? row.count : 0));
    case 'check_rate': {
      const checks = threshold.request ? second.checks.filter((check) => check.name.startsWith(`${threshold.request}: `)) : second.checks;
      return checks.reduce((total, check) => total + (upperBound(threshold) ? check.passes : check.fails), 0);
    }
    case 'custom': {
      const metric = second.customMetrics?.find((custom) => custom.name === threshold.name);
      if (!metric) return 0;
      const { op, value } = threshold;
      const upper = upperBound(threshold);
      // A counter's rate has no values to count over the line: the breach of every second decides.
      return customOffenders(metric, upper, value, upper ? op === '<' : op === '>=') ?? STOP_MIN_OFFENDERS;
    }
    case 'rps':
    case 'count':
    case 'telemetry':
      // The schema refuses stop rules on rates, totals and telemetry; nothing here can break one.
      return 0;
  }
}

function relation(threshold: Threshold, measured: number): string {
  if (upperBound(threshold)) return measured > threshold.value ? '>' : '≥';
  return measured < threshold.value ? '<' : '≤';
}

/** "stopped at 42 s: p95 of Checkout 1,210 ms > 500 ms for 10 s" (and the window, if any). */
export function stopMessage(threshold: Threshold, stop: Pick<ThresholdStop, 'atSeconds' | 'breachSeconds' | 'measured'>): string {
  const subject = describeSubject({ ...threshold, window: undefined });
  const inside = threshold.window ? `, inside its window (${describeWindow(threshold.window)})` : '';
  return `stopped at ${stop.atSeconds.toLocaleString('en-US')} s: ${subject} ${formatValue(threshold, stop.measured)} ${relation(threshold, stop.measured)} ${formatValue(threshold, threshold.value)} for ${stop.breachSeconds.toLocaleString('en-US')} s${inside}`;
}

/**
 * When a run's stop rule stopped it, in seconds from the load's start, read back from the
 * error every view of a run has (code and message, as stopMessage wrote it); null for any other
 * error. The charts mark the moment with it.
 */
export function stoppedAtSeconds(error: { code: string; message: string } | null | undefined): number | null {
  if (error?.code !== THRESHOLD_STOP_CODE) return null;
  const match = /^stopped at ([\d,]+) s:/.exec(error.message);
  return match ? Number(match[1]!.replaceAll(',', '')) : null;
}

/** The first second at which this threshold's stop rule is met, or null. */
function breachOf(threshold: Threshold, thresholdIndex: number, seconds: readonly SecondSample[], firstT: number): ThresholdStop | null {
  if (!threshold.stop) return null;
  const needed = durationToSeconds(threshold.stop.after);
  let streak: SecondSample[] = [];
  for (const second of seconds) {
    const elapsed = second.t - firstT;
    const consecutive = streak.length === 0 || streak.at(-1)!.t === second.t - 1;
    const figure = inWindow(threshold.window, elapsed) ? thresholdFigure(threshold, summarizeSeconds([second])) : null;
    if (figure === null || meets(threshold, figure)) {
      streak = [];
      continue;
    }
    streak = consecutive ? [...streak.slice(1 - needed), second] : [second];
    if (streak.length < needed) continue;
    const measured = thresholdFigure(threshold, summarizeSeconds(streak));
    const over = streak.reduce((total, s) => total + offenders(threshold, s), 0);
    if (measured === null || meets(threshold, measured) || over < STOP_MIN_OFFENDERS) continue;
    const requests = streak.reduce((total, s) => total + s.requests.filter((row) => inScope(threshold, row)).reduce((n, row) => n + row.count, 0), 0);
    const found = { thresholdIndex, atSeconds: elapsed + 1, breachSeconds: needed, measured, requests, offenders: over };
    return { code: THRESHOLD_STOP_CODE, message: stopMessage(threshold, found), ...found };
  }
  return null;
}

/**
 * The earliest breach of any threshold's stop rule in these seconds, or null. `seconds` are
 * merged seconds (every segment's, added up) in time order that every segment has reported;
 * `firstT` is the run's first second (elapsed time counts from it). Pure: the API calls it as
 * seconds arrive and stops the run on the first answer.
 */
export function findStopBreach(thresholds: readonly Threshold[], seconds: readonly SecondSample[], firstT: number): ThresholdStop | null {
  let earliest: ThresholdStop | null = null;
  thresholds.forEach((threshold, index) => {
    const breach = breachOf(threshold, index, seconds, firstT);
    if (breach && (!earliest || breach.atSeconds < earliest.atSeconds)) earliest = breach;
  });
  return earliest;
}

/** The longest stop rule of a plan's thresholds, in seconds (0: none): how far back to look. */
export function longestStopRule(thresholds: readonly Threshold[]): number {
  return Math.max(0, ...thresholds.map((threshold) => (threshold.stop ? durationToSeconds(threshold.stop.after) : 0)));
}
