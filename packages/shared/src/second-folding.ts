import { emptyHistogram, mergeHistogramInto } from './histogram.js';
import type { CheckSecond, RequestSecond, SecondSample } from './series.js';
import { durationToSeconds } from './duration.js';
import { inWindow } from './threshold-time.js';
import type { Threshold } from './threshold.js';

/**
 * The live view judges every threshold on every second so far, once a second: summarising a
 * 10-minute run of 20 request names from scratch each time took 0.3–1 s of the API's event
 * loop (0.06–0.1 s folded, on this loaded 2-core machine). Old seconds are therefore folded into chunks that summarizeSeconds reads as it reads
 * the seconds they hold: the same counts, statuses and merged histograms (so the same
 * percentiles and intervals), the same earliest start and latest end of each scope (so the same
 * active time and rates), the same peaks of VUs. A chunk never straddles a threshold's window
 * boundary (it lies wholly inside or outside each window), and the newest seconds stay as
 * they are (a stop rule's streak is read from them). Not folded: runs with custom metrics
 * (merged by their own rules) and plans with a share-of-seconds threshold (judged second by
 * second).
 */

/** Seconds folded into one chunk at most. */
export const FOLD_SECONDS = 60;
/**
 * The newest seconds kept as they are, at least (more when a stop rule is longer): only a stop
 * rule's streak reads seconds one by one, and the seconds the hub holds never change.
 */
export const KEEP_SECONDS = 10;

const rowKey = (row: RequestSecond) => `${row.name}\u0000${row.method}\u0000${row.status}\u0000${row.expected}\u0000${row.errorCode}\u0000${row.scenario}`;

const minDefined = (a: number | undefined, b: number | undefined, known: boolean) => (known && a !== undefined && b !== undefined ? Math.min(a, b) : undefined);
const maxDefined = (a: number | undefined, b: number | undefined, known: boolean) => (known && a !== undefined && b !== undefined ? Math.max(a, b) : undefined);

/** One sample holding consecutive seconds, read by summarizeSeconds as it reads them. */
export function foldSeconds(seconds: readonly SecondSample[]): SecondSample {
  const first = seconds[0]!;
  const rows = new Map<string, RequestSecond & { spansKnown: boolean }>();
  const checks = new Map<string, CheckSecond>();
  const scenarios = new Map<string, { name: string; iterations: number; droppedIterations: number }>();
  let spanStartMs: number | undefined;
  let spanEndMs: number | undefined;
  let spansKnown = true;
  let anyRequests = false;
  const folded: SecondSample = {
    v: 1,
    t: first.t,
    requests: [],
    vus: 0,
    vusMax: 0,
    iterations: 0,
    droppedIterations: 0,
    bytesReceived: 0,
    bytesSent: 0,
    checks: [],
  };
  for (const second of seconds) {
    folded.vus = Math.max(folded.vus, second.vus);
    folded.vusMax = Math.max(folded.vusMax, second.vusMax);
    folded.iterations += second.iterations;
    folded.droppedIterations += second.droppedIterations;
    folded.bytesReceived += second.bytesReceived;
    folded.bytesSent += second.bytesSent;
    if (second.messagesSent !== undefined) folded.messagesSent = (folded.messagesSent ?? 0) + second.messagesSent;
    if (second.messagesReceived !== undefined) folded.messagesReceived = (folded.messagesReceived ?? 0) + second.messagesReceived;
    if (second.requests.length) {
      // The run's own active time reads the spans of seconds with requests only.
      const known = second.spanStartMs !== undefined && second.spanEndMs !== undefined;
      spansKnown &&= known;
      spanStartMs = anyRequests ? minDefined(spanStartMs, second.spanStartMs, spansKnown) : second.spanStartMs;
      spanEndMs = anyRequests ? maxDefined(spanEndMs, second.spanEndMs, spansKnown) : second.spanEndMs;
      anyRequests = true;
    }
    for (const row of second.requests) {
      // A row's time falls back to its second's: fold the one it is read with.
      const start = row.spanStartMs ?? second.spanStartMs;
      const end = row.spanEndMs ?? second.spanEndMs;
      const known = start !== undefined && end !== undefined;
      const key = rowKey(row);
      const held = rows.get(key);
      if (!held) {
        rows.set(key, {
          ...row,
          latency: mergeHistogramInto(emptyHistogram(), row.latency),
          ...(row.responseBytes ? { responseBytes: mergeHistogramInto(emptyHistogram(), row.responseBytes) } : {}),
          spanStartMs: start,
          spanEndMs: end,
          spansKnown: known,
        });
        continue;
      }
      held.count += row.count;
      mergeHistogramInto(held.latency, row.latency);
      if (row.responseBytes) held.responseBytes = mergeHistogramInto(held.responseBytes ?? emptyHistogram(), row.responseBytes);
      held.spansKnown &&= known;
      held.spanStartMs = minDefined(held.spanStartMs, start, held.spansKnown);
      held.spanEndMs = maxDefined(held.spanEndMs, end, held.spansKnown);
    }
    for (const check of second.checks) {
      const held = checks.get(check.name) ?? { name: check.name, passes: 0, fails: 0 };
      held.passes += check.passes;
      held.fails += check.fails;
      checks.set(check.name, held);
    }
    for (const scenario of second.scenarioIterations ?? []) {
      const held = scenarios.get(scenario.name) ?? { name: scenario.name, iterations: 0, droppedIterations: 0 };
      held.iterations += scenario.iterations;
      held.droppedIterations += scenario.droppedIterations;
      scenarios.set(scenario.name, held);
    }
  }
  folded.requests = [...rows.values()].map(({ spansKnown: _known, spanStartMs: start, spanEndMs: end, ...row }) => ({
    ...row,
    ...(start !== undefined && end !== undefined ? { spanStartMs: start, spanEndMs: end } : {}),
  }));
  if (anyRequests && spanStartMs !== undefined && spanEndMs !== undefined) {
    folded.spanStartMs = spanStartMs;
    folded.spanEndMs = spanEndMs;
  }
  folded.checks = [...checks.values()];
  if (scenarios.size) folded.scenarioIterations = [...scenarios.values()];
  return folded;
}

/** Whether a plan's thresholds can be judged on folded seconds (see the top of this file). */
export function foldable(thresholds: readonly Threshold[]): boolean {
  return !thresholds.some((threshold) => threshold.compliance);
}

/**
 * Folds the oldest of `raw` (consecutive merged seconds, oldest first, after any folded
 * before) into chunks while more than KEEP_SECONDS (or the longest stop rule) would be left;
 * returns the new chunks and what stays as it is. `firstT` is the run's first second (the
 * windows count from it).
 */
export function foldOldSeconds(
  thresholds: readonly Threshold[],
  raw: readonly SecondSample[],
  firstT: number,
): { folded: SecondSample[]; raw: SecondSample[] } {
  if (!foldable(thresholds) || raw.some((second) => second.customMetrics?.length)) return { folded: [], raw: raw.slice() };
  const keep = Math.max(KEEP_SECONDS, ...thresholds.map((threshold) => (threshold.stop ? durationToSeconds(threshold.stop.after) + 1 : 0)));
  const windows = thresholds.flatMap((threshold) => (threshold.window ? [threshold.window] : []));
  const side = (second: SecondSample) => windows.map((window) => (inWindow(window, second.t - firstT) ? '1' : '0')).join('');
  const folded: SecondSample[] = [];
  let from = 0;
  while (raw.length - from > keep + FOLD_SECONDS) {
    const signature = side(raw[from]!);
    let to = from + 1;
    while (to < from + FOLD_SECONDS && side(raw[to]!) === signature) to++;
    folded.push(foldSeconds(raw.slice(from, to)));
    from = to;
  }
  return { folded, raw: raw.slice(from) };
}
