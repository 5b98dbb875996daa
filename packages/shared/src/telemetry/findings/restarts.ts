import type { TelemetryFinding } from '../report.js';
import type { TelemetryReadError } from '../sample.js';
import type { TelemetryFindingsInput } from './index.js';
import { keysOf, phaseAt, pointsOf, whenWords, type SourceView } from './series.js';

export const RESTART_LIMITS = {
  /** A start time that moves by more than this (s) is a new process; exporters round it, and some recompute it. */
  startTimeToleranceSeconds: 1,
  /** Signs of one restart (a gap, then a new start time, then rates missing) seen within this many seconds are one restart. */
  mergeWindowSeconds: 5,
} as const;

/** A read that got no answer: the process was down (a refused connection) or hung (a timeout). */
const UNANSWERED: readonly TelemetryReadError[] = ['REFUSED', 'TIMEOUT'];

type Signal = 'start time changed' | 'counters reset' | 'unanswered';

interface Sign {
  t: number;
  signal: Signal;
  /** Seconds unanswered, for a gap. */
  gapSeconds?: number;
}

/** A new process start time, at the moment it says the process started when that is plausible. */
function startTimeSigns(view: SourceView): Sign[] {
  const signs: Sign[] = [];
  for (const key of keysOf(view, 'start_time')) {
    const points = pointsOf(view, key);
    for (let i = 1; i < points.length; i++) {
      const [previousT, previous] = points[i - 1]!;
      const [t, value] = points[i]!;
      if (Math.abs(value - previous) <= RESTART_LIMITS.startTimeToleranceSeconds) continue;
      // The new start time says when the process came back, even when that was inside a scrape gap.
      const started = Math.round(value);
      signs.push({ t: started > previousT - RESTART_LIMITS.startTimeToleranceSeconds && started <= t ? started : t, signal: 'start time changed' });
    }
  }
  return signs;
}

/** Stretches of unanswered reads with answered ones on both sides: the process went away and came back. */
function gapSigns(view: SourceView): Sign[] {
  const signs: Sign[] = [];
  const { seconds } = view;
  for (let i = 0; i < seconds.length; i++) {
    if (!seconds[i]!.error || !UNANSWERED.includes(seconds[i]!.error!.code)) continue;
    let j = i;
    while (j + 1 < seconds.length && seconds[j + 1]!.error && UNANSWERED.includes(seconds[j + 1]!.error!.code)) j++;
    const answeredBefore = i > 0 && !seconds[i - 1]!.error;
    const answeredAfter = j + 1 < seconds.length && !seconds[j + 1]!.error;
    if (answeredBefore && answeredAfter) signs.push({ t: seconds[i]!.t, signal: 'unanswered', gapSeconds: seconds[j]!.t - seconds[i]!.t + 1 });
    i = j;
  }
  return signs;
}

/**
 * A counter that went backwards: the collector says so (`resets`, from reduceScrape's
 * counterResets); from a collector that does not, a rate series with values the seconds
 * before and after and none in an answered second between, or a negative rate.
 */
function resetSigns(view: SourceView): Sign[] {
  const rates = view.catalog.series.filter((series) => series.kind === 'rate').map((series) => series.key);
  const signs: Sign[] = [];
  const told = new Set(view.seconds.filter((second) => !second.error && second.resets?.length).map((second) => second.t));
  for (const t of told) signs.push({ t, signal: 'counters reset' });
  for (const [t, values] of view.good) {
    if (told.has(t)) continue;
    const before = view.good.get(t - 1);
    const after = view.good.get(t + 1);
    if (!before || !after) continue;
    const reset = (key: string) => (values[key] === undefined && before[key] !== undefined && after[key] !== undefined) || (values[key] ?? 0) < 0;
    if (rates.some(reset)) signs.push({ t, signal: 'counters reset' });
  }
  return signs;
}

export interface Restart {
  t: number;
  signals: Sign[];
}

/**
 * Signs within the merge window of a restart's first sign are that restart, dated by when the
 * process stopped answering, else by its new start time (a crash is when it went away), else
 * by the reset. Also counted by the source's figures (figures.ts) and its thresholds.
 */
export function restartsOf(view: SourceView): Restart[] {
  const signs = [...startTimeSigns(view), ...gapSigns(view), ...resetSigns(view)].sort((a, b) => a.t - b.t);
  const restarts: Restart[] = [];
  for (const sign of signs) {
    const last = restarts.at(-1);
    if (last && sign.t - last.signals[0]!.t <= RESTART_LIMITS.mergeWindowSeconds) last.signals.push(sign);
    else restarts.push({ t: sign.t, signals: [sign] });
  }
  for (const restart of restarts) {
    const dated = restart.signals.find((sign) => sign.signal === 'unanswered' || sign.signal === 'start time changed');
    if (dated) restart.t = dated.t;
  }
  return restarts;
}

function signalWords(restart: Restart): string {
  const words = new Set<string>();
  for (const sign of restart.signals) words.add(sign.signal === 'unanswered' ? `${sign.gapSeconds} s unanswered` : sign.signal);
  return [...words].join(', ');
}

const times = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);
const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * Processes that restarted (a new start time, counters reset, or reads unanswered between
 * answered ones), how often and in which phase: one finding per source and phase.
 */
export function restartFindings(input: TelemetryFindingsInput, views: readonly SourceView[]): TelemetryFinding[] {
  const found: TelemetryFinding[] = [];
  for (const view of views) {
    const groups = new Map<string, Restart[]>();
    for (const restart of restartsOf(view)) {
      const when = whenWords(input, restart.t);
      groups.set(when, [...(groups.get(when) ?? []), restart]);
    }
    for (const [when, restarts] of groups) {
      const first = restarts[0]!;
      const during = first.t >= input.loadStart && first.t <= input.loadEnd;
      const at = restarts.map((restart) => restart.t - input.loadStart);
      const phase = phaseAt(input.phases, first.t);
      found.push({
        code: 'TARGET_RESTARTED',
        severity: during ? 'critical' : 'warning',
        source: view.name,
        message: `${view.name} restarted ${times(restarts.length)} ${when}: ${list(restarts.map((restart, i) => `at ${at[i]} s (${signalWords(restart)})`))}.`,
        atSeconds: at[0]!,
        ...(phase !== undefined ? { phase } : {}),
        evidence: {
          restarts: restarts.length,
          atSeconds: at.join(', '),
          signals: [...new Set(restarts.flatMap((restart) => restart.signals.map((sign) => sign.signal)))].join(', '),
        },
      });
    }
  }
  return found;
}
