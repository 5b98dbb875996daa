import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, PlanTrend, PlanView, RunComparison, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner, sampleSecond } from '../test/fake-runner.js';
import { eventually } from '../test/eventually.js';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../prisma/migrations');

/**
 * Trends read the figures each run stored when it ended (RunFigure): the same points the runs'
 * own summaries give, and the migration's backfill writes exactly what finalization writes.
 */
describe('run figures for trends', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let runner: FakeRunner;
  let plan: PlanView;
  const runs: RunView[] = [];

  beforeAll(async () => {
    stack = await startStack({ label: 'run-figures', runner: false });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('run-figures')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Figures',
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 1, duration: '3s' },
        requests: [{ name: 'Get', path: '/' }],
        thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 50 }],
      })
    ).body;
    for (const latency of [10, 80, 12]) {
      const started = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
      const t0 = Math.floor(Date.now() / 1000);
      await runner.play(
        started.id,
        [0, 1, 2].map((offset) =>
          sampleSecond(
            t0 + offset,
            Array.from({ length: 300 }, () => latency),
          ),
        ),
      );
      runs.push(await owner.waitForRun(started.id, 20_000));
    }
    // A run that measured nothing stores no figures and is no point.
    const cancelled = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    await owner.post(`/runs/${cancelled.id}/cancel`);
    await owner.waitForRun(cancelled.id, 20_000);
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    await stack?.close();
  });

  it("draws the trend from stored figures: one point per measured run, with the runs' own figures", async () => {
    const trend = (await owner.get<PlanTrend>(`/plans/${plan.id}/trends`)).body;
    expect(trend.points.map((point) => point.runId)).toEqual(runs.map((run) => run.id));
    expect(trend.points.map((point) => point.verdict)).toEqual(runs.map((run) => run.verdict));
    expect(trend.points.map((point) => point.verdictChanged)).toEqual(runs.map((run, i) => i > 0 && run.verdict !== runs[i - 1]!.verdict));
    for (const [i, point] of trend.points.entries()) {
      const summary = runs[i]!.summary!;
      expect(point.overall).toEqual({
        count: summary.overall.count,
        rps: summary.overall.rps,
        errorRate: summary.overall.errorRate,
        p50: summary.overall.latency!.p50,
        p95: summary.overall.latency!.p95,
        p99: summary.overall.latency!.p99,
      });
      expect(point.requests.Get!.p95).toBe(summary.requests[0]!.latency!.p95);
    }
    expect((await owner.get<PlanTrend>(`/plans/${plan.id}/trends?limit=2`)).body.points.map((point) => point.runId)).toEqual(
      runs.slice(1).map((run) => run.id),
    );
  });

  it('backfills, in the migration, exactly the figures finalization writes', async () => {
    const written = await stack.db.query(`SELECT * FROM "RunFigure" ORDER BY "runId", request, stat`);
    expect(written.length).toBe(3 * 2 * 6);
    const folder = readdirSync(MIGRATIONS).find((name) => name.endsWith('_run_figures'))!;
    const sql = readFileSync(path.join(MIGRATIONS, folder, 'migration.sql'), 'utf8');
    await stack.db.query(`DELETE FROM "RunFigure"`);
    await stack.db.query(sql.slice(sql.indexOf('-- Backfill')));
    expect(await stack.db.query(`SELECT * FROM "RunFigure" ORDER BY "runId", request, stat`)).toEqual(written);
  });

  it("marks where p95 stepped up over the plan's runs, on the trends and on the one-figure trend", async () => {
    const target = (await owner.get<TargetView[]>('/targets')).body as unknown as { items: TargetView[] };
    const stepped = (
      await owner.post<PlanView>('/plans', {
        name: 'Stepped',
        targetId: target.items[0]!.id,
        load: { executor: 'constant-vus', vus: 1, duration: '6s' },
        requests: [{ name: 'Get', path: '/' }],
      })
    ).body;
    // Regressions confirmed by a run are announced (the endpoint answers nothing: deliveries are recorded all the same).
    const hook = (await owner.post('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['plan.regression'] })).body.webhook;
    const finished = (await owner.post('/webhooks', { url: 'http://127.0.0.1:9/finished', events: ['run.finished'] })).body.webhook;
    const ids: string[] = [];
    // Ten runs near 20 ms (each a little different), then four near 30 ms: a 50 % step at the 11th.
    for (const [i, latency] of [20, 21, 19, 20, 22, 18, 20, 21, 19, 20, 30, 31, 29, 30].entries()) {
      const started = (await owner.post<{ run: RunView }>(`/plans/${stepped.id}/runs`)).body.run;
      const t0 = Math.floor(Date.now() / 1000);
      // Six seconds each: enough for the comparison with the baseline to tell a change from noise.
      await runner.play(
        started.id,
        [0, 1, 2, 3, 4, 5].map((offset) =>
          sampleSecond(
            t0 + offset,
            Array.from({ length: 300 }, (_, k) => latency * (0.95 + (0.1 * ((k + i) % 10)) / 10)),
          ),
        ),
      );
      ids.push((await owner.waitForRun(started.id, 20_000)).id);
    }
    const trend = (await owner.get<PlanTrend>(`/plans/${stepped.id}/trends`)).body;
    const p95 = trend.changePoints.filter((change) => change.stat === 'p95' && change.request === undefined);
    // The plan's one request stepped with it: its own change point is listed too, named.
    expect(trend.changePoints.filter((change) => change.stat === 'p95' && change.request === 'Get')).toMatchObject([{ runId: ids[10], previousRunId: ids[9] }]);
    expect(p95).toHaveLength(1);
    expect(p95[0]).toMatchObject({ runId: ids[10], previousRunId: ids[9], regression: true });
    expect(p95[0]!.step).toBeGreaterThan(0.4);
    const one = (await owner.get(`/plans/${stepped.id}/trend?stat=p95`)).body;
    expect(one.changePoints).toMatchObject([{ runId: ids[10], previousRunId: ids[9] }]);
    // Each step for the worse announced once, by the run that confirmed it (one after the step).
    const deliveries = await eventually(
      async () =>
        (await owner.get(`/webhooks/${hook.id}/deliveries`)).body.items as Array<{
          eventType: string;
          payload: { data: { change: { stat: string; runId: string; regression: boolean }; confirmedBy: { runId: string } } };
        }>,
      (items) => items.some((item) => item.payload.data.change.stat === 'p95'),
    );
    expect(deliveries.every((item) => item.eventType === 'plan.regression' && item.payload.data.change.regression)).toBe(true);
    const stats = deliveries.map((item) => item.payload.data.change.stat);
    expect(new Set(stats).size).toBe(stats.length);
    const p95Delivery = deliveries.find((item) => item.payload.data.change.stat === 'p95')!;
    expect(p95Delivery.payload.data.change.runId).toBe(ids[10]);
    expect(ids.slice(10)).toContain(p95Delivery.payload.data.confirmedBy.runId);
    // The dashboard lists each announced regression, newest first, naming the plan and the run that confirmed it.
    const dashboard = (await owner.get<Dashboard>('/dashboard')).body;
    const listed = dashboard.regressions.filter((entry) => entry.planId === stepped.id);
    expect(listed.map((entry) => entry.change.stat).sort()).toEqual([...stats].sort());
    expect(listed.find((entry) => entry.change.stat === 'p95')).toMatchObject({
      planName: 'Stepped',
      confirmedBy: { runId: p95Delivery.payload.data.confirmedBy.runId },
      change: { runId: ids[10] },
    });
    // Run webhooks' payloads carry the comparison with the baseline the run was judged against.
    const lastRun = (await owner.get<RunView>(`/runs/${ids[13]}`)).body;
    expect(lastRun.baseline).toEqual({ runId: ids[12], rule: 'last-passed' });
    type Finished = {
      payload: {
        data: {
          run: {
            id: string;
            baseline: { runId: string; rule: string; regressions: number; findings: Array<{ metric: string; text: string }> } | null;
            regressions: Array<{ stat: string; runId: string }>;
          };
        };
      };
    };
    const ends = await eventually(
      async () => (await owner.get(`/webhooks/${finished.id}/deliveries`)).body.items as Finished[],
      (items) => items.some((item) => item.payload.data.run.id === ids[13]),
    );
    expect(ends.find((item) => item.payload.data.run.id === ids[0])!.payload.data.run.baseline).toBeNull();
    const last = ends.find((item) => item.payload.data.run.id === ids[13])!.payload.data.run.baseline!;
    expect(last).toMatchObject({ runId: ids[12], rule: 'last-passed', regressions: expect.any(Number) });
    expect(last.findings.map((finding) => finding.metric)).toEqual(['p50', 'p95', 'p99', 'errorRate', 'rps']);
    // A comparison of two of the plan's runs reads the plan's run-to-run spread from the other twelve.
    const late = (await owner.get<RunComparison>(`/comparisons?base=${ids[12]}&head=${ids[13]}`)).body;
    expect(late.noise!.history).toEqual({ runs: 12 });
    expect(late.overall.find((delta) => delta.metric === 'p95')!.change).toBe('unchanged');
    // The run that confirmed the p95 step says so in its own run.finished; the others name no p95 step.
    const confirmer = ends.find((item) => item.payload.data.run.id === p95Delivery.payload.data.confirmedBy.runId)!;
    expect(confirmer.payload.data.run.regressions).toContainEqual(expect.objectContaining({ stat: 'p95', runId: ids[10] }));
    expect(ends.filter((item) => item.payload.data.run.regressions.some((change) => change.stat === 'p95'))).toHaveLength(1);
    // The step run against the run before it: p95 about 50 % up, a regression beyond noise.
    const step = ends.find((item) => item.payload.data.run.id === ids[10])!.payload.data.run.baseline!;
    expect(step.runId).toBe(ids[9]);
    expect(step.findings.find((finding) => finding.metric === 'p95')!.text).toMatch(/^p95 latency \+[4-5]\d\.\d % \(95 % CI .*\): regression$/);
    // The ten runs before the step alone: nothing to mark.
    const beforeStep = trend.points.find((point) => point.runId === ids[9])!.createdAt;
    expect((await owner.get<PlanTrend>(`/plans/${stepped.id}/trends?to=${encodeURIComponent(beforeStep)}`)).body.changePoints).toEqual([]);
  }, 60_000);
});
