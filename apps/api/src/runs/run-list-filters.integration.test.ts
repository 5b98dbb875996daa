import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';

/**
 * The Runs and Plans lists' filters (GET /runs?verdict=&targetId=&from=&to=, GET /plans?targetId=&q=).
 * No runner: runs stay QUEUED until the test writes the outcome it filters on, so the ground
 * truth (which run has which verdict) is the test's own.
 */
describe('run and plan list filters', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let other: ApiClient;
  let checkout: PlanView;
  let search: PlanView;
  let shopTarget: TargetView;
  let otherTarget: TargetView;
  const runs: Record<string, string> = {};
  let foreignRun: string;

  const ids = (body: { items: RunView[] }) => body.items.map((run) => run.id).sort();
  const outcome = (id: string, status: string, verdict: string | null, createdAt?: string) =>
    stack.db.query(`UPDATE "Run" SET status = $2::"RunStatus", verdict = $3::"Verdict", "createdAt" = COALESCE($4::timestamptz, "createdAt") WHERE id = $1`, [
      id,
      status,
      verdict,
      createdAt ?? null,
    ]);

  beforeAll(async () => {
    stack = await startStack({ label: 'runfilters', runner: false });
    owner = (await stack.api.signup('runfilters')).client;
    other = (await stack.api.signup('runfilters-other')).client;
    await owner.patch('/organization/quotas', { maxConcurrentRuns: 20 });
    shopTarget = (await owner.post<TargetView>('/targets', { name: 'shop', baseUrl: 'http://127.0.0.1:9/' })).body;
    const searchTarget = (await owner.post<TargetView>('/targets', { name: 'search', baseUrl: 'http://127.0.0.1:10/' })).body;
    checkout = (await owner.post<PlanView>('/plans', { ...validPlan(shopTarget.id), name: 'Checkout soak' })).body;
    search = (await owner.post<PlanView>('/plans', { ...validPlan(searchTarget.id), name: 'Search spike' })).body;
    const start = async (plan: PlanView, labels: Record<string, string>) =>
      (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`, { labels })).body.run.id;
    runs.passMain = await start(checkout, { branch: 'main' });
    runs.failMain = await start(checkout, { branch: 'main' });
    runs.passFeature = await start(checkout, { branch: 'feature' });
    runs.inconclusiveSearch = await start(search, { branch: 'main' });
    runs.queued = await start(search, {});
    await outcome(runs.passMain, 'PASSED', 'PASS', '2026-11-10T12:00:00Z');
    await outcome(runs.failMain, 'FAILED', 'FAIL', '2026-11-12T12:00:00Z');
    await outcome(runs.passFeature, 'PASSED', 'PASS', '2026-11-14T12:00:00Z');
    await outcome(runs.inconclusiveSearch, 'INCONCLUSIVE', 'INCONCLUSIVE', '2026-11-16T12:00:00Z');

    // Another organization: a passed run on main, which none of the owner's lists may show.
    otherTarget = (await other.post<TargetView>('/targets', { name: 'shop', baseUrl: 'http://127.0.0.1:9/' })).body;
    const otherPlan = (await other.post<PlanView>('/plans', { ...validPlan(otherTarget.id), name: 'Checkout soak' })).body;
    foreignRun = (await other.post<{ run: RunView }>(`/plans/${otherPlan.id}/runs`, { labels: { branch: 'main' } })).body.run.id;
    await outcome(foreignRun, 'PASSED', 'PASS', '2026-11-12T12:00:00Z');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('filters runs by verdict and label together, and never lists another organization’s runs', async () => {
    expect(ids((await owner.get('/runs?verdict=PASS')).body)).toEqual([runs.passMain, runs.passFeature].sort());
    expect(ids((await owner.get('/runs?verdict=PASS&label=branch%3Dmain')).body)).toEqual([runs.passMain]);
    expect(ids((await owner.get('/runs?label=branch%3Dmain')).body)).toEqual([runs.passMain, runs.failMain, runs.inconclusiveSearch].sort());
    expect(ids((await owner.get('/runs?status=QUEUED')).body)).toEqual([runs.queued]);
    const all = ids((await owner.get('/runs?limit=200')).body);
    expect(all).toHaveLength(5);
    expect(all).not.toContain(foreignRun);
  });

  it('filters runs by target and by a date range (inclusive)', async () => {
    expect(ids((await owner.get(`/runs?targetId=${shopTarget.id}`)).body)).toEqual([runs.passMain, runs.failMain, runs.passFeature].sort());
    const range = (await owner.get('/runs?from=2026-11-12T00:00:00Z&to=2026-11-14T23:59:59.999Z')).body;
    expect(ids(range)).toEqual([runs.failMain, runs.passFeature].sort());
  });

  it('answers another organization’s target or plan as not found, and bad filters as 400 in words', async () => {
    expect((await owner.get(`/runs?targetId=${otherTarget.id}`)).status).toBe(404);
    expect((await owner.get(`/plans?targetId=${otherTarget.id}`)).status).toBe(404);
    const bad = await owner.get('/runs?verdict=MAYBE&from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['from', 'verdict']);
  });

  it('filters plans by target and by a piece of the name, any case', async () => {
    const names = (body: { items: PlanView[] }) => body.items.map((plan) => plan.name).sort();
    expect(names((await owner.get(`/plans?targetId=${shopTarget.id}`)).body)).toEqual(['Checkout soak']);
    expect(names((await owner.get('/plans?q=SPIKE')).body)).toEqual(['Search spike']);
    expect(names((await owner.get('/plans')).body)).toEqual(['Checkout soak', 'Search spike']);
    expect(names((await owner.get('/plans?q=nothing-like-it')).body)).toEqual([]);
    expect(search.name).toBe('Search spike');
    expect(checkout.name).toBe('Checkout soak');
  });
});
