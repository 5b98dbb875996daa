import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner, sampleSecond } from '../test/fake-runner.js';
import { request as httpRequest } from 'node:http';

/**
 * A revalidation as a browser's HTTP cache sends it: If-None-Match and nothing else (fetch()
 * would add Cache-Control: no-cache to any request carrying it, which asks for the body).
 */
function revalidate(url: string, etag: string, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'if-none-match': etag, ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Trends, comparisons, exports, the dashboard and share links, on runs whose measurements a
 * fake runner sent through the real results queue (no k6 needed to judge what is stored).
 */
describe('reports and share links', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let runner: FakeRunner;
  let plan: PlanView;
  const runs: RunView[] = [];

  async function runWith(latencyMs: number): Promise<RunView> {
    const started = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    const t0 = Math.floor(Date.now() / 1000);
    await runner.play(
      started.id,
      [0, 1, 2].map((offset) =>
        sampleSecond(
          t0 + offset,
          Array.from({ length: 300 }, () => latencyMs),
        ),
      ),
    );
    return owner.waitForRun(started.id, 20_000);
  }

  beforeAll(async () => {
    stack = await startStack({ label: 'reports', runner: false });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('reports')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Checkout',
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 2, duration: '3s' },
        requests: [{ name: 'Get', path: '/' }],
        thresholds: [
          { metric: 'latency', stat: 'p95', op: '<', value: 50 },
          { metric: 'status_share', status: '5xx', op: '<', value: 0.01 },
          { metric: 'error_rate', op: '<', value: 0.01, scenario: 'default' },
        ],
      })
    ).body;
    runs.push(await runWith(10), await runWith(80));
  }, 60_000);

  afterAll(async () => {
    await runner?.close();
    await stack?.close();
  });

  it('draws the trend over runs with thresholds, and marks the verdict change', async () => {
    expect(runs.map((run) => run.status)).toEqual(['PASSED', 'FAILED']);
    // Scope and status class survive storage: the report reads them back as they were planned.
    expect(runs[1]!.thresholds.map((result) => [result.threshold, result.verdict])).toEqual([
      [{ metric: 'latency', stat: 'p95', op: '<', value: 50 }, 'FAIL'],
      [{ metric: 'status_share', status: '5xx', op: '<', value: 0.01 }, 'PASS'],
      [{ metric: 'error_rate', op: '<', value: 0.01, scenario: 'default' }, 'PASS'],
    ]);
    expect(runs[1]!.thresholds[1]!.explanation).toMatch(/^share of 5xx responses 0 % against < 1 %/);
    const trend = (await owner.get(`/plans/${plan.id}/trends`)).body;
    expect(trend.points.map((point: { runId: string; verdictChanged: boolean }) => [point.runId, point.verdictChanged])).toEqual([
      [runs[0]!.id, false],
      [runs[1]!.id, true],
    ]);
    expect(trend.points[1].overall.p95).toBeCloseTo(80, 0);
    expect(trend.points[0].requests.Get.count).toBe(900);
    expect(trend.thresholds).toHaveLength(3);
    const future = (await owner.get(`/plans/${plan.id}/trends?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body;
    expect(future.points).toEqual([]);

    // The design's one-figure route: one point per finished run, with the threshold on that figure.
    const p95 = (await owner.get(`/plans/${plan.id}/trend?stat=p95`)).body;
    expect(p95).toMatchObject({ stat: 'p95', request: null, unit: 'ms', thresholds: [{ metric: 'latency', stat: 'p95', value: 50 }] });
    expect(p95.points.map((point: { runId: string }) => point.runId)).toEqual([runs[0]!.id, runs[1]!.id]);
    expect(p95.points[1].value).toBeCloseTo(trend.points[1].overall.p95, 6);
    const getCount = (await owner.get(`/plans/${plan.id}/trend?stat=count&request=Get`)).body;
    expect(getCount.points.map((point: { value: number }) => point.value)).toEqual([900, 900]);
    const refused = await owner.get(`/plans/${plan.id}/trend?stat=p42`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('stat');
  });

  it('compares two runs with deltas per metric and request, and warns when they differ in kind', async () => {
    const comparison = (await owner.get(`/comparisons?base=${runs[0]!.id}&head=${runs[1]!.id}`)).body;
    expect(comparison.warnings).toEqual([]);
    const p95 = comparison.overall.find((delta: { metric: string }) => delta.metric === 'p95');
    // 3 seconds a run: too few to tell a change from noise, so none is called (noise.k6.test.ts judges longer runs).
    expect(p95).toMatchObject({ change: null, interval: null });
    expect(comparison.noise).toBeNull();
    expect(p95.deltaPct).toBeCloseTo(7, 0);
    expect(comparison.requests[0]).toMatchObject({ name: 'Get', inBase: true, inHead: true });
    // Both runs' seconds for the overlaid charts, each from its own start, latencies as played (within the histogram's 1 %).
    for (const [side, ms] of [
      ['base', 10],
      ['head', 80],
    ] as const) {
      const whole = comparison.charts[side].whole as { elapsed: number; rps: number; p95: number }[];
      expect(whole.map((point) => [point.elapsed, point.rps])).toEqual([
        [0, 300],
        [1, 300],
        [2, 300],
      ]);
      for (const point of whole) expect(Math.abs(point.p95 / ms - 1)).toBeLessThan(0.01);
      expect(comparison.charts[side].phases).toEqual([]);
    }
    // The design's path for the same comparison.
    expect((await owner.get(`/runs/${runs[0]!.id}/compare/${runs[1]!.id}`)).body).toEqual(comparison);

    await owner.patch(`/plans/${plan.id}`, { load: { executor: 'constant-vus', vus: 4, duration: '3s' } });
    runs.push(await runWith(12));
    const differing = (await owner.get(`/comparisons?base=${runs[0]!.id}&head=${runs[2]!.id}`)).body;
    expect(differing.warnings.map((warning: { code: string }) => warning.code)).toEqual(['DIFFERENT_VERSION', 'DIFFERENT_LOAD']);
  });

  it('exports a run as JSON, CSV and JUnit XML', async () => {
    const file = async (format: string) => {
      const response = await owner.raw(`/runs/${runs[1]!.id}/export?format=${format}`);
      return { type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), body: await response.text() };
    };
    const json = await file('json');
    expect(json.type).toMatch(/^application\/json/);
    expect(JSON.parse(json.body)).toMatchObject({ id: runs[1]!.id, verdict: 'FAIL' });
    const csv = await file('csv');
    expect(csv.disposition).toMatch(/attachment; filename="checkout-\d{4}-\d{2}-\d{2}-\w+\.csv"/);
    expect(csv.body.split('\n')[1]).toMatch(/^Get,900,/);
    const junit = await file('junit');
    expect(junit.type).toMatch(/^application\/xml/);
    expect(junit.body).toContain('failures="1"');
    expect(junit.body).toContain('<failure message="p95 80');
  });

  it('puts failing plans first on the dashboard, with p95 over their runs', async () => {
    const other = (
      await owner.post<PlanView>('/plans', {
        name: 'Aardvark',
        targetId: plan.targetId,
        load: { executor: 'constant-vus', vus: 1, duration: '1s' },
        requests: [{ name: 'A', path: '/' }],
      })
    ).body;
    const dashboard = (await owner.get('/dashboard')).body;
    expect(dashboard.plans.map((row: { name: string }) => row.name)).toEqual(['Checkout', 'Aardvark']);
    expect(dashboard.plans[0].latest.verdict).toBe('PASS');
    expect(dashboard.plans[0].p95).toHaveLength(3);
    expect(dashboard.plans[1]).toMatchObject({ id: other.id, latest: null, p95: [] });
    expect(dashboard.recentRuns).toHaveLength(3);
  });

  it('lets the browser keep a finished run and its series, and revalidate them with their ETag', async () => {
    for (const path of [`/runs/${runs[0]!.id}`, `/runs/${runs[0]!.id}/series`]) {
      const first = await owner.raw(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      expect(await revalidate(`${stack.api.base}${path}`, etag!, owner.token)).toEqual({ status: 304, body: '' });
      // Another organization's copy of the ETag gets it nothing: the run is still scoped.
      const stranger = (await stack.api.signup(`reports-stranger-${path.length}`)).client;
      expect((await revalidate(`${stack.api.base}${path}`, etag!, stranger.token)).status).toBe(404);
    }
    // A run still going is not kept.
    const other = (
      await owner.post<PlanView>('/plans', {
        name: 'Still going',
        targetId: plan.targetId,
        load: { executor: 'constant-vus', vus: 1, duration: '3s' },
        requests: [{ name: 'Get', path: '/' }],
      })
    ).body;
    const live = (await owner.post<{ run: RunView }>(`/plans/${other.id}/runs`)).body.run;
    expect((await owner.raw(`/runs/${live.id}`)).headers.get('cache-control')).toBe('no-store');
    await owner.post(`/runs/${live.id}/cancel`);
    await owner.waitForRun(live.id, 20_000);
  });

  it('shares a run report and a trend publicly, without ids or addresses, until revoked or expired', async () => {
    const created = await owner.post(`/runs/${runs[1]!.id}/share-links`, { expiresInDays: 7 });
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(new RegExp(`/r/${created.body.token}$`));
    expect(created.body.share).toMatchObject({ kind: 'run', runId: runs[1]!.id, title: expect.stringMatching(/^Checkout, run of /) });

    const open = await fetch(`${stack.api.base}/public/reports/${created.body.token}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('x-robots-tag')).toContain('noindex');
    const text = await open.text();
    for (const secret of [runs[1]!.id, plan.id, plan.targetId, '127.0.0.1']) expect(text).not.toContain(secret);
    const shared = JSON.parse(text);
    expect(shared).toMatchObject({ kind: 'run', run: { verdict: 'FAIL', planName: 'Checkout' } });
    expect(shared.series.points).toHaveLength(3);
    // A finished run's report is final: kept by the browser, asked again with its ETag, 304 without a body.
    expect(open.headers.get('cache-control')).toBe('private, no-cache');
    expect(await revalidate(`${stack.api.base}/public/reports/${created.body.token}`, open.headers.get('etag')!)).toEqual({ status: 304, body: '' });

    const trend = (await owner.post(`/plans/${plan.id}/share-links`, {})).body;
    // A trend grows with each run: not kept.
    expect((await fetch(`${stack.api.base}/public/reports/${trend.token}`)).headers.get('cache-control')).toBe('no-store');
    const trendPage = (await stack.api.get(`/public/reports/${trend.token}`)).body;
    // The first paths of these routes still answer the same.
    expect((await stack.api.get(`/public/shares/${trend.token}`)).body).toEqual(trendPage);
    expect(trendPage.kind).toBe('trend');
    expect(trendPage.trend.points).toHaveLength(3);
    expect(trendPage.trend.points.every((point: object) => !('runId' in point))).toBe(true);
    expect(JSON.stringify(trendPage)).not.toContain(runs[0]!.id);

    expect((await owner.get('/share-links')).body.items).toHaveLength(2);
    expect((await owner.get('/shares')).body.items).toHaveLength(2);
    expect((await owner.delete(`/share-links/${created.body.share.id}`)).status).toBe(204);
    const revoked = await stack.api.get(`/public/reports/${created.body.token}`);
    expect(revoked.status).toBe(404);
    expect(revoked.body.error.code).toBe('SHARE_NOT_FOUND');

    await stack.db.query(`UPDATE "ShareLink" SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [trend.share.id]);
    expect((await stack.api.get(`/public/reports/${trend.token}`)).status).toBe(404);
    expect((await stack.api.get('/public/reports/lsh_made-up')).status).toBe(404);
    const another = (await owner.post(`/runs/${runs[0]!.id}/shares`, {})).body;
    expect((await owner.delete(`/shares/${another.share.id}`)).status).toBe(204);
  });
});
