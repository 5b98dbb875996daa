import type { LiveProgress, RunQueueView, RunView } from '@loadline/shared';
import { formatSeconds } from '../../format/time';

/**
 * Where a run that has not begun its load stands: which runners it waits for, how many runs
 * are ahead of it, and when it gives up (NOT_ENOUGH_RUNNERS) unless more runners come online.
 * Pure: unit-tested without a DOM.
 */

const WAITING_STATUSES: ReadonlySet<string> = new Set(['QUEUED', 'STARTING']);

/**
 * The freshest queue view: the progress event's (once a second) unless the stream already
 * says the load began, else the polled run's. Null once the run is past STARTING.
 */
export function currentQueue(run: Pick<RunView, 'status' | 'queue'>, progress: Pick<LiveProgress, 'status' | 'queue'> | null): RunQueueView | null {
  if (!WAITING_STATUSES.has(run.status)) return null;
  if (progress) {
    // A progress event saying RUNNING beats a run polled a few seconds ago.
    if (!WAITING_STATUSES.has(progress.status)) return null;
    if (progress.queue) return progress.queue;
  }
  return run.queue;
}

/** Whole seconds from `now` until `iso` (never below 0); null without a moment or with an unreadable one. */
export function secondsUntil(iso: string | null, now: Date): number | null {
  if (!iso) return null;
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** "20:41:07", as the API's message writes the same moment. */
const utcClock = (iso: string) => new Date(iso).toISOString().slice(11, 19);

export interface QueueModel {
  /** "Waiting for 3 runners" / "Starting: 3 runners reserved". */
  title: string;
  /** The API's ready sentence (describeRunQueue), as a sentence: "Waiting for 3 runners, 1 free, …". */
  message: string;
  /** "2 runs ahead", "next in line"; null once runners are reserved. */
  ahead: string | null;
  /** "4 min 5 s (at 20:41:07 UTC)", "any moment now"; null when the run is not counting down. */
  giveUp: string | null;
}

export function queueModel(queue: RunQueueView, now: Date): QueueModel {
  const waiting = queue.state === 'waiting';
  const left = waiting ? secondsUntil(queue.giveUpAt, now) : null;
  return {
    title: waiting ? `Waiting for ${plural(queue.runnersNeeded, 'runner')}` : `Starting: ${plural(queue.runnersNeeded, 'runner')} reserved`,
    message: queue.message.charAt(0).toUpperCase() + queue.message.slice(1),
    ahead: waiting ? (queue.runsAhead > 0 ? `${plural(queue.runsAhead, 'run')} ahead` : 'next in line') : null,
    giveUp: left === null ? null : left === 0 ? 'any moment now' : `in ${formatSeconds(left)} (at ${utcClock(queue.giveUpAt!)} UTC)`,
  };
}
