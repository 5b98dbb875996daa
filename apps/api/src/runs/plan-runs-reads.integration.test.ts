import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunListItem, RunView, TargetView, TrendSeries } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner, sampleSecond } from '../test/fake-runner.js';

type Page = { items: RunListItem[]; next: string | null };

/** A GET as a browser's cache revalidates: If-None-Match and nothing else (fetch() would add no-cache). */
function revalidate(url: string, etag: string, token: string): Promise<{ status: number; etag: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'if-none-match': etag, authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, etag: res.headers.etag, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A page of a plan's runs and the plan's trend are kept by the plan's runs version, which
 * PostgreSQL counts with every write of the plan's runs (plan-runs-answers.ts). What users rely
 * on: each answer is what the database holds at the time it is asked, whoever changed the runs
 * (the API, a runner's report, or SQL by hand), and only ever for the plan's own organization.
 * Every read below is made twice before the change it checks, so that it was kept.
 */
describe("a plan's runs and trend, kept by the plan's runs version", () => {
  let stack: TestStack;
  let owner: ApiClient;
  let other: ApiClient;
  let runner: FakeRunner;
  let plan: PlanView;
  const listPath = () => `/runs?planId=${plan.id}&limit=100`;
  const trendPath = () => `/plans/${plan.id}/trend`;

  const page = async () => (await owner.get<Page>(listPath())).body;
  const trend = async () => (await owner.get<TrendSeries>(trendPath())).body;
  /** Read twice: the second answer is the kept one when nothing changed between. */
  const keptPage = async () => {
    const first = await page();
    expect(await page()).toEqual(first);
    return first;
  };
  const keptTrend = async () => {
    const first = await trend();
    expect(await trend()).toEqual(first);
    return first;
  };
  const start = async (labels?: Record<string, string>) => (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`, labels ? { labels } : {})).body.run;
  const finish = async (runId: string, latency: number) => {
    const t0 = Math.floor(Date.now() / 1000);
    await runner.play(
      runId,
      [0, 1, 2].map((offset) =>
        sampleSecond(
          t0 + offset,
          Array.from({ length: 100 }, (_, k) => latency + (k % 5)),
        ),
      ),
    );
    return owner.waitForRun(runId, 20_000);
  };

  beforeAll(async () => {
    stack = await startStack({ label: 'planrunsreads', runner: false });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('planrunsreads')).client;
    other = (await stack.api.signup('planrunsreads-other')).client;
    await owner.patch('/organization/quotas', { maxConcurrentRuns: 20 });
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Kept reads',
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 1, duration: '3s' },
        requests: [{ name: 'Get', path: '/' }],
        thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 50 }],
      })
    ).body;
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    await stack?.close();
  });

  it('answers a run as soon as it is created, at each step of its life and once it ended', async () => {
    expect((await keptPage()).items).toEqual([]);
    expect((await keptTrend()).points).toEqual([]);

    const run = await start({ build: '1' });
    expect((await keptPage()).items.map((item) => [item.id, item.status, item.labels])).toEqual([[run.id, 'QUEUED', { build: '1' }]]);

    const ended = await finish(run.id, 10);
    const listed = (await keptPage()).items[0]!;
    expect(listed).toMatchObject({ id: run.id, status: ended.status, verdict: ended.verdict, finishedAt: ended.finishedAt });
    expect(listed.figures!.p95).toBe(ended.summary!.overall.latency!.p95);
    expect((await keptTrend()).points.map((point) => [point.runId, point.value])).toEqual([[run.id, ended.summary!.overall.latency!.p95]]);

    const stopped = await start();
    expect((await keptPage()).items.map((item) => [item.id, item.status])).toEqual([
      [stopped.id, 'QUEUED'],
      [run.id, ended.status],
    ]);
    expect((await owner.post(`/runs/${stopped.id}/cancel`)).status).toBe(202);
    const cancelled = await owner.waitForRun(stopped.id, 20_000);
    expect((await keptPage()).items[0]).toMatchObject({ id: stopped.id, status: 'CANCELLED', finishedAt: cancelled.finishedAt });
    // A cancelled run that measured nothing is no point of the trend.
    expect((await keptTrend()).points.map((point) => point.runId)).toEqual([run.id]);
  });

  it('answers what the database holds after a run was relabelled, re-judged or deleted there, not through the API', async () => {
    const slow = await finish((await start({ build: '2' })).id, 40);
    const before = await keptPage();
    expect(before.items[0]).toMatchObject({ id: slow.id, labels: { build: '2' } });
    const labelled = `/plans/${plan.id}/trend?label=build%3D2`;
    expect((await owner.get<TrendSeries>(labelled)).body.points.map((point) => point.runId)).toEqual([slow.id]);
    await keptTrend();

    await stack.db.query(`UPDATE "Run" SET labels = '{"build": "2b"}'::jsonb, verdict = 'FAIL' WHERE id = $1`, [slow.id]);
    expect((await keptPage()).items[0]).toMatchObject({ id: slow.id, labels: { build: '2b' }, verdict: 'FAIL' });
    expect((await owner.get<TrendSeries>(labelled)).body.points).toEqual([]);
    expect((await keptTrend()).points.find((point) => point.runId === slow.id)).toMatchObject({ verdict: 'FAIL' });

    await stack.db.query(`DELETE FROM "Run" WHERE id = $1`, [slow.id]);
    expect((await keptPage()).items.map((item) => item.id)).not.toContain(slow.id);
    expect((await keptTrend()).points.map((point) => point.runId)).not.toContain(slow.id);
  });

  it('answers a run as it ended to the first read after, even while other reads were building pages as it ended', async () => {
    const run = await start();
    let reading = true;
    const readers = Array.from({ length: 8 }, async () => {
      while (reading) await Promise.all([page(), trend()]);
    });
    const ended = await finish(run.id, 15);
    const [listed, trended] = [(await page()).items[0], (await trend()).points.at(-1)];
    reading = false;
    await Promise.all(readers);
    expect(listed).toMatchObject({ id: run.id, status: ended.status, finishedAt: ended.finishedAt });
    expect(trended).toMatchObject({ runId: run.id, value: ended.summary!.overall.latency!.p95 });
  });

  it("follows the plan's own changes on its trend: a renamed plan and new thresholds", async () => {
    const kept = await keptTrend();
    expect(kept).toMatchObject({ planName: 'Kept reads', thresholds: [{ op: '<', value: 50 }] });
    expect(
      (await owner.patch(`/plans/${plan.id}`, { name: 'Kept reads, renamed', thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 70 }] })).status,
    ).toBe(200);
    expect(await keptTrend()).toMatchObject({ planName: 'Kept reads, renamed', thresholds: [{ op: '<', value: 70 }], points: kept.points });
  });

  it('answers 304 to the ETag of the current answer only, and the new answer once a run changed', async () => {
    for (const path of [listPath(), trendPath()]) {
      const first = await owner.raw(path);
      const etag = first.headers.get('etag')!;
      expect(etag).toBeTruthy();
      expect(await revalidate(`${owner.base}${path}`, etag, owner.token!)).toMatchObject({ status: 304, body: '' });
    }
    const listEtag = (await owner.raw(listPath())).headers.get('etag')!;
    const trendEtag = (await owner.raw(trendPath())).headers.get('etag')!;
    const run = await finish((await start()).id, 12);
    const list = await revalidate(`${owner.base}${listPath()}`, listEtag, owner.token!);
    expect(list.status).toBe(200);
    expect(list.etag).not.toBe(listEtag);
    expect((JSON.parse(list.body) as Page).items[0]!.id).toBe(run.id);
    const trended = await revalidate(`${owner.base}${trendPath()}`, trendEtag, owner.token!);
    expect(trended.status).toBe(200);
    expect((JSON.parse(trended.body) as TrendSeries).points.at(-1)!.runId).toBe(run.id);
  });

  it('never answers another organization what was kept of the plan, and 404 once the plan is deleted', async () => {
    await keptPage();
    await keptTrend();
    for (const path of [listPath(), trendPath()]) expect({ path, status: (await other.get(path)).status }).toEqual({ path, status: 404 });
    expect((await other.get<Page>('/runs?limit=100')).body.items).toEqual([]);

    expect((await owner.delete(`/plans/${plan.id}`)).status).toBe(204);
    for (const path of [listPath(), trendPath()]) expect({ path, status: (await owner.get(path)).status }).toEqual({ path, status: 404 });
  });
});
