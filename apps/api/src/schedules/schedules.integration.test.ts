import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';
import { eventually } from '../test/eventually.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Schedules on the real database with two API processes ticking at once and a restart in
 * between. No runner: fired runs stay QUEUED, which is what the slot bookkeeping needs.
 */
describe('schedules', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let target: TargetView;

  beforeAll(async () => {
    // Per-second crons make slots come fast enough to test; installations refuse them (schedule-limits.integration.test.ts).
    stack = await startStack({
      label: 'schedules',
      runner: false,
      env: { LOADLINE_SCHEDULER_INTERVAL_MS: '150', LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS: '1' },
    });
    owner = (await stack.api.signup('schedules')).client;
    await owner.patch('/organization/quotas', { maxConcurrentRuns: 1000 });
    target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
  });

  afterAll(async () => {
    await stack?.close();
  });

  const newPlan = async (name: string) => (await owner.post<PlanView>('/plans', { ...validPlan(target.id), name })).body;
  const slotsOf = async (scheduleId: string) =>
    (await owner.get(`/schedules/${scheduleId}/slots`)).body.items as { slotAt: string; outcome: string; runId: string | null; detail: string | null }[];

  it('validates cron and time zone, and shows the next five fire times', async () => {
    const plan = await newPlan('validation');
    const badCron = await owner.post(`/plans/${plan.id}/schedules`, { cron: '61 * * * *' });
    expect(badCron.status).toBe(400);
    expect(badCron.body.error.details[0]).toMatchObject({ path: 'cron', message: expect.stringContaining('minute') });
    const badZone = await owner.post(`/plans/${plan.id}/schedules`, { cron: '0 9 * * 1-5', timezone: 'Mars/Olympus' });
    expect(badZone.body.error.details[0]).toMatchObject({ path: 'timezone' });

    const weekdays = await owner.post(`/plans/${plan.id}/schedules`, { cron: '0 9 * * 1-5', timezone: 'America/New_York', enabled: false });
    expect(weekdays.status).toBe(201);
    expect(weekdays.body.nextFireTimes).toEqual([]);
    const enabled = (await owner.patch(`/schedules/${weekdays.body.id}`, { enabled: true })).body;
    expect(enabled.nextFireTimes).toHaveLength(5);
    for (const time of enabled.nextFireTimes) {
      const local = new Date(time).toLocaleString('en-US', { timeZone: 'America/New_York', hour: 'numeric', hour12: false, weekday: 'short' });
      expect(local).toMatch(/^(Mon|Tue|Wed|Thu|Fri), 09$/);
    }
    // A change names what changes: the time zone and policies stay as they were.
    expect(enabled).toMatchObject({ timezone: 'America/New_York', cron: '0 9 * * 1-5', missedPolicy: 'SKIP' });
    await owner.delete(`/schedules/${weekdays.body.id}`);
  });

  it('fires each slot exactly once with two API processes and a restart in between', async () => {
    const plan = await newPlan('every second');
    const second = await stack.startAnotherApi();
    try {
      const schedule = (await owner.post(`/plans/${plan.id}/schedules`, { cron: '* * * * * *', overlapPolicy: 'RUN' })).body;
      await sleep(3_000);
      await stack.restartApi(300);
      await sleep(2_500);
      await owner.patch(`/schedules/${schedule.id}`, { enabled: false });
      await sleep(500);

      const slots = await slotsOf(schedule.id);
      const times = slots.map((slot) => Date.parse(slot.slotAt)).sort((a, b) => a - b);
      expect(times.length).toBeGreaterThanOrEqual(4);
      // One slot per second, none twice, none missing between the first and the last.
      expect(new Set(times).size).toBe(times.length);
      expect((times.at(-1)! - times[0]!) / 1000 + 1).toBe(times.length);
      expect(slots.every((slot) => slot.outcome === 'RAN' && slot.runId)).toBe(true);
      const runs = (await owner.get(`/runs?planId=${plan.id}`)).body.items as { id: string; trigger: string }[];
      expect(runs.map((run) => run.id).sort()).toEqual(slots.map((slot) => slot.runId).sort());
      expect(runs.every((run) => run.trigger === 'SCHEDULE')).toBe(true);
    } finally {
      await second.close();
    }
  }, 30_000);

  it("starts its runs against the target it names, not the plan's own", async () => {
    const plan = await newPlan('staging nightly');
    const staging = (await owner.post<TargetView>('/targets', { name: 'staging', baseUrl: 'http://127.0.0.2:9/' })).body;
    const schedule = (await owner.post(`/plans/${plan.id}/schedules`, { cron: '* * * * * *', overlapPolicy: 'RUN', targetId: staging.id })).body;
    expect(schedule.targetId).toBe(staging.id);
    await sleep(1_800);
    await owner.patch(`/schedules/${schedule.id}`, { enabled: false });
    const runs = (await owner.get(`/runs?planId=${plan.id}`)).body.items as { targetId: string; trigger: string }[];
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((run) => run.targetId === staging.id && run.trigger === 'SCHEDULE')).toBe(true);
  });

  it('skips a slot while the previous run is going, and records why', async () => {
    const plan = await newPlan('overlap');
    const queued = (await owner.post(`/plans/${plan.id}/runs`)).body.run;
    const schedule = (await owner.post(`/plans/${plan.id}/schedules`, { cron: '* * * * * *' })).body;
    await sleep(1_800);
    await owner.patch(`/schedules/${schedule.id}`, { enabled: false });
    const slots = await slotsOf(schedule.id);
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((slot) => slot.outcome === 'SKIPPED_OVERLAP' && slot.detail === 'the previous run of the plan was still going')).toBe(true);
    expect((await owner.get(`/runs?planId=${plan.id}`)).body.items.map((run: { id: string }) => run.id)).toEqual([queued.id]);
  });

  it('handles slots missed while down: skipped, or run once, saying when nobody looked', async () => {
    const skipPlan = await newPlan('missed skip');
    const oncePlan = await newPlan('missed once');
    const skip = (await owner.post(`/plans/${skipPlan.id}/schedules`, { cron: '*/5 * * * *', missedPolicy: 'SKIP', enabled: false })).body;
    const once = (await owner.post(`/plans/${oncePlan.id}/schedules`, { cron: '*/5 * * * *', missedPolicy: 'RUN_ONCE', enabled: false })).body;
    // The platform down for an hour: no API process, the scheduler's last look an hour ago,
    // both schedules due since then.
    await stack.restartApi(0, async () => {
      await stack.db.query(`UPDATE "SchedulerState" SET "lastTickAt" = now() - interval '61 minutes'`);
      await stack.db.query(`UPDATE "Schedule" SET enabled = true, "nextFireAt" = now() - interval '60 minutes' WHERE id = ANY($1)`, [[skip.id, once.id]]);
    });
    const [skipped] = await eventually(
      () => slotsOf(skip.id),
      (slots) => slots.length > 0,
    );
    expect(skipped).toMatchObject({
      outcome: 'SKIPPED_MISSED',
      runId: null,
      detail: expect.stringMatching(/^1[23] slot\(s\) missed: no Loadline API process was running the scheduler from /),
    });
    const onceSlots = await eventually(
      () => slotsOf(once.id),
      (slots) => slots.length > 0 && slots[0]!.outcome !== 'PENDING',
    );
    expect(onceSlots).toHaveLength(1);
    expect(onceSlots[0]).toMatchObject({ outcome: 'RAN', runId: expect.any(String) });
    // The slot run is the latest missed one, and the schedule moved on to the future.
    expect(Date.now() - Date.parse(onceSlots[0]!.slotAt)).toBeLessThan(5 * 60_000);
    expect(Date.parse((await owner.get(`/plans/${oncePlan.id}/schedules`)).body.items[0].nextFireTimes[0])).toBeGreaterThan(Date.now());
  });

  it('fires a slot late, not missed, when the scheduler was looking all along', async () => {
    const plan = await newPlan('late');
    const schedule = (await owner.post(`/plans/${plan.id}/schedules`, { cron: '*/5 * * * *', missedPolicy: 'SKIP', enabled: false })).body;
    // Due 20 minutes ago while the scheduler kept looking (as after a backlog): the slot was
    // never missed, so it fires, and each later slot due by now fires too, in order.
    const latest = `date_trunc('hour', now()) + floor(extract(minute from now()) / 5) * interval '5 minutes'`;
    await stack.db.query(`UPDATE "Schedule" SET enabled = true, "nextFireAt" = ${latest} - interval '20 minutes' WHERE id = $1`, [schedule.id]);
    const slots = await eventually(
      () => slotsOf(schedule.id),
      (items) => items.length >= 5 && items.every((slot) => slot.outcome !== 'PENDING'),
    );
    // The slot 20 minutes back and each one after it up to now: five (six across a 5-minute boundary).
    expect(slots.length).toBeGreaterThanOrEqual(5);
    expect(slots.length).toBeLessThanOrEqual(6);
    const times = slots.map((slot) => Date.parse(slot.slotAt)).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(5 * 60_000);
    expect(slots.every((slot) => slot.outcome === 'RAN' || slot.outcome === 'SKIPPED_OVERLAP')).toBe(true);
    expect(slots.some((slot) => slot.outcome === 'SKIPPED_MISSED')).toBe(false);
    await owner.patch(`/schedules/${schedule.id}`, { enabled: false });
  });

  it('refuses over quota, and records why', async () => {
    await owner.patch('/organization/quotas', { maxConcurrentRuns: 1 });
    try {
      const quotaPlan = await newPlan('quota');
      const schedule = (await owner.post(`/plans/${quotaPlan.id}/schedules`, { cron: '* * * * * *' })).body;
      await sleep(1_500);
      await owner.patch(`/schedules/${schedule.id}`, { enabled: false });
      // A slot being fired as the schedule was disabled is PENDING for a moment: let it settle.
      const slots = await eventually(
        () => slotsOf(schedule.id),
        (items) => items.length > 0 && items.every((slot) => slot.outcome !== 'PENDING'),
      );
      for (const slot of slots) expect(slot).toMatchObject({ outcome: 'SKIPPED_QUOTA', runId: null, detail: expect.stringContaining('limit is 1 at a time') });
    } finally {
      await owner.patch('/organization/quotas', { maxConcurrentRuns: 1000 });
    }
  });
});
