// Tests of scripts/db/backup.sh and restore.sh against the real PostgreSQL server of
// DATABASE_URL (no mocks), with the machine's pg_dump/pg_restore:
//   node --test scripts/db/backup.test.mjs
// Restore, then upgrade: a dump of a database that is some migrations behind is restored and
// brought up to date by restore.sh's deploy, its rows kept (and backfilled where a newer
// migration backfills). Also what the scripts refuse, and that they never print a password.
// Works in databases of its own (loadline_test_backup_*), dropped at the end.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const MIGRATIONS_DIR = path.join(ROOT, 'prisma/migrations');
const BASE_URL = process.env.DATABASE_URL || 'postgresql://loadline:loadline@127.0.0.1:5432/loadline';
/**
 * The "older installation" stops just before this migration, so that restore.sh's deploy
 * applies it (and every newer one) and its backfill of RunFigure can be checked.
 */
const FIRST_MISSING = 'run_figures';
/** How many migrations the older installation has not applied; set in before(). */
let BEHIND;
const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
const OLD_DB = `loadline_test_backup_old_${suffix}`;
const RESTORED_DB = `loadline_test_backup_restored_${suffix}`;

const urlFor = (database, { password } = {}) => {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  if (password !== undefined) url.password = password;
  return url.toString();
};

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
const script = (name, args, env) => run('bash', [path.join(HERE, name), ...args], env);

async function query(database, sql, params = []) {
  const client = new pg.Client({ connectionString: urlFor(database) });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

let work;
let dump;

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'loadline-backup-test-'));
  // The older release's migrations folder: every migration before FIRST_MISSING.
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{14}_/.test(name)).sort();
  const firstMissing = names.findIndex((name) => name.endsWith(`_${FIRST_MISSING}`));
  assert.ok(firstMissing > 0, `no migration named *_${FIRST_MISSING} in ${MIGRATIONS_DIR}`);
  BEHIND = names.length - firstMissing;
  const olderDir = path.join(work, 'migrations');
  await mkdir(olderDir);
  await cp(path.join(MIGRATIONS_DIR, 'migration_lock.toml'), path.join(olderDir, 'migration_lock.toml'));
  for (const name of names.slice(0, -BEHIND)) await cp(path.join(MIGRATIONS_DIR, name), path.join(olderDir, name), { recursive: true });
  const deployed = await run(process.execPath, [path.join(HERE, 'migrate.mjs'), 'deploy', '--migrations-dir', olderDir], { DATABASE_URL: urlFor(OLD_DB) });
  assert.equal(deployed.code, 0, deployed.stderr);

  // A tenant with one finished run, written as the older release wrote it.
  const summary = {
    overall: { count: 120, rps: 40, errorRate: 0, latency: { p50: 25, p95: 31, p99: 40 } },
    requests: [{ name: 'Get', count: 120, rps: 40, errorRate: 0, latency: { p50: 25, p95: 31, p99: 40 } }],
  };
  await query(
    OLD_DB,
    `WITH t AS (INSERT INTO "Tenant" (id, name, slug, "updatedAt") VALUES ('ten1', 'Old org', 'old-org', now()) RETURNING id),
          g AS (INSERT INTO "Target" (id, "tenantId", name, "baseUrl", "verificationToken", "updatedAt") VALUES ('tgt1', 'ten1', 'api', 'http://127.0.0.1:9', 'tok', now()) RETURNING id),
          p AS (INSERT INTO "TestPlan" (id, "tenantId", "targetId", name, "updatedAt") VALUES ('pln1', 'ten1', 'tgt1', 'plan', now()) RETURNING id),
          v AS (INSERT INTO "PlanVersion" (id, "tenantId", "planId", version, name, "targetId", spec) VALUES ('ver1', 'ten1', 'pln1', 1, 'plan', 'tgt1', '{}') RETURNING id)
     INSERT INTO "Run" (id, "tenantId", "planId", "planVersionId", "targetId", status, "baseUrl", summary)
     VALUES ('run1', 'ten1', 'pln1', 'ver1', 'tgt1', 'PASSED', 'http://127.0.0.1:9', $1)`,
    [JSON.stringify(summary)],
  );
});

after(async () => {
  for (const database of [OLD_DB, RESTORED_DB]) await query('postgres', `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  if (work) await rm(work, { recursive: true, force: true });
});

test('backup.sh writes loadline-<UTC time>.dump and prints its path and size, never the password', async () => {
  const { code, stdout, stderr } = await script('backup.sh', [path.join(work, 'backups')], { DATABASE_URL: urlFor(OLD_DB) });
  assert.equal(code, 0, stderr);
  const [file, bytes] = stdout.trim().split('\t');
  assert.match(path.basename(file), /^loadline-\d{8}T\d{6}Z\.dump$/);
  assert.equal(Number(bytes), (await stat(file)).size);
  assert.doesNotMatch(stdout + stderr, new RegExp(`:${new URL(BASE_URL).password}@`));
  dump = file;
});

test('backup.sh writes the dump readable by its owner only (0600), in a folder it makes 0700, whatever the umask', async () => {
  const folder = path.join(work, 'private', 'backups');
  // The usual umask (022) would leave a new file 0644: every user of the machine could read
  // every tenant's data in it.
  const { code, stdout, stderr } = await run('bash', ['-c', 'umask 022 && exec bash "$0" "$1"', path.join(HERE, 'backup.sh'), folder], {
    DATABASE_URL: urlFor(OLD_DB),
  });
  assert.equal(code, 0, stderr);
  const file = stdout.trim().split('\t')[0];
  assert.equal(((await stat(file)).mode & 0o777).toString(8), '600');
  assert.equal(((await stat(folder)).mode & 0o777).toString(8), '700');
});

test('pg-url.sh hands libpq a password with backslashes exactly as written, raw or percent-encoded', async () => {
  // What pg_url_split exports as PGPASSWORD (hex, so a newline or a lost backslash shows).
  const split = async (url) => {
    const shown = await run('bash', [
      '-c',
      'source "$0/../lib/common.sh" && source "$0/lib/pg-url.sh" && pg_url_split "$1" && printf %s "$PGPASSWORD" | od -An -tx1 | tr -d " \n"',
      HERE,
      url,
    ]);
    assert.equal(shown.code, 0, shown.stderr);
    return Buffer.from(shown.stdout, 'hex').toString();
  };
  const password = 'a\\nb\\x41c\\\\d%e\\';
  assert.equal(await split(`postgresql://loadline:${password.replace('%', '%25')}@127.0.0.1:5432/db`), password);
  assert.equal(await split(`postgresql://loadline:${encodeURIComponent(password)}@127.0.0.1:5432/db`), password);
  // The database name and ?schema= are decoded the same way.
  const named = await run('bash', [
    '-c',
    'source "$0/../lib/common.sh" && source "$0/lib/pg-url.sh" && pg_url_split "$1" && printf "%s|%s" "$PG_DBNAME" "$PG_SCHEMA"',
    HERE,
    'postgresql://u@h/d\\t%41?schema=s\\n',
  ]);
  assert.equal(named.stdout, 'd\\tA|s\\n');
});

test('a dump of an older schema restores, and restore.sh upgrades it: status up to date, rows kept and backfilled', async () => {
  const restored = await script('restore.sh', [dump], { DATABASE_URL: urlFor(RESTORED_DB) });
  assert.equal(restored.code, 0, restored.stderr);
  assert.equal(restored.stdout.match(/^applied /gm)?.length, BEHIND, restored.stdout);
  assert.match(restored.stdout, /database is up to date/);

  const status = await run(process.execPath, [path.join(HERE, 'migrate.mjs'), 'status'], { DATABASE_URL: urlFor(RESTORED_DB) });
  assert.equal(status.code, 0, status.stdout + status.stderr);
  assert.match(status.stdout, /database is up to date/);

  assert.deepEqual(await query(RESTORED_DB, `SELECT id, status::text, "jsonVersion" FROM "Run"`), [{ id: 'run1', status: 'PASSED', jsonVersion: 1 }]);
  // The newer run_figures migration backfilled the figures of the restored run.
  const figures = await query(RESTORED_DB, `SELECT request, stat, value FROM "RunFigure" WHERE "runId" = 'run1' AND stat = 'p95' ORDER BY request`);
  assert.deepEqual(figures, [
    { request: '', stat: 'p95', value: 31 },
    { request: 'Get', stat: 'p95', value: 31 },
  ]);
});

test('restore.sh refuses a database that is not empty unless --force', async () => {
  const refused = await script('restore.sh', [dump], { DATABASE_URL: urlFor(RESTORED_DB) });
  assert.equal(refused.code, 1);
  assert.match(
    refused.stderr,
    /database loadline_test_backup_restored_\w+ is not empty \(\d+ relations\): restore into a new, empty database, or pass --force/,
  );

  await query(RESTORED_DB, `UPDATE "Tenant" SET name = 'changed after the backup'`);
  const forced = await script('restore.sh', ['--force', dump], { DATABASE_URL: urlFor(RESTORED_DB) });
  assert.equal(forced.code, 0, forced.stderr);
  assert.deepEqual(await query(RESTORED_DB, `SELECT name FROM "Tenant"`), [{ name: 'Old org' }]);
});

test('a percent-encoded password and ?schema= (the forms DATABASE_URL takes) work', async () => {
  // "%6c%6f%61%64line" is "loadline": libpq is handed the decoded password.
  const url = new URL(urlFor(OLD_DB));
  const encoded = [...url.password].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
  const withSchema = `${url.protocol}//${url.username}:${encoded}@${url.host}${url.pathname}?schema=public`;
  const { code, stdout, stderr } = await script('backup.sh', [path.join(work, 'schema')], { DATABASE_URL: withSchema });
  assert.equal(code, 0, stderr);
  assert.match(stderr, /dumping database loadline_test_backup_old_\w+ \(schema public\)/);
  assert.ok(!(stdout + stderr).includes(encoded));
  const listed = await run('pg_restore', ['--list', stdout.split('\t')[0]]);
  assert.match(listed.stdout, /TABLE public Run /);
});

test('backup.sh refuses to run without pg_dump, and a refused password is not printed', async () => {
  // A PATH with what the script needs before its check, but no PostgreSQL tools.
  const bin = path.join(work, 'bin');
  await mkdir(bin);
  await symlink('/usr/bin/dirname', path.join(bin, 'dirname'));
  const missing = await run('/bin/bash', [path.join(HERE, 'backup.sh'), path.join(work, 'none')], { DATABASE_URL: urlFor(OLD_DB), PATH: bin });
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /pg_dump not found: install PostgreSQL's client tools/);

  const wrong = 'Wr0ng-pw-5ecret!';
  const refused = await script('backup.sh', [path.join(work, 'refused')], { DATABASE_URL: urlFor(OLD_DB, { password: wrong }) });
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /password authentication failed/);
  assert.ok(!(refused.stdout + refused.stderr).includes('Wr0ng'), refused.stderr);
  assert.deepEqual(await readdir(path.join(work, 'refused')), [], 'a failed backup leaves no file behind');
});
