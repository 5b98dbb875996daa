import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiguresOf, type PlanTrend, type PlanView, type RunListItem, type RunView, type TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner, sampleSecond } from '../test/fake-runner.js';
import { FINISHED_KEY_SQL } from './run-keys.js';
import { finishedViewKey } from './run-view.js';

type Page = { items: RunListItem[]; next: string | null };

/** A run's fields that a list row repeats, as GET /runs/:id shows them. */
const ownFields = (run: RunView) => ({
  id: run.id,
  planId: run.planId,
  planName: run.planName,
  planVersion: run.planVersion,
  targetId: run.targetId,
  status: run.status,
  verdict: run.verdict,
  trigger: run.trigger,
  segments: run.segments,
  createdAt: run.createdAt,
  startedAt: run.startedAt,
  finishedAt: run.finishedAt,
  error: run.error,
  partial: run.partial,
  cancelRequestedAt: run.cancelRequestedAt,
  labels: run.labels,
  baseline: run.baseline,
});

/**
 * GET /runs answers light rows (the run's own columns and the figures it stored when it ended),
 * and the single-run, list and trend routes keep what finished runs were read as, by their
 * finished key: never for another organization, never once the run changed.
 */
describe('light run lists and kept finished runs', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let other: ApiClient;
  let runner: FakeRunner;
  let plan: PlanView;
  const finished: RunView[] = [];
  let cancelled: RunView;

  const play = async (runId: string, latency: number) => {
    const t0 = Math.floor(Date.now() / 1000);
    await runner.play(
      runId,
      [0, 1, 2].map((offset) =>
        sampleSecond(
          t0 + offset,
          Array.from({ length: 200 }, (_, k) => latency + (k % 7)),
        ),
      ),
    );
    return owner.waitForRun(runId, 20_000);
  };

  beforeAll(async () => {
    stack = await startStack({ label: 'runlistrows', runner: false });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('runlistrows')).client;
    other = (await stack.api.signup('runlistrows-other')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Light rows',
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 1, duration: '3s' },
        requests: [{ name: 'Get', path: '/' }],
        thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 50 }],
      })
    ).body;
    for (const [i, latency] of [10, 80].entries()) {
      const started = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`, { labels: { build: String(i) } })).body.run;
      finished.push(await play(started.id, latency));
    }
    const stopped = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    await owner.post(`/runs/${stopped.id}/cancel`);
    cancelled = await owner.waitForRun(stopped.id, 20_000);
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    await stack?.close();
  });

  it("lists each run's own fields and the figures of its own summary, and nothing of its report", async () => {
    const page = (await owner.get<Page>(`/runs?planId=${plan.id}`)).body;
    expect(page.items.map((item) => item.id)).toEqual([cancelled.id, finished[1]!.id, finished[0]!.id]);
    for (const item of page.items) {
      const run = (await owner.get<RunView>(`/runs/${item.id}`)).body;
      expect(item).toEqual({ ...ownFields(run), figures: listFiguresOf(run) });
    }
    // The finished runs' figures are their summaries' (a cancelled run that measured nothing has none).
    expect(page.items.map((item) => item.figures?.requests ?? null)).toEqual([null, 600, 600]);
    expect(page.items[1]!.figures!.p95).toBe(finished[1]!.summary!.overall.latency!.p95);
    expect(page.items[0]).not.toHaveProperty('summary');
    // Read again (now from the texts kept for finished runs): the same page.
    expect((await owner.get<Page>(`/runs?planId=${plan.id}`)).body).toEqual(page);
  });

  it('keys a finished run in SQL exactly as its whole view is keyed', async () => {
    for (const run of [...finished, cancelled]) {
      const [row] = await stack.db.query<{ key: string | null }>(`SELECT ${FINISHED_KEY_SQL} AS key FROM "Run" r WHERE r.id = $2 AND r."tenantId" = $1`, [
        (await stack.db.query<{ tenantId: string }>(`SELECT "tenantId" FROM "Run" WHERE id = $1`, [run.id]))[0]!.tenantId,
        run.id,
      ]);
      const segments = await stack.db.query<{ index: number; status: string; finishedAt: Date | null }>(
        `SELECT index, status::text AS status, "finishedAt" AT TIME ZONE 'UTC' AS "finishedAt" FROM "RunSegment" WHERE "runId" = $1`,
        [run.id],
      );
      expect(row!.key).not.toBeNull();
      expect(row!.key).toBe(
        finishedViewKey({ id: run.id, status: run.status, finishedAt: new Date(run.finishedAt!), runSegments: segments } as Parameters<
          typeof finishedViewKey
        >[0]),
      );
    }
  });

  it("never answers another organization from what was kept of a finished run, its page or its plan's trend", async () => {
    const run = finished[0]!;
    // Read by its owner first: the view, its text, the list rows and the trend are kept.
    expect((await owner.get(`/runs/${run.id}`)).status).toBe(200);
    expect((await owner.get(`/runs/${run.id}/series`)).status).toBe(200);
    expect((await owner.get(`/plans/${plan.id}/trend`)).status).toBe(200);
    for (const path of [`/runs/${run.id}`, `/runs/${run.id}/series`, `/runs?planId=${plan.id}`, `/plans/${plan.id}/trend`, `/plans/${plan.id}/trends`]) {
      const response = await other.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
    expect((await other.get<Page>('/runs')).body.items).toEqual([]);
  });

  it('answers what a finished run became after a late segment report, not what was kept', async () => {
    const run = finished[1]!;
    const before = (await owner.get<RunView>(`/runs/${run.id}`)).body;
    const page = (await owner.get<Page>(`/runs?planId=${plan.id}`)).body;
    expect(before.partial).toBe(false);
    expect(page.items.find((item) => item.id === run.id)!.partial).toBe(false);
    // What a late report does to a finished run: its segment's end moves, and the run is re-judged.
    await stack.db.query(`UPDATE "RunSegment" SET "finishedAt" = "finishedAt" + interval '5 seconds' WHERE "runId" = $1`, [run.id]);
    await stack.db.query(`UPDATE "Run" SET partial = true WHERE id = $1`, [run.id]);
    const after = (await owner.get<RunView>(`/runs/${run.id}`)).body;
    expect(after.partial).toBe(true);
    expect(after.segmentDetails[0]!.finishedAt).not.toBe(before.segmentDetails[0]!.finishedAt);
    expect((await owner.get<Page>(`/runs?planId=${plan.id}`)).body.items.find((item) => item.id === run.id)!.partial).toBe(true);
  });

  it('shows a run that is still going as it goes, then as it ended', async () => {
    const started = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    const listed = async () => (await owner.get<Page>(`/runs?planId=${plan.id}`)).body.items.find((item) => item.id === started.id)!;
    expect(await listed()).toMatchObject({ status: 'QUEUED', figures: null, finishedAt: null });
    expect((await owner.get<RunView>(`/runs/${started.id}`)).body.status).toBe('QUEUED');
    const ended = await play(started.id, 12);
    expect(await listed()).toEqual({ ...ownFields(ended), figures: listFiguresOf(ended) });
    expect((await owner.get<RunView>(`/runs/${started.id}`)).body).toEqual(ended);
    const trend = (await owner.get<PlanTrend>(`/plans/${plan.id}/trends`)).body;
    expect(trend.points.map((point) => point.runId)).toContain(started.id);
  });

  it("answers 404 for a deleted plan's runs, as its own route does, after they were listed", async () => {
    expect((await owner.get<Page>(`/runs?planId=${plan.id}`)).body.items.length).toBeGreaterThan(0);
    expect((await owner.delete(`/plans/${plan.id}`)).status).toBe(204);
    expect((await owner.get(`/plans/${plan.id}`)).status).toBe(404);
    expect((await owner.get(`/runs?planId=${plan.id}`)).status).toBe(404);
  });
});
