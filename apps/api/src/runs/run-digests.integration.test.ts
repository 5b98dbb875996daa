import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PACKED_SECOND_LIST_VERSION,
  decodeStoredSecondList,
  mergeSegmentsBySecond,
  toSeriesPoints,
  type PlanView,
  type RunSeries,
  type RunView,
  type SecondSample,
  type TargetView,
} from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner, sampleSecond } from '../test/fake-runner.js';
import { decodeSecondRows } from './run-rows.js';

/**
 * A finished run's series is kept with it (RunDigest) when it ends: the first read after that,
 * in any API process, answers it without its seconds. Played by hand (no k6), so every second
 * is known; the stored series is checked against the series merged afresh from the seconds.
 */
describe('digests of finished runs (RunDigest): series and merged seconds', () => {
  let stack: TestStack;
  let runner: FakeRunner;
  let owner: ApiClient;
  let plan: PlanView;

  /** `count` seconds of two request names: "a" at 10 ms and "b" at 10 + second ms, 20 requests each. */
  function seconds(t0: number, count: number): SecondSample[] {
    return Array.from({ length: count }, (_, i) => {
      const a = sampleSecond(
        t0 + i,
        Array.from({ length: 20 }, () => 10),
        'a',
      );
      const b = sampleSecond(
        t0 + i,
        Array.from({ length: 20 }, () => 10 + i),
        'b',
      );
      return { ...a, requests: [...a.requests, ...b.requests] };
    });
  }

  async function finishedRun(count = 5): Promise<RunView> {
    const started = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    await runner.play(started.id, seconds(Math.floor(Date.now() / 1000) - count, count));
    return owner.waitForRun(started.id, 30_000);
  }

  /** The series merged afresh from the seconds stored now: what a fresh read would compute. */
  async function freshPoints(runId: string) {
    const rows = await stack.db.query<{ runId: string; t: number; segmentIndex: number; data: unknown; generator: unknown; packed: Buffer | null }>(
      `SELECT "runId", t, "segmentIndex", data, generator, packed FROM "RunSecond" WHERE "runId" = $1 ORDER BY t, "segmentIndex"`,
      [runId],
    );
    return toSeriesPoints(mergeSegmentsBySecond(decodeSecondRows(rows)));
  }

  const digest = async (runId: string) =>
    (await stack.db.query<{ key: string; series: Buffer }>(`SELECT key, series FROM "RunDigest" WHERE "runId" = $1`, [runId]))[0];
  /** The stored points as any API process would read them: gzip'd JSON. */
  const storedPoints = async (runId: string) => JSON.parse(gunzipSync((await digest(runId))!.series).toString('utf8')) as unknown;
  const series = async (client: ApiClient, runId: string) => {
    const response = await client.get<RunSeries>(`/runs/${runId}/series`);
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    stack = await startStack({ label: 'rundigests', runner: false });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('rundigests')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Two names',
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 2, duration: '5s' },
        requests: [
          { name: 'a', path: '/a' },
          { name: 'b', path: '/b' },
        ],
      })
    ).body;
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    await stack?.close();
  });

  it('stores the series as the run ends, and answers it from there without the seconds', async () => {
    const run = await finishedRun();
    const fresh = await freshPoints(run.id);
    expect(fresh.map((point) => [point.rps, Math.round(point.requests.b!.p95!)])).toEqual([
      [40, 10],
      [40, 11],
      [40, 12],
      [40, 13],
      [40, 14],
    ]);
    expect(await storedPoints(run.id)).toEqual(fresh);
    // Without its seconds, only the stored series can answer (this process has not read it yet).
    await stack.db.query(`DELETE FROM "RunSecond" WHERE "runId" = $1`, [run.id]);
    expect((await series(owner, run.id)).points).toEqual(fresh);
  });

  it('compares finished runs from their stored seconds, after a restart, as from the seconds themselves', async () => {
    const [base, head] = [await finishedRun(4), await finishedRun(4)];
    const before = await owner.get(`/comparisons?base=${base.id}&head=${head.id}`);
    expect(before.status).toBe(200);
    expect(before.body.charts.base.whole).toHaveLength(4);
    await stack.db.query(`DELETE FROM "RunSecond" WHERE "runId" = ANY($1)`, [[base.id, head.id]]);
    // A new process keeps no comparison: this one is worked out again, from the digests alone.
    await stack.restartApi();
    const after = await owner.get(`/comparisons?base=${base.id}&head=${head.id}`);
    expect(after.body).toEqual(before.body);
    // The merged seconds are kept packed (version 2); a digest written before (gzip'd JSON,
    // version 1) reads the same.
    for (const run of [base, head]) {
      const [row] = await stack.db.query<{ seconds: Buffer }>(`SELECT seconds FROM "RunDigest" WHERE "runId" = $1`, [run.id]);
      expect(row!.seconds[0]).toBe(PACKED_SECOND_LIST_VERSION);
      const json = gzipSync(JSON.stringify(decodeStoredSecondList(row!.seconds)));
      await stack.db.query(`UPDATE "RunDigest" SET seconds = $2 WHERE "runId" = $1`, [run.id, json]);
    }
    await stack.restartApi();
    expect((await owner.get(`/comparisons?base=${base.id}&head=${head.id}`)).body).toEqual(before.body);
  });

  it('builds and keeps the series of a run that ended without one, and replaces a stored one it cannot read', async () => {
    const before = await finishedRun();
    await stack.db.query(`DELETE FROM "RunDigest" WHERE "runId" = $1`, [before.id]);
    expect((await series(owner, before.id)).points).toEqual(await freshPoints(before.id));
    expect(await storedPoints(before.id)).toEqual(await freshPoints(before.id));

    const broken = await finishedRun();
    await stack.db.query(`UPDATE "RunDigest" SET series = '\\x00ff'::bytea WHERE "runId" = $1`, [broken.id]);
    const fresh = await freshPoints(broken.id);
    expect((await series(owner, broken.id)).points).toEqual(fresh);
    // Replaced by one that reads.
    expect(await storedPoints(broken.id)).toEqual(fresh);
  });

  it("builds the series again when a segment's late report changes the run after its end", async () => {
    const run = await finishedRun(3);
    const first = await series(owner, run.id);
    expect(first.points).toHaveLength(3);
    const keyBefore = (await digest(run.id))!.key;
    // A segment given up for lost reports after all: its state changes, and its last second lands
    // (stored as JSON, as a row not converted yet: both forms are read together).
    const last = first.points.at(-1)!.t;
    const late = seconds(last + 1, 1)[0]!;
    await stack.db.query(
      `INSERT INTO "RunSecond" ("tenantId", "runId", "segmentIndex", t, data) SELECT "tenantId", id, 0, $2, $3::jsonb FROM "Run" WHERE id = $1`,
      [run.id, late.t, JSON.stringify(late)],
    );
    await stack.db.query(`UPDATE "RunSegment" SET "finishedAt" = "finishedAt" + interval '1 second' WHERE "runId" = $1`, [run.id]);
    const again = await series(owner, run.id);
    expect(again.points).toHaveLength(4);
    expect(again.points).toEqual(await freshPoints(run.id));
    expect(await storedPoints(run.id)).toEqual(again.points);
    expect((await digest(run.id))!.key).not.toBe(keyBefore);
  });

  it("answers another organization's run as not found", async () => {
    const run = await finishedRun(2);
    const stranger = (await stack.api.signup('rundigests-other')).client;
    expect((await stranger.get(`/runs/${run.id}/series`)).status).toBe(404);
  });
});
