import { describe, expect, it } from 'vitest';
import { planSlot, type SchedulerGap } from './slot-plan.js';

const at = (iso: string) => new Date(`2026-11-24T${iso}Z`);
const everyFiveMinutes = { cron: '*/5 * * * *', timezone: 'UTC' };

describe('planSlot', () => {
  it('fires a due slot and moves to the very next slot while the scheduler was looking, however late', () => {
    const plan = planSlot({ ...everyFiveMinutes, nextFireAt: at('10:00:00') }, at('10:12:00'), null);
    // Late (a backlog), not missed: 10:00 fires now and 10:05, 10:10 are due next, none lost.
    expect(plan).toEqual({ slotAt: at('10:00:00'), missed: null, next: at('10:05:00') });
  });

  it('counts the slots that fell while nobody looked, takes the latest, and says when and why', () => {
    const gap: SchedulerGap = { from: at('09:58:00'), to: at('10:12:00'), cause: 'no Loadline API process was running the scheduler' };
    const plan = planSlot({ ...everyFiveMinutes, nextFireAt: at('10:00:00') }, at('10:12:00'), gap);
    expect(plan.slotAt).toEqual(at('10:10:00'));
    expect(plan.next).toEqual(at('10:15:00'));
    expect(plan.missed).toEqual({
      count: 3,
      detail: '3 slot(s) missed: no Loadline API process was running the scheduler from 2026-11-24T09:58:00.000Z to 2026-11-24T10:12:00.000Z',
    });
  });

  it('fires a slot due before the gap began (it was due while the scheduler looked) and one due just now', () => {
    const gap: SchedulerGap = { from: at('10:01:00'), to: at('10:12:00'), cause: 'the scheduler could not reach the database' };
    expect(planSlot({ ...everyFiveMinutes, nextFireAt: at('10:00:00') }, at('10:12:00'), gap).missed).toBeNull();
    expect(planSlot({ ...everyFiveMinutes, nextFireAt: at('10:10:00') }, at('10:10:03'), gap).missed).toBeNull();
  });

  it('names a first start when the scheduler had never looked before', () => {
    const gap: SchedulerGap = { from: null, to: at('10:12:00'), cause: 'the scheduler had not run on this database yet' };
    const plan = planSlot({ ...everyFiveMinutes, nextFireAt: at('09:00:00') }, at('10:12:00'), gap);
    expect(plan.missed?.count).toBe(15);
    expect(plan.missed?.detail).toBe('15 slot(s) missed: the scheduler had not run on this database yet before 2026-11-24T10:12:00.000Z');
  });

  it('walks a per-second cron one slot at a time while looking', () => {
    const plan = planSlot({ cron: '* * * * * *', timezone: 'UTC', nextFireAt: at('10:00:00') }, at('10:00:02.500'), null);
    expect(plan).toEqual({ slotAt: at('10:00:00'), missed: null, next: at('10:00:01') });
  });

  it('holds a cron stored before the floor (LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS) to it: closer slots are passed over', () => {
    const perSecond = { cron: '* * * * * *', timezone: 'UTC' };
    expect(planSlot({ ...perSecond, nextFireAt: at('10:00:00') }, at('10:00:00.200'), null, 60).next).toEqual(at('10:01:00'));
    expect(planSlot({ ...perSecond, nextFireAt: at('10:00:00') }, at('10:00:00.200'), null, 1).next).toEqual(at('10:00:01'));
    // After a gap the latest missed slot is taken, and the next one is a floor after it (and after now).
    // Missed: 09:59:00 and 10:00:00, a minute apart; the latest is taken.
    const gap: SchedulerGap = { from: at('09:00:00'), to: at('10:00:30'), cause: 'no Loadline API process was running the scheduler' };
    const missed = planSlot({ ...perSecond, nextFireAt: at('09:59:00') }, at('10:00:30'), gap, 60);
    expect(missed.slotAt).toEqual(at('10:00:00'));
    expect(missed.missed?.count).toBe(2);
    expect(missed.next).toEqual(at('10:01:00'));
    // A once-a-minute cron is not moved by the floor.
    expect(planSlot({ ...everyFiveMinutes, nextFireAt: at('10:00:00') }, at('10:00:01'), null, 60).next).toEqual(at('10:05:00'));
  });
});
