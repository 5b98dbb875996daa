import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyHistogram,
  mergeSegmentsBySecond,
  recordValue,
  summarizeSeconds,
  type PlanView,
  type RunSeries,
  type RunView,
  type SecondSample,
  type StoredSecond,
  type TargetView,
} from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner } from '../test/fake-runner.js';
import { decodeSecond, decodeSecondRows } from './run-rows.js';
import { RunSecondPacker } from './run-second-packer.service.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const exec = promisify(execFile);
const PACKED_MIGRATION = '20261127214818_packed_seconds';
const BLOCKS_MIGRATION = '20261127221858_second_blocks';

type Row = { runId: string; t: number; segmentIndex: number; data: unknown; generator: unknown; packed: Buffer | null; heldSeconds: number };

/**
 * Seconds are stored packed (RunSecond.packed, version 2); rows stored before are JSON
 * (version 1). A run whose seconds are JSON reads the same as when they were packed, and a
 * dump of a database from before packed seconds, restored with scripts/db/restore.sh, is
 * migrated, read, and converted by the API after it starts (RunSecondPacker), after which
 * the run still reads the same: its summary, the percentiles of every scope worked out from
 * its seconds, and its series.
 */
describe('packed seconds: old JSON rows read, and are converted after a restore', () => {
  let stack: TestStack;
  let runner: FakeRunner;
  let owner: ApiClient;
  let plan: PlanView;
  let run: RunView;
  let packedRows: Row[];
  /** The run's seconds as its rows hold them (one block once it finished). */
  let stored: StoredSecond[];
  const folder = path.join('/tmp', `loadline-packed-${randomBytes(4).toString('hex')}`);

  /** Two names, a slow tail, errors in a second scenario: every scope has its own percentiles. */
  function seconds(t0: number, count: number): SecondSample[] {
    return Array.from({ length: count }, (_, i) => {
      const row = (name: string, status: number, scenario: string, values: number[]) => {
        const latency = emptyHistogram();
        values.forEach((value) => recordValue(latency, value));
        const responseBytes = emptyHistogram();
        recordValue(responseBytes, 512 + i, values.length);
        const spanStartMs = (t0 + i) * 1000 + 0.125;
        return {
          name,
          method: 'GET',
          status,
          expected: status < 400,
          errorCode: status < 400 ? '' : '1503',
          scenario,
          count: values.length,
          latency,
          responseBytes,
          spanStartMs,
          spanEndMs: spanStartMs + 998.5,
        };
      };
      const spread = (n: number, base: number) => Array.from({ length: n }, (_, k) => base * (1 + ((k * 7919) % 97) / 40) + (k % 13 === 0 ? 120 : 0));
      const requests = [row('a', 200, 'default', spread(60, 3 + i)), row('b', 200, 'browse', spread(40, 9)), row('b', 503, 'browse', spread(3, 1.5))];
      return {
        v: 1 as const,
        t: t0 + i,
        requests,
        vus: 4,
        vusMax: 4,
        iterations: 103,
        droppedIterations: 0,
        bytesReceived: 103 * 600,
        bytesSent: 103 * 80,
        spanStartMs: (t0 + i) * 1000 + 0.125,
        spanEndMs: (t0 + i) * 1000 + 998.625,
        checks: [{ name: 'ok', passes: 100, fails: 3 }],
        scenarioIterations: [
          { name: 'default', iterations: 60, droppedIterations: 0 },
          { name: 'browse', iterations: 43, droppedIterations: 0 },
        ],
      };
    });
  }

  const rows = () =>
    stack.db.query<Row>(
      `SELECT "runId", t, "segmentIndex", data, generator, packed, "heldSeconds" FROM "RunSecond" WHERE "runId" = $1 ORDER BY t, "segmentIndex"`,
      [run.id],
    );
  /** The summary worked out afresh from the stored seconds: every scope's percentiles. */
  const fromSeconds = (stored: Row[]) =>
    summarizeSeconds(
      mergeSegmentsBySecond(decodeSecondRows(stored)).map((second) => second.sample),
      ['a', 'b'],
    );
  /** The run's seconds as the release before packed seconds wrote them: a JSON row each. */
  const writeJsonRows = async () => {
    await stack.db.query(`DELETE FROM "RunSecond" WHERE "runId" = $1`, [run.id]);
    for (const { segmentIndex, sample, generator } of stored) {
      await stack.db.query(
        `INSERT INTO "RunSecond" ("tenantId", "runId", "segmentIndex", t, data, generator) SELECT "tenantId", id, $2, $3, $4::jsonb, $5::jsonb FROM "Run" WHERE id = $1`,
        [run.id, segmentIndex, sample.t, JSON.stringify(sample), generator === null ? null : JSON.stringify(generator)],
      );
    }
  };
  const read = async (client: ApiClient) => {
    const view = await client.get<RunView>(`/runs/${run.id}`);
    const series = await client.get<RunSeries>(`/runs/${run.id}/series`);
    expect([view.status, series.status]).toEqual([200, 200]);
    return { summary: view.body.summary, thresholds: view.body.thresholds, points: series.body.points };
  };
  const packer = () => stack.app.get(RunSecondPacker);

  beforeAll(async () => {
    stack = await startStack({ label: 'packedseconds', runner: false });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('packedseconds')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (
      await owner.post<PlanView>('/plans', {
        name: 'Two names',
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 4, duration: '8s' },
        requests: [
          { name: 'a', path: '/a' },
          { name: 'b', path: '/b' },
        ],
        thresholds: [{ metric: 'latency', stat: 'p95', request: 'b', op: '<', value: 500 }],
      })
    ).body;
    const started = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    await runner.play(started.id, seconds(Math.floor(Date.now() / 1000) - 8, 8));
    run = await owner.waitForRun(started.id, 30_000);
    // Nothing to convert in a new database; from here on the API does not convert by itself.
    expect(await packer().startPass).toEqual({ converted: 0, unreadable: 0 });
    // Its seconds go into one block once it has ended (run.ended); wait for that.
    await packer().blockRun(run.id);
    packedRows = await rows();
    stored = decodeSecondRows(packedRows);
  }, 90_000);
  afterAll(async () => {
    await runner?.close();
    await stack?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("writes new seconds packed only, and puts a finished run's 8 seconds in one block", async () => {
    expect(packedRows).toHaveLength(1);
    expect([packedRows[0]!.data, packedRows[0]!.generator, packedRows[0]!.packed?.[0], packedRows[0]!.heldSeconds]).toEqual([null, null, 3, 8]);
    expect(stored.map((second) => second.sample.t)).toEqual(seconds(stored[0]!.sample.t, 8).map((second) => second.t));
    expect(run.summary!.requests.map((request) => request.name)).toEqual(['a', 'b']);
  });

  it('reads a run whose seconds are JSON as it read them packed, and converts it again', async () => {
    const before = await read(owner);
    const summaryBefore = fromSeconds(packedRows);
    expect(summaryBefore.overall.latency).toEqual(run.summary!.overall.latency);
    // The same seconds as version 1 wrote them, and no digest: every read merges them afresh.
    await writeJsonRows();
    await stack.db.query(`DELETE FROM "RunDigest" WHERE "runId" = $1`, [run.id]);
    const json = await rows();
    expect(json.every((row) => row.packed === null && row.data !== null)).toBe(true);
    expect(await read(owner)).toEqual(before);
    expect(fromSeconds(json)).toEqual(summaryBefore);

    expect(await packer().packAll()).toEqual({ converted: 8, unreadable: 0 });
    expect(await packer().packAll()).toEqual({ converted: 0, unreadable: 0 });
    const converted = await rows();
    for (const row of converted) expect([row.data, row.packed?.[0]]).toEqual([null, 2]);
    expect(decodeSecondRows(converted)).toEqual(stored);
    await stack.db.query(`DELETE FROM "RunDigest" WHERE "runId" = $1`, [run.id]);
    expect(await read(owner)).toEqual(before);
    // ...and in a block again, read the same.
    expect(await packer().blockRun(run.id)).toEqual({ before: 8, after: 1 });
    await stack.db.query(`DELETE FROM "RunDigest" WHERE "runId" = $1`, [run.id]);
    expect(await read(owner)).toEqual(before);
  });

  it('leaves a row that fits no version as it is, and says so when it is read', async () => {
    await writeJsonRows();
    const [first] = await rows();
    await stack.db.query(`UPDATE "RunSecond" SET data = '{"v":1,"t":1,"requests":"none"}'::jsonb, packed = NULL WHERE "runId" = $1 AND t = $2`, [
      run.id,
      first!.t,
    ]);
    expect(await packer().packAll()).toEqual({ converted: 7, unreadable: 1 });
    expect(() => decodeSecond({ ...first!, data: { v: 1, t: 1, requests: 'none' }, packed: null })).toThrow(
      /RunSecond\.data of .* \(version 1\) cannot be read: requests/,
    );
    await stack.db.query(`DELETE FROM "RunSecond" WHERE "runId" = $1`, [run.id]);
    await stack.db.query(
      `INSERT INTO "RunSecond" ("tenantId", "runId", "segmentIndex", t, packed, "heldSeconds") SELECT "tenantId", id, 0, $2, $3, 8 FROM "Run" WHERE id = $1`,
      [run.id, packedRows[0]!.t, packedRows[0]!.packed],
    );
  });

  it('restores a dump from before packed seconds: migrated, read, then converted by the API after it starts', async () => {
    const before = await read(owner);
    const summaryBefore = fromSeconds(packedRows);
    let dump = '';
    await stack.restartApi(0, async () => {
      // The database as the release before this one left it: JSON seconds, no packed column.
      await writeJsonRows();
      await stack.db.query(`DELETE FROM "RunDigest" WHERE "runId" = $1`, [run.id]);
      await stack.db.query(`ALTER TABLE "RunSecond" DROP COLUMN packed, DROP COLUMN span, DROP COLUMN "heldSeconds", ALTER COLUMN data SET NOT NULL`);
      await stack.db.query(`DELETE FROM "_prisma_migrations" WHERE migration_name = ANY($1)`, [[PACKED_MIGRATION, BLOCKS_MIGRATION]]);
      const env = { ...process.env, DATABASE_URL: stack.db.url };
      dump = (await exec('bash', [path.join(ROOT, 'scripts/db/backup.sh'), folder], { env })).stdout.trim().split('\t')[0]!;
      // Restored over it (restore.sh then applies this release's migrations).
      await exec('bash', [path.join(ROOT, 'scripts/db/restore.sh'), '--force', dump], { env });
      const restored = await rows();
      expect(restored).toHaveLength(8);
      expect(restored.every((row) => row.packed === null && row.data !== null)).toBe(true);
    });
    expect(dump).toMatch(/\.dump$/);
    // The restarted API converts every JSON second once, after it starts.
    expect(await packer().startPass).toEqual({ converted: 8, unreadable: 0 });
    const converted = await rows();
    for (const row of converted) expect([row.data, row.generator, row.packed?.[0]]).toEqual([null, null, 2]);
    expect(fromSeconds(converted)).toEqual(summaryBefore);
    expect(await read(owner)).toEqual(before);
  }, 120_000);
});
