/**
 * Who gets runners next. Pure, so every rule is unit-tested; the dispatcher applies the
 * decisions (each reservation itself is one atomic step in Redis).
 *
 * - First come, first served: the oldest waiting run that could start gets the free runners.
 *   A run that needs more runners than are free blocks the runs behind it (no overtaking by
 *   smaller runs), so a big run is not starved by a stream of small ones.
 * - A run needing more runners than are online cannot be helped by waiting for busy ones; it
 *   does not block the line, and it ends NOT_ENOUGH_RUNNERS once runners have been short for
 *   `runnerWaitMs` (the time an autoscaler gets to bring them up).
 * - Any run waits at most `queueTimeoutMs` in line behind busy runners.
 */

export interface DispatchSettings {
  runnerWaitMs: number;
  queueTimeoutMs: number;
  readyTimeoutMs: number;
  /** Reservations given up before a run ends NOT_ENOUGH_RUNNERS instead of trying again. */
  maxReleases: number;
}

export interface WaitingRun {
  runId: string;
  segments: number;
  queuedAt: number;
  /** Since when fewer runners than it needs were online (null: not short). */
  shortSince: number | null;
}

export interface Cause {
  code: 'NOT_ENOUGH_RUNNERS';
  message: string;
}

export type LineDecision =
  { runId: string; action: 'reserve' } | { runId: string; action: 'wait'; short: boolean } | { runId: string; action: 'give-up'; cause: Cause };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const duration = (ms: number) => (ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);

export function decideLine(line: WaitingRun[], runners: { online: number; free: number }, now: number, settings: DispatchSettings): LineDecision[] {
  let free = runners.free;
  let blocked = false;
  return line.map((run): LineDecision => {
    if (run.segments > runners.online) {
      const since = run.shortSince ?? now;
      if (now - since >= settings.runnerWaitMs) {
        return {
          runId: run.runId,
          action: 'give-up',
          cause: {
            code: 'NOT_ENOUGH_RUNNERS',
            message: `The run needs ${plural(run.segments, 'runner')} at once (one per segment) but only ${runners.online} ${runners.online === 1 ? 'was' : 'were'} online for ${duration(now - since)}; no request was sent. Start more runners or lower the plan's segments.`,
          },
        };
      }
      return { runId: run.runId, action: 'wait', short: true };
    }
    if (now - run.queuedAt >= settings.queueTimeoutMs) {
      return {
        runId: run.runId,
        action: 'give-up',
        cause: {
          code: 'NOT_ENOUGH_RUNNERS',
          message: `The run waited ${duration(now - run.queuedAt)} for ${plural(run.segments, 'free runner')} while other runs kept them busy; no request was sent.`,
        },
      };
    }
    if (!blocked && run.segments <= free) {
      free -= run.segments;
      return { runId: run.runId, action: 'reserve' };
    }
    blocked = true;
    return { runId: run.runId, action: 'wait', short: false };
  });
}

export interface Reservation {
  runId: string;
  runners: string[];
  reservedAt: number;
  releases: number;
}

export type ReservationDecision =
  | { action: 'keep' }
  | { action: 'release'; deadRunners: string[]; why: string }
  | { action: 'give-up'; deadRunners: string[]; cause: { code: 'RUNNERS_NOT_READY'; message: string } };

/**
 * A reservation whose runners have not all got k6 ready: keep waiting, or give it up (a
 * reserved runner died, or k6 took too long) and put the run back in line; after
 * `maxReleases` tries, end the run.
 */
export function decideReservation(reservation: Reservation, alive: Map<string, boolean>, now: number, settings: DispatchSettings): ReservationDecision {
  const dead = reservation.runners.filter((runner) => !alive.get(runner));
  const late = now - reservation.reservedAt >= settings.readyTimeoutMs;
  if (!dead.length && !late) return { action: 'keep' };
  // Runner names go to the logs, not into the run's error (reports may be shared publicly).
  const why = dead.length
    ? `runner${dead.length === 1 ? '' : 's'} ${dead.join(', ')} stopped responding before the start`
    : `k6 was not ready on every reserved runner within ${duration(settings.readyTimeoutMs)}`;
  if (reservation.releases + 1 >= settings.maxReleases) {
    const what = dead.length
      ? `${plural(dead.length, 'reserved runner')} stopped responding before the start`
      : `k6 was not ready on every reserved runner within ${duration(settings.readyTimeoutMs)}`;
    return {
      action: 'give-up',
      deadRunners: dead,
      cause: { code: 'RUNNERS_NOT_READY', message: `The run could not start: ${what} (${reservation.releases + 1} attempts); no request was sent.` },
    };
  }
  return { action: 'release', deadRunners: dead, why };
}
