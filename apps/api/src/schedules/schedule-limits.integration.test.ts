import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';

/**
 * What one organization may schedule, with the installation's defaults for cron frequency
 * (at most once a minute) and a small cap on schedules per organization. No runner: nothing
 * here needs a run to go.
 */
describe('schedule limits', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({ label: 'schedule-limits', runner: false, env: { LOADLINE_SCHEDULES_PER_ORGANIZATION: '3' } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function organization(name: string): Promise<{ owner: ApiClient; plan: (label: string) => Promise<PlanView> }> {
    const owner = (await stack.api.signup(name)).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    return { owner, plan: async (label) => (await owner.post<PlanView>('/plans', { ...validPlan(target.id), name: label })).body };
  }

  it('refuses a cron that fires more often than once a minute, naming the field and the gap (422)', async () => {
    const { owner, plan } = await organization('cron-frequency');
    const { id } = await plan('frequent');
    for (const [cron, gap] of [
      ['* * * * * *', '1 s'],
      ['*/10 * * * * *', '10 s'],
      ['0,30 * * * * *', '30 s'],
      ['58,59 0 3 * * *', '1 s'],
      ['59,0 * * * * *', '1 s'],
      ['* * * * * * 2099', '1 s'],
    ] as const) {
      const refused = await owner.post(`/plans/${id}/schedules`, { cron });
      expect(refused.status, cron).toBe(422);
      expect(refused.body.error, cron).toMatchObject({
        code: 'SCHEDULE_TOO_FREQUENT',
        message: expect.stringContaining(`every ${gap}`),
        details: [{ path: 'cron', message: expect.stringContaining('at most once every 60 s') }],
      });
    }
    // Once a minute is allowed, in five fields or in six with one second (each deleted again:
    // this organization may have three).
    for (const cron of ['30 * * * * *', '0 0 9 * * MON-FRI', '@hourly']) {
      const created = await owner.post(`/plans/${id}/schedules`, { cron, enabled: false });
      expect(created.status, cron).toBe(201);
      await owner.delete(`/schedules/${created.body.id}`);
    }
    // A change to a per-second cron is refused too, and the schedule keeps its cron.
    const schedule = (await owner.post(`/plans/${id}/schedules`, { cron: '* * * * *', enabled: false })).body as { id: string; cron: string };
    const changed = await owner.patch(`/schedules/${schedule.id}`, { cron: '*/5 * * * * *' });
    expect(changed.status).toBe(422);
    expect(changed.body.error).toMatchObject({ code: 'SCHEDULE_TOO_FREQUENT', details: [{ path: 'cron' }] });
    expect((await owner.get(`/plans/${id}/schedules`)).body.items[0].cron).toBe(schedule.cron);
  });

  it('caps the schedules of one organization, even when they are created at once, and counts each organization alone', async () => {
    const { owner, plan } = await organization('schedule-cap');
    const [a, b] = [await plan('a'), await plan('b')];
    // Five at once: the cap (3) holds under concurrency.
    const created = await Promise.all(Array.from({ length: 5 }, (_, i) => owner.post(`/plans/${a.id}/schedules`, { cron: `${i} 3 * * *` })));
    expect(created.map((response) => response.status).sort()).toEqual([201, 201, 201, 422, 422]);
    const refused = created.find((response) => response.status === 422)!;
    expect(refused.body.error).toMatchObject({ code: 'SCHEDULE_LIMIT_REACHED', message: expect.stringContaining('3 schedules') });
    expect(refused.body.error.message).toContain('LOADLINE_SCHEDULES_PER_ORGANIZATION');
    expect((await owner.post(`/plans/${b.id}/schedules`, { cron: '5 3 * * *' })).status).toBe(422);

    // Another organization has its own three.
    const other = await organization('schedule-cap-other');
    const otherPlan = await other.plan('c');
    expect((await other.owner.post(`/plans/${otherPlan.id}/schedules`, { cron: '0 3 * * *' })).status).toBe(201);

    // Deleting a schedule, or the plan it belongs to, frees its place.
    const ofA = (await owner.get(`/plans/${a.id}/schedules`)).body.items as { id: string }[];
    expect((await owner.delete(`/schedules/${ofA[0]!.id}`)).status).toBe(204);
    expect((await owner.post(`/plans/${b.id}/schedules`, { cron: '6 3 * * *' })).status).toBe(201);
    expect((await owner.post(`/plans/${b.id}/schedules`, { cron: '7 3 * * *' })).status).toBe(422);
    expect((await owner.delete(`/plans/${a.id}`)).status).toBe(204);
    expect((await owner.post(`/plans/${b.id}/schedules`, { cron: '8 3 * * *' })).status).toBe(201);
    expect((await owner.post(`/plans/${b.id}/schedules`, { cron: '9 3 * * *' })).status).toBe(201);
    expect((await owner.post(`/plans/${b.id}/schedules`, { cron: '10 3 * * *' })).status).toBe(422);
  });
});
