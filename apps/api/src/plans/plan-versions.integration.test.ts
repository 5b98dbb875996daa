import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';
import { designPlanBody } from '@loadline/shared/testing';

describe('plan versions, diff and script preview', () => {
  let stack: TestStack;
  let client: ApiClient;
  let plan: PlanView;

  beforeAll(async () => {
    stack = await startStack({ label: 'planversions', runner: false });
    client = (await stack.api.signup('versions')).client;
    const target = (await client.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (await client.post<PlanView>('/plans', validPlan(target.id))).body;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('saves the plan body of the design document as written ("script": null, a string body)', async () => {
    const created = await client.post<PlanView>('/plans', designPlanBody(plan.targetId));
    expect(created.status).toBe(201);
    const saved = (await client.get<PlanView>(`/plans/${created.body.id}`)).body;
    expect(saved.spec.script).toBeUndefined();
    expect(saved.spec.scenarios[0]!.requests[1]).toMatchObject({ name: 'Search', body: { type: 'text', text: '{"q":"x"}' } });
  });

  it('keeps every version, lists them, and diffs any two', async () => {
    await client.patch(`/plans/${plan.id}`, { load: { executor: 'constant-vus', vus: 9, duration: '2s' } });
    await client.patch(`/plans/${plan.id}`, { name: 'renamed', thresholds: [] });
    const versions = (await client.get(`/plans/${plan.id}/versions`)).body.items;
    expect(versions.map((version: { version: number; current: boolean }) => [version.version, version.current])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(versions[0].createdBy).toMatch(/@example\.test$/);

    const first = await client.get<PlanView>(`/plans/${plan.id}/versions/1`);
    expect(first.body.spec.scenarios[0]!.load).toEqual({ executor: 'constant-vus', vus: 2, duration: '2s' });

    const diff = (await client.get(`/plans/${plan.id}/diff?from=1`)).body;
    expect(diff).toMatchObject({ from: 1, to: 3 });
    expect(diff.changes).toEqual([
      { path: 'name', kind: 'changed', before: 'baseline', after: 'renamed' },
      { path: 'scenarios.0.load.vus', kind: 'changed', before: 2, after: 9 },
      { path: 'thresholds.0', kind: 'removed', before: { metric: 'latency', stat: 'p95', op: '<', value: 100 } },
    ]);
    expect((await client.get(`/plans/${plan.id}/diff?from=2&to=2`)).body.changes).toEqual([]);
    const missing = await client.get(`/plans/${plan.id}/versions/7`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('PLAN_VERSION_NOT_FOUND');
  });

  it('returns the exact script a run executes, for any version', async () => {
    const current = (await client.get(`/plans/${plan.id}/script`)).body;
    expect(current).toMatchObject({ version: 3, filename: 'renamed-v3.js', env: ['LOADLINE_BASE_URL', 'LOADLINE_HEADERS', 'LOADLINE_VARS'] });
    expect(current.script).toContain('"vus": 9');
    expect(current.script).not.toContain('127.0.0.1');
    const old = (await client.get(`/plans/${plan.id}/script?version=1`)).body;
    expect(old.script).toContain('"vus": 2');
    expect(old.script).toContain('from plan "baseline" v1');
  });
});
