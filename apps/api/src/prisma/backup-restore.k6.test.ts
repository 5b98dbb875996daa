import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import { ApiClient, withoutRequestId } from '../test/api-client.js';
import { TEST_ADMIN_URL } from '../test/database.js';
import { eventually } from '../test/eventually.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);
const HEADER = 'X-Backup-Secret';
const SECRET = `restore-${randomBytes(12).toString('hex')}`;
const KEY = randomBytes(32).toString('base64');

/** The operator's commands, as docs/backup.md gives them: scripts/db/backup.sh and restore.sh. */
async function backup(databaseUrl: string, folder: string): Promise<{ file: string; bytes: number; ms: number }> {
  const started = Date.now();
  const { stdout } = await run('bash', [path.join(ROOT, 'scripts/db/backup.sh'), folder], { env: { ...process.env, DATABASE_URL: databaseUrl } });
  const [file, bytes] = stdout.trim().split('\t');
  return { file: file!, bytes: Number(bytes), ms: Date.now() - started };
}
async function restore(file: string, databaseUrl: string): Promise<{ stdout: string; ms: number }> {
  const started = Date.now();
  const { stdout } = await run('bash', [path.join(ROOT, 'scripts/db/restore.sh'), file], { env: { ...process.env, DATABASE_URL: databaseUrl } });
  return { stdout, ms: Date.now() - started };
}
async function admin(sql: string, database = 'postgres'): Promise<Record<string, unknown>[]> {
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
const databaseUrl = (name: string) => Object.assign(new URL(TEST_ADMIN_URL), { pathname: `/${name}` }).toString();

/**
 * The backup and restore an operator follows (docs/backup.md), with real parts: a dump of the
 * live database while the API runs and a run is in flight, restored into a new database under
 * a second API with the same LOADLINE_SECRET_KEY and an empty Redis; what the operator relies
 * on is the same there, and what was in flight ends as the guide says. Then the same dump
 * under another key: the target's secrets cannot be opened, and the API says so.
 */
describe('back up the live database, restore it under a new installation', () => {
  let server: LoopbackServer;
  /** Plan requests the loopback server saw, by the value of the target's secret header ("none"). */
  const byHeader = new Map<string, number>();
  let original: TestStack | undefined;
  let restored: TestStack | undefined;
  const restoredDbs: string[] = [];
  const folder = path.join('/tmp', `loadline-backup-${randomBytes(4).toString('hex')}`);

  let owner: { client: ApiClient; email: string };
  let plan: PlanView;
  let finished: RunView;
  let inFlight: RunView;
  let queued: RunView;
  const before: Record<string, string> = {};
  let shareToken: string;
  let webhookId: string;
  const items = () => server.counts.get('GET /items') ?? 0;
  let dump: { file: string; bytes: number; ms: number };

  beforeAll(async () => {
    server = await startLoopbackServer((req) => {
      // The plans' requests; webhook deliveries go to /hook.
      if (req.url === '/items') {
        const value = (req.headers[HEADER.toLowerCase()] as string | undefined) ?? 'none';
        byHeader.set(value, (byHeader.get(value) ?? 0) + 1);
      }
      return { status: 200, delayMs: 5 };
    });
    const stack = await startStack({ label: 'backup', env: { LOADLINE_SECRET_KEY: KEY } });
    original = stack;
    owner = await stack.api.signup('backup');
  });

  afterAll(async () => {
    await restored?.close();
    await original?.close();
    await server?.close();
    for (const name of restoredDbs) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await run('rm', ['-rf', folder]);
  });

  it('takes the dump while the API runs, with a finished run, a share link, a schedule, a run in flight and one waiting', async () => {
    const stack = original!;
    const target = await owner.client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url, headers: { [HEADER]: SECRET } });
    expect(target.status).toBe(201);
    const planBody = (name: string, duration: string) => ({
      name,
      targetId: target.body.id,
      load: { executor: 'constant-vus', vus: 2, duration },
      requests: [{ name: 'Get', path: '/items' }],
      thresholds: [{ metric: 'error_rate', op: '<', value: 0.01 }],
    });
    const created = await owner.client.post<PlanView>('/plans', planBody('backed up', '2s'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    plan = created.body;
    const started = await owner.client.post<{ run: RunView }>(`/plans/${plan.id}/runs`);
    finished = await owner.client.waitForRun(started.body.run.id);
    expect(finished.status).toBe('PASSED');
    expect(finished.summary!.overall.count).toBe(items());
    // Ground truth: the header reached the server on every request.
    expect(byHeader.get(SECRET)).toBe(items());

    const share = await owner.client.post<{ token: string }>(`/runs/${finished.id}/share-links`, {});
    expect(share.status).toBe(201);
    shareToken = share.body.token;
    const schedule = await owner.client.post(`/plans/${plan.id}/schedules`, { cron: '0 3 * * *', enabled: false });
    expect(schedule.status).toBe(201);
    // Its signing secret is sealed with LOADLINE_SECRET_KEY too; subscribed to nothing this test causes.
    const webhook = await owner.client.post<{ webhook: { id: string } }>('/webhooks', { url: `${server.url}/hook`, events: ['schedule.skipped'] });
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
    webhookId = webhook.body.webhook.id;
    before.run = withoutRequestId((await owner.client.get(`/runs/${finished.id}`)).body);
    before.series = withoutRequestId((await owner.client.get(`/runs/${finished.id}/series`)).body);
    before.share = withoutRequestId((await stack.api.get(`/public/reports/${shareToken}`)).body);
    before.schedules = withoutRequestId((await owner.client.get(`/plans/${plan.id}/schedules`)).body);
    before.figures = JSON.stringify(await stack.db.query(`SELECT * FROM "RunFigure" WHERE "runId" = $1 ORDER BY request, stat`, [finished.id]));
    expect(JSON.parse(before.figures).length).toBeGreaterThan(0);

    // A long run applying load as the dump is taken, and one waiting in line behind it (the
    // one runner is busy).
    const long = await owner.client.post<PlanView>('/plans', planBody('in flight', '60s'));
    expect(long.status, JSON.stringify(long.body)).toBe(201);
    inFlight = (await owner.client.post<{ run: RunView }>(`/plans/${long.body.id}/runs`)).body.run;
    await eventually(
      async () => (await owner.client.get<RunView>(`/runs/${inFlight.id}`)).body.status,
      (status) => status === 'RUNNING',
      30_000,
    );
    // Some seconds of it are stored when the dump is taken.
    await eventually(
      async () => (await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "RunSecond" WHERE "runId" = $1`, [inFlight.id]))[0]!.n,
      (n) => n >= 2,
      30_000,
    );
    queued = (await owner.client.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    expect(queued.status).toBe('QUEUED');

    dump = await backup(stack.db.url, folder);
    expect(path.basename(dump.file)).toMatch(/^loadline-\d{8}T\d{6}Z\.dump$/);
    console.log(`backup: ${dump.bytes} bytes in ${dump.ms} ms (${(await stack.db.query('SELECT count(*)::int AS n FROM "RunSecond"'))[0]!.n} RunSecond rows)`);

    // The original installation goes away; what it does after the dump is not in the backup.
    await owner.client.post(`/runs/${inFlight.id}/cancel`);
    await owner.client.post(`/runs/${queued.id}/cancel`);
    await owner.client.waitForRun(inFlight.id);
    await owner.client.waitForRun(queued.id);
    original = undefined;
    await stack.close();
    byHeader.clear();
    server.counts.clear();
  });

  it('restores into a new database: migrations up to date, reports, series, figures, share link, schedule and sign-in as they were', async () => {
    const name = `loadline_test_restored_${randomBytes(4).toString('hex')}`;
    restoredDbs.push(name);
    const restoredUrl = databaseUrl(name);
    const restoreRun = await restore(dump.file, restoredUrl);
    expect(restoreRun.stdout).toMatch(/database is up to date/);
    console.log(`restore (create database, pg_restore, migrate deploy): ${restoreRun.ms} ms`);
    const status = await run(process.execPath, [path.join(ROOT, 'scripts/db/migrate.mjs'), 'status'], { env: { ...process.env, DATABASE_URL: restoredUrl } });
    expect(status.stdout).toMatch(/database is up to date/);

    // A new installation: same key, an empty Redis (its own queue prefix), its own runner.
    restored = await startStack({ label: 'restored', env: { LOADLINE_SECRET_KEY: KEY }, databaseUrl: () => restoredUrl });
    const client = await restored.api.login(owner.email);
    expect(withoutRequestId((await client.get(`/runs/${finished.id}`)).body)).toBe(before.run);
    expect(withoutRequestId((await client.get(`/runs/${finished.id}/series`)).body)).toBe(before.series);
    expect(withoutRequestId((await restored.api.get(`/public/reports/${shareToken}`)).body)).toBe(before.share);
    expect(withoutRequestId((await client.get(`/plans/${plan.id}/schedules`)).body)).toBe(before.schedules);
    const figures = await admin(`SELECT * FROM "RunFigure" WHERE "runId" = '${finished.id}' ORDER BY request, stat`, name);
    expect(JSON.stringify(figures)).toBe(before.figures);
    // Sessions are kept as hashes in the database: a token issued before the backup still works.
    expect((await new ApiClient(`${restored.baseUrl}/api/v1`, owner.client.token).get('/runs')).status).toBe(200);
  });

  it('ends the run that was in flight (RUNNER_LOST) and runs the one that was waiting, with the secret header', async () => {
    const client = await restored!.api.login(owner.email);
    const lost = await client.waitForRun(inFlight.id, 60_000);
    expect(lost.status).toBe('ERRORED');
    expect(lost.error?.code).toBe('RUNNER_LOST');
    // What it measured until the dump is kept; the rest never reached the restored database.
    expect(lost.partial).toBe(true);
    expect(lost.summary!.overall.count).toBeGreaterThan(0);
    expect(lost.diagnostics.map((diagnostic) => diagnostic.code)).toContain('PARTIAL_DATA');
    // Its place in line was in Redis, which was not restored: RunReconciler queued it again from RunDispatch.
    const requeued = await client.waitForRun(queued.id, 60_000);
    expect(requeued.status).toBe('PASSED');

    const fresh = await client.post<{ run: RunView }>(`/plans/${plan.id}/runs`);
    expect(fresh.status).toBe(202);
    const again = await client.waitForRun(fresh.body.run.id);
    expect(again.status).toBe('PASSED');
    // Every request of both runs carried the header: the secret was opened with the kept key.
    expect(again.summary!.overall.count + requeued.summary!.overall.count).toBe(items());
    expect(byHeader.get(SECRET)).toBe(items());
    expect(byHeader.get('none')).toBeUndefined();
  });

  it('under another LOADLINE_SECRET_KEY: reports still open, but a run of the target is refused saying its secrets cannot be opened', async () => {
    await restored!.close();
    restored = undefined;
    const name = `loadline_test_restored_${randomBytes(4).toString('hex')}`;
    restoredDbs.push(name);
    await restore(dump.file, databaseUrl(name));
    restored = await startStack({
      label: 'otherkey',
      runner: false,
      env: { LOADLINE_SECRET_KEY: randomBytes(32).toString('base64') },
      databaseUrl: () => databaseUrl(name),
    });
    const client = await restored.api.login(owner.email);
    // Reports, share links and sessions do not depend on the key (tokens are stored as hashes).
    expect(withoutRequestId((await client.get(`/runs/${finished.id}`)).body)).toBe(before.run);
    expect(withoutRequestId((await restored.api.get(`/public/reports/${shareToken}`)).body)).toBe(before.share);
    expect((await new ApiClient(`${restored.baseUrl}/api/v1`, owner.client.token).get('/runs')).status).toBe(200);
    const total = items();

    const refused = await client.post(`/plans/${plan.id}/runs`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error.code).toBe('TARGET_SECRETS_UNREADABLE');
    expect(refused.body.error.message).toMatch(/LOADLINE_SECRET_KEY/);
    const edit = await client.patch(`/targets/${plan.targetId}`, { headers: { [HEADER]: 'x' } });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('TARGET_SECRETS_UNREADABLE');
    expect(items()).toBe(total);
    // What does not need the secrets still works: a rename.
    expect((await client.patch(`/targets/${plan.targetId}`, { name: 'renamed' })).status).toBe(200);

    // A webhook cannot sign with a secret it cannot open: the delivery says why, then a
    // rotated secret (sealed with this key) delivers.
    const refusedDelivery = (await client.post<{ id: string }>(`/webhooks/${webhookId}/test`)).body.id;
    const deliveryOf = async (id: string) =>
      (await client.get<{ items: { id: string; status: string; lastError: string | null }[] }>(`/webhooks/${webhookId}/deliveries`)).body.items.find(
        (d) => d.id === id,
      );
    const failed = await eventually(
      () => deliveryOf(refusedDelivery),
      (delivery) => !!delivery?.lastError,
      30_000,
    );
    expect(failed!.lastError).toMatch(/signing secret cannot be opened with this LOADLINE_SECRET_KEY/);
    expect(server.counts.get('POST /hook')).toBeUndefined();
    expect((await client.post(`/webhooks/${webhookId}/rotate-secret`)).status).toBe(201);
    const delivered = (await client.post<{ id: string }>(`/webhooks/${webhookId}/test`)).body.id;
    await eventually(
      () => deliveryOf(delivered),
      (delivery) => delivery?.status === 'DELIVERED',
      30_000,
    );
    expect(server.counts.get('POST /hook')).toBe(1);
  });
});
