import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyHistogram,
  mergeHistograms,
  quantile,
  recordValue,
  type PlanView,
  type RunSeries,
  type RunView,
  type SeriesPoint,
  type SecondSample,
  type TargetView,
} from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner } from '../test/fake-runner.js';
import { RunSecondPacker } from './run-second-packer.service.js';
import { RunSecondRetention } from './run-second-retention.service.js';

/**
 * LOADLINE_SECOND_DETAIL_DAYS=2: a run finished more than two days ago has its seconds
 * coarsened to 10 s chunks (one row per chunk), a newer one is left alone. What the run's page
 * states stays exactly as it was (summary with every scope's percentiles, thresholds, phases,
 * figures in the plan's trend); its series then has a point every 10 s whose rates are per
 * second and whose requests are those of its 10 seconds.
 */
describe('retention of per-second detail (LOADLINE_SECOND_DETAIL_DAYS)', () => {
  let stack: TestStack;
  let runner: FakeRunner;
  let owner: ApiClient;
  let plan: PlanView;

  /** 25 seconds: name "a" at 5..(5+i) ms, 10 + i requests; "b" at 20 ms with a 503 every fifth second. */
  function seconds(t0: number): SecondSample[] {
    return Array.from({ length: 25 }, (_, i) => {
      const row = (name: string, status: number, values: number[]) => {
        const latency = emptyHistogram();
        values.forEach((value) => recordValue(latency, value));
        const spanStartMs = (t0 + i) * 1000 + 1;
        return {
          name,
          method: 'GET',
          status,
          expected: status < 400,
          errorCode: '',
          scenario: 'default',
          count: values.length,
          latency,
          spanStartMs,
          spanEndMs: spanStartMs + 990,
        };
      };
      const a = Array.from({ length: 10 + i }, (_, k) => 5 + (k % (i + 1)));
      const requests = [row('a', 200, a), row('b', 200, [20, 20, 21])];
      if (i % 5 === 0) requests.push(row('b', 503, [2]));
      return {
        v: 1 as const,
        t: t0 + i,
        requests,
        vus: 3,
        vusMax: 3,
        iterations: 13 + i,
        droppedIterations: 0,
        bytesReceived: 1000,
        bytesSent: 100,
        spanStartMs: (t0 + i) * 1000 + 1,
        spanEndMs: (t0 + i) * 1000 + 991,
        checks: [],
      };
    });
  }

  async function finishedRun(): Promise<RunView> {
    const started = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    await runner.play(started.id, seconds(Math.floor(Date.now() / 1000) - 25));
    const run = await owner.waitForRun(started.id, 30_000);
    // Its seconds go into a block once it has ended (run.ended); wait for that.
    await stack.app.get(RunSecondPacker).blockRun(run.id);
    return run;
  }
  const digestOf = async (runId: string) => (await stack.db.query<{ series: Buffer }>(`SELECT series FROM "RunDigest" WHERE "runId" = $1`, [runId]))[0];
  const read = async (runId: string, withSeries = true) => {
    const view = await owner.get<RunView>(`/runs/${runId}`);
    const series = withSeries ? await owner.get<RunSeries>(`/runs/${runId}/series`) : { status: 200, body: { points: [] } };
    const trend = await owner.get<{ points: unknown[] }>(`/plans/${plan.id}/trend`);
    expect([view.status, series.status, trend.status]).toEqual([200, 200, 200]);
    return { view: view.body, points: series.body.points, trend: trend.body };
  };
  const rows = (runId: string) =>
    stack.db.query<{ t: number; span: number; packed: Buffer | null; heldSeconds: number }>(
      `SELECT t, span, packed, "heldSeconds" FROM "RunSecond" WHERE "runId" = $1 ORDER BY t`,
      [runId],
    );

  beforeAll(async () => {
    stack = await startStack({ label: 'secondretention', runner: false, env: { LOADLINE_SECOND_DETAIL_DAYS: '2' } });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('secondretention')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Two names',
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 3, duration: '25s' },
        requests: [
          { name: 'a', path: '/a' },
          { name: 'b', path: '/b' },
        ],
        thresholds: [
          { metric: 'latency', stat: 'p95', request: 'a', op: '<', value: 100 },
          { metric: 'error_rate', op: '<', value: 0.5 },
        ],
      })
    ).body;
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    await stack?.close();
  });

  it('coarsens a run older than the setting to 10 s chunks, keeping what its page states', async () => {
    const old = await finishedRun();
    const recent = await finishedRun();
    // The old run's series as stored when it ended (not read through the API: a process keeps
    // the series of a finished run it has read in memory, see docs/database.md).
    const before = { ...(await read(old.id, false)), points: JSON.parse(gunzipSync((await digestOf(old.id))!.series).toString('utf8')) as SeriesPoint[] };
    const recentBefore = await read(recent.id);
    expect(before.points).toHaveLength(25);
    // The old run ended three days ago.
    await stack.db.query(`UPDATE "Run" SET "finishedAt" = "finishedAt" - interval '3 days' WHERE id = $1`, [old.id]);
    const retention = stack.app.get(RunSecondRetention);
    // Its 25 seconds were one block (the run had finished): 3 chunks now.
    expect((await rows(old.id)).map((row) => [row.heldSeconds, row.packed?.[0]])).toEqual([[25, 3]]);
    expect(await retention.coarsenDue()).toEqual({ runs: 1, rowsBefore: 1, rowsAfter: 3 });
    expect(await retention.coarsenDue()).toEqual({ runs: 0, rowsBefore: 0, rowsAfter: 0 });
    const t0 = before.points[0]!.t;
    expect((await rows(old.id)).map((row) => [row.t - t0, row.span, row.packed?.[0]])).toEqual([
      [0, 10, 2],
      [10, 10, 2],
      [20, 5, 2],
    ]);
    expect((await rows(recent.id)).map((row) => row.heldSeconds)).toEqual([25]);

    expect(await digestOf(old.id)).toBeUndefined();
    const after = await read(old.id);
    expect(after.view.summary).toEqual(before.view.summary);
    expect(after.view.thresholds).toEqual(before.view.thresholds);
    expect(after.view.verdict).toBe(before.view.verdict);
    expect(after.view.capacity).toEqual(before.view.capacity);
    expect(after.trend).toEqual(before.trend);
    // The series: a point every 10 s, its rates per second, its requests those of its seconds.
    expect(after.points.map((point) => point.t - t0)).toEqual([0, 10, 20]);
    const chunks = [before.points.slice(0, 10), before.points.slice(10, 20), before.points.slice(20)];
    after.points.forEach((point, i) => {
      const fine = chunks[i]!;
      const sum = (pick: (p: SeriesPoint) => number) => fine.reduce((total, p) => total + pick(p), 0);
      expect(point.rps).toBeCloseTo(sum((p) => p.rps) / fine.length, 9);
      expect(point.errors).toBe(sum((p) => p.errors));
      expect(point.requests.a!.count).toBe(sum((p) => p.requests.a!.count));
      // Percentiles of the chunk: those of its seconds' requests merged.
      const b = mergeHistograms(
        seconds(t0)
          .slice(10 * i, 10 * i + 10)
          .flatMap((second) => second.requests.filter((row) => row.name === 'b').map((row) => row.latency)),
      );
      expect([point.requests.b!.p50, point.requests.b!.p95]).toEqual([quantile(b, 0.5), quantile(b, 0.95)]);
    });
    expect(await read(recent.id)).toEqual(recentBefore);
    // The digest built again from the chunks, for the next process that reads the run.
    expect(JSON.parse(gunzipSync((await digestOf(old.id))!.series).toString('utf8'))).toEqual(after.points);
  }, 90_000);
});
