import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyHistogram,
  recordValue,
  summarizeSeconds,
  type PlanView,
  type RunSeries,
  type RunView,
  type SecondSample,
  type TargetView,
} from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner } from '../test/fake-runner.js';
import { RunSecondPacker } from './run-second-packer.service.js';
import { RunSecondsRepository } from './run-seconds.repository.js';
import { runAsTenant } from '../tenancy/request-context.js';

/** 130 seconds: "a" at 3..(3 + i % 17) ms, 20 requests a second, a 503 every seventh second. */
function seconds(t0: number): SecondSample[] {
  return Array.from({ length: 130 }, (_, i) => {
    const row = (status: number, values: number[]) => {
      const latency = emptyHistogram();
      values.forEach((value) => recordValue(latency, value));
      return { name: 'a', method: 'GET', status, expected: status < 400, errorCode: '', scenario: 'default', count: values.length, latency };
    };
    const requests = [
      row(
        200,
        Array.from({ length: 20 }, (_, k) => 3 + (k % (1 + (i % 17)))),
      ),
    ];
    if (i % 7 === 0) requests.push(row(503, [1.5]));
    return { v: 1 as const, t: t0 + i, requests, vus: 2, vusMax: 2, iterations: 20, droppedIterations: 0, bytesReceived: 100, bytesSent: 10, checks: [] };
  });
}

/**
 * A finished run's seconds are put in blocks of up to 60 in one row (RunSecond.packed version
 * 3): the run reads the same (summary, series), and a second delivered again after that is
 * read once.
 */
describe('blocks of a finished run seconds', () => {
  let stack: TestStack;
  let runner: FakeRunner;
  let owner: ApiClient;
  let run: RunView;
  let played: SecondSample[];
  const rows = () =>
    stack.db.query<{ t: number; heldSeconds: number; first: number }>(
      `SELECT t, "heldSeconds", get_byte(packed, 0) AS first FROM "RunSecond" WHERE "runId" = $1 ORDER BY t`,
      [run.id],
    );
  const series = async () => {
    // No digest: the series is built from the rows themselves.
    await stack.db.query(`DELETE FROM "RunDigest" WHERE "runId" = $1`, [run.id]);
    const response = await owner.get<RunSeries>(`/runs/${run.id}/series`);
    expect(response.status).toBe(200);
    return response.body.points;
  };
  const storedSeconds = async (afterT?: number) => {
    const [owning] = await stack.db.query<{ tenantId: string }>(`SELECT "tenantId" FROM "Run" WHERE id = $1`, [run.id]);
    return runAsTenant(owning!.tenantId, () => stack.app.get(RunSecondsRepository).seconds(run.id, afterT));
  };

  beforeAll(async () => {
    stack = await startStack({ label: 'secondblocks', runner: false });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('secondblocks')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    const plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Long',
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 2, duration: '130s' },
        requests: [{ name: 'a', path: '/a' }],
      })
    ).body;
    const started = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    played = seconds(Math.floor(Date.now() / 1000) - 130);
    await runner.play(started.id, played);
    run = await owner.waitForRun(started.id, 60_000);
    await stack.app.get(RunSecondPacker).blockRun(run.id);
  }, 120_000);
  afterAll(async () => {
    await runner?.close();
    await stack?.close();
  });

  it('holds 130 seconds in 3 rows of 60, 60 and 10, and reads every one as it was sent', async () => {
    const t0 = played[0]!.t;
    expect((await rows()).map((row) => [row.t - t0, row.heldSeconds, row.first])).toEqual([
      [0, 60, 3],
      [60, 60, 3],
      [120, 10, 3],
    ]);
    const stored = await storedSeconds();
    expect(stored.map((second) => second.sample)).toEqual(played);
    // Read after a second inside a block (as the live view reads): the block's later seconds too.
    expect((await storedSeconds(t0 + 100)).map((second) => second.sample)).toEqual(played.slice(101));
    expect(summarizeSeconds(stored.map((second) => second.sample)).overall.latency).toEqual(run.summary!.overall.latency);
    const points = await series();
    expect(points.map((point) => point.t - t0)).toEqual(played.map((_, i) => i));
    expect(points.map((point) => point.requests.a!.count)).toEqual(played.map((second) => second.requests.reduce((n, row) => n + row.count, 0)));
    // Nothing left to put in blocks.
    expect(await stack.app.get(RunSecondPacker).sweepBlocks(new Date(Date.now() + 3_600_000))).toBe(0);
  });

  it('reads a second delivered again after the run ended once', async () => {
    const before = await series();
    await runner.second(run.id, played[75]!);
    await expect.poll(async () => (await rows()).length, { timeout: 10_000 }).toBe(4);
    expect((await storedSeconds()).map((second) => second.sample)).toEqual(played);
    expect(await series()).toEqual(before);
    const view = await owner.get<RunView>(`/runs/${run.id}`);
    expect(view.body.summary).toEqual(run.summary);
  });
});
