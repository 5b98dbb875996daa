import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';

/** GET /runs pages with a keyset cursor: every run once, newest first, pages steady while runs arrive. */
describe('run list pages', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let plan: PlanView;
  const started: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ label: 'runpages', runner: false });
    owner = (await stack.api.signup('runpages')).client;
    await owner.patch('/organization/quotas', { maxConcurrentRuns: 20 });
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (await owner.post<PlanView>('/plans', validPlan(target.id))).body;
    for (let i = 0; i < 5; i++) started.push((await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run.id);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('walks every run once, newest first, and is not shifted by a run started meanwhile', async () => {
    const first = (await owner.get(`/runs?planId=${plan.id}&limit=2`)).body;
    expect(first.items.map((run: RunView) => run.id)).toEqual([started[4], started[3]]);
    expect(first.next).toEqual(expect.any(String));
    started.push((await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run.id); // newer than every page
    const second = (await owner.get(`/runs?planId=${plan.id}&limit=2&before=${first.next}`)).body;
    expect(second.items.map((run: RunView) => run.id)).toEqual([started[2], started[1]]);
    const third = (await owner.get(`/runs?planId=${plan.id}&limit=2&before=${second.next}`)).body;
    expect(third.items.map((run: RunView) => run.id)).toEqual([started[0]]);
    expect(third.next).toBeNull();
    expect((await owner.get(`/runs?planId=${plan.id}`)).body.items).toHaveLength(6);
  });

  it('refuses a cursor it did not make and a page size out of range', async () => {
    expect((await owner.get('/runs?before=bm90LWEtY3Vyc29y')).body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'before' }] });
    expect((await owner.get('/runs?limit=500')).status).toBe(400);
  });
});
