import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';

/**
 * No runner in this stack: started runs stay QUEUED, which is exactly what the concurrency
 * quota counts, and no load is generated.
 */
describe('quotas and usage, organization settings and deletion', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let plan: PlanView;

  beforeAll(async () => {
    stack = await startStack({ label: 'quotas', runner: false });
    owner = (await stack.api.signup('quota')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (await owner.post<PlanView>('/plans', { ...validPlan(target.id), load: { executor: 'constant-vus', vus: 30, duration: '2m' } })).body;
  });

  afterAll(async () => {
    await stack?.close();
  });

  const runCount = async () => Number((await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM "Run"'))[0]!.n);

  it('refuses a run over the per-run VU and duration limits, naming each limit and the usage', async () => {
    expect((await owner.patch('/organization/quotas', { maxVusPerRun: 20, maxRunDurationSeconds: 60 })).status).toBe(200);
    const before = await runCount();
    const refused = await owner.post(`/plans/${plan.id}/runs`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('QUOTA_EXCEEDED');
    expect(refused.body.error.message).toContain('30 VUs');
    expect(refused.body.error.message).toContain('20 VUs per run');
    expect(refused.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['maxVusPerRun', 'maxRunDurationSeconds']);
    expect(await runCount()).toBe(before);

    // A new plan (or version) beyond those limits could never run: refused when saved.
    const tooBig = await owner.post('/plans', { ...validPlan(plan.targetId), name: 'too big', load: { executor: 'constant-vus', vus: 25, duration: '30s' } });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.error).toMatchObject({ code: 'QUOTA_EXCEEDED', details: [{ path: 'maxVusPerRun' }] });
    const longer = await owner.patch(`/plans/${plan.id}`, { load: { executor: 'constant-vus', vus: 5, duration: '5m' } });
    expect(longer.body.error).toMatchObject({ code: 'QUOTA_EXCEEDED', details: [{ path: 'maxRunDurationSeconds' }] });
  });

  it('counts queued and running runs against the concurrency limit, also when started at once', async () => {
    await owner.patch('/organization/quotas', { maxVusPerRun: 500, maxRunDurationSeconds: 3600, maxConcurrentRuns: 2 });
    const attempts = await Promise.all(Array.from({ length: 5 }, () => owner.post(`/plans/${plan.id}/runs`)));
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses).toEqual([202, 202, 422, 422, 422]);
    const refused = attempts.find((attempt) => attempt.status === 422)!;
    expect(refused.body.error.details[0]).toMatchObject({ path: 'maxConcurrentRuns' });
    expect(refused.body.error.details[0].message).toContain('limit 2, current 2');

    const usage = (await owner.get('/usage')).body;
    expect(usage.usage.concurrentRuns).toBe(2);
    // 30 VUs x 2 minutes, counted for each run when it starts.
    expect(usage.usage.vuMinutes).toBe(120);
    expect(usage.limits.maxConcurrentRuns).toBe(2);

    // Cancelling a queued run frees its slot and its VU-minutes.
    const queued = attempts.find((attempt) => attempt.status === 202)!.body.run.id;
    expect((await owner.post(`/runs/${queued}/cancel`)).status).toBe(202);
    expect((await owner.get('/usage')).body.usage).toEqual({ concurrentRuns: 1, vuMinutes: 60 });
    expect((await owner.post(`/plans/${plan.id}/runs`)).status).toBe(202);
  });

  it('refuses a run that would pass the monthly VU-minutes', async () => {
    await owner.patch('/organization/quotas', { maxConcurrentRuns: 10, monthlyVuMinutes: 150 });
    const refused = await owner.post(`/plans/${plan.id}/runs`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details[0]).toMatchObject({ path: 'monthlyVuMinutes' });
    expect(refused.body.error.message).toContain('120 of 150 VU-minutes used this month; this run needs 60 more');
  });

  it('audits quota changes and run cancellation', async () => {
    const actions = (await owner.get('/audit?limit=100')).body.events.map((event: { action: string }) => event.action);
    expect(actions).toContain('organization.quotas_changed');
    expect(actions).toContain('run.started');
    expect(actions).toContain('run.cancelled');
  });

  it('deletes an organization only with its slug typed and no run active', async () => {
    const other = await stack.api.signup('doomed');
    const org = (await other.client.get('/organization')).body;
    const target = (await other.client.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    const doomedPlan = (await other.client.post<PlanView>('/plans', validPlan(target.id))).body;
    const run = (await other.client.post(`/plans/${doomedPlan.id}/runs`)).body.run;

    const mismatch = await other.client.request('DELETE', '/organization', { confirmSlug: 'not-it' });
    expect(mismatch.body.error.code).toBe('CONFIRMATION_MISMATCH');
    const active = await other.client.request('DELETE', '/organization', { confirmSlug: org.slug });
    expect(active.status).toBe(409);
    expect(active.body.error.code).toBe('RUNS_ACTIVE');

    await other.client.post(`/runs/${run.id}/cancel`);
    // The owner's session is not ended with the organization: it moves to one of their own.
    const deleted = await other.client.request('DELETE', '/organization', { confirmSlug: org.slug });
    expect(deleted.status).toBe(200);
    expect(deleted.body.tenant.id).not.toBe(org.id);
    expect(deleted.body.organizations.map((membership: { id: string }) => membership.id)).not.toContain(org.id);
    expect((await other.client.get('/me')).body.tenant.id).toBe(deleted.body.tenant.id);
    const left = await stack.db.query('SELECT id FROM "Run" WHERE "tenantId" = $1 UNION ALL SELECT id FROM "Target" WHERE "tenantId" = $1', [org.id]);
    expect(left).toEqual([]);
    // The other organization in this database is untouched.
    expect((await owner.get('/plans')).body.items).toHaveLength(1);
  });
});
