import { nextFireAfter } from '@loadline/shared';

/** How many missed slots are counted before giving up counting (a per-second cron down for a day). */
const MAX_MISSED_COUNTED = 10_000;
/** A slot this recent is fired, not counted missed, even just after a gap. */
export const MISSED_GRACE_MS = 5_000;

/**
 * A time during which no slot was fired: no API process ran the scheduler (they were all
 * down), or the one that ran could not reach the database. `from` is null when the scheduler
 * has never run on this database before.
 */
export interface SchedulerGap {
  from: Date | null;
  to: Date;
  cause: string;
}

/** A slot's identity, also the idempotency key of the run it starts. */
export const slotKey = (slot: { scheduleId: string; slotAt: Date }) => `schedule:${slot.scheduleId}:${slot.slotAt.toISOString()}`;

export interface ScheduleTiming {
  cron: string;
  timezone: string;
  nextFireAt: Date;
}

export interface SlotPlan {
  /** The slot this claim takes. */
  slotAt: Date;
  /** Set when slots fell in a gap: how many, and why in words (stored with the slot). */
  missed: { count: number; detail: string } | null;
  /** Where the schedule goes next (null: the cron has no slot left). */
  next: Date | null;
}

/**
 * Which slot a due schedule is at. A slot that fell due while the scheduler was looking is
 * fired, however late (a backlog), and the schedule moves to the slot right after it, so a
 * slot is never skipped without a record. Slots that fell in a gap (see SchedulerGap) are
 * missed: counted, the latest of them taken (its policy says whether it runs), and the
 * schedule moves past now. Pure.
 *
 * `minGapSeconds` is the installation's floor (LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS): the
 * API refuses crons that fire more often, and a cron stored before that floor (or under a
 * lower one) is held to it here, its slots closer than the floor to the one taken passed over.
 */
export function planSlot(schedule: ScheduleTiming, now: Date, gap: SchedulerGap | null, minGapSeconds = 1): SlotPlan {
  const firstAfter = (ms: number) => nextFireAfter(schedule.cron, schedule.timezone, new Date(ms));
  // The first slot at least minGapSeconds after `date` (slots are whole seconds: 1 s is "the next").
  const floorMs = Math.max(0, minGapSeconds * 1000 - 1);
  const after = (date: Date) => firstAfter(date.getTime() + floorMs);
  const due = schedule.nextFireAt;
  const fellInGap = gap !== null && (gap.from === null || due > gap.from) && now.getTime() - due.getTime() > MISSED_GRACE_MS;
  if (!fellInGap) return { slotAt: due, missed: null, next: after(due) };
  let slotAt = due;
  let count = 1;
  for (let next = after(due); next && next <= now && count < MAX_MISSED_COUNTED; next = after(next)) {
    slotAt = next;
    count++;
  }
  const span = gap.from ? `from ${gap.from.toISOString()} to ${gap.to.toISOString()}` : `before ${gap.to.toISOString()}`;
  const next = firstAfter(Math.max(now.getTime(), slotAt.getTime() + floorMs));
  return { slotAt, missed: { count, detail: `${count} slot(s) missed: ${gap.cause} ${span}` }, next };
}
