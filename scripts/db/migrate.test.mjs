// Tests of scripts/db/migrate.mjs against a real PostgreSQL (no mocks).
//   node --test scripts/db/migrate.test.mjs
// Needs the server of DATABASE_URL (default postgresql://loadline:loadline@127.0.0.1:5432/loadline,
// `bash scripts/ensure-postgres.sh`) and a role with CREATEDB: every run works in databases
// of its own (loadline_test_migrate_*), dropped at the end.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { connectionSettings, engineMigrationsList, engineSession, readMigrationsFolder, readSchemaFiles } from './migrate.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const CLI = path.join(HERE, 'migrate.mjs');
const MIGRATIONS_DIR = path.join(ROOT, 'prisma/migrations');
const SCHEMA_DIR = path.join(ROOT, 'prisma/schema');
const BASE_URL = process.env.DATABASE_URL || 'postgresql://loadline:loadline@127.0.0.1:5432/loadline';
const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
const DB = `loadline_test_migrate_${suffix}`;
const ENGINE_DB = `loadline_test_migrate_engine_${suffix}`;
const NO_FILTERS = { externalTables: [], externalEnums: [] };

const urlFor = (database, params = '') => {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  url.search = params;
  return url.toString();
};
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

function run(args, { url = urlFor(DB) } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function query(database, sql, params = []) {
  const client = new pg.Client({ connectionString: urlFor(database) });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: urlFor('postgres'), connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL at ${BASE_URL.replace(/\/\/[^@]*@/, '//')} is not usable (${err.code ?? err.message}); run \`bash scripts/ensure-postgres.sh\``,
    );
  }
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Prisma's own verdict on a database's migration history (diagnoseMigrationHistory of the
// schema engine, as `prisma migrate status` uses it), through the WASM engine.
async function prismaDiagnosis(database, migrationsDir = MIGRATIONS_DIR) {
  const files = await readSchemaFiles(SCHEMA_DIR);
  const folder = await readMigrationsFolder(migrationsDir);
  const session = await engineSession(
    connectionSettings(urlFor(database), null),
    files.map((f) => [f.path, f.content]),
  );
  try {
    return await session.engine.diagnoseMigrationHistory({
      migrationsList: engineMigrationsList(folder),
      optInToShadowDatabase: false,
      filters: NO_FILTERS,
    });
  } finally {
    await session.close();
  }
}

let folder;
let models;

before(async () => {
  folder = await readMigrationsFolder(MIGRATIONS_DIR);
  assert.ok(folder.migrations.length > 0, 'prisma/migrations holds no migration');
  const schemaText = (await readSchemaFiles(SCHEMA_DIR)).map((f) => f.content).join('\n');
  models = [...schemaText.matchAll(/^model\s+(\w+)\s*\{/gm)].map((m) => m[1]);
  await admin(`CREATE DATABASE "${DB}"`);
});

after(async () => {
  await admin(`DROP DATABASE IF EXISTS "${DB}" WITH (FORCE)`);
  await admin(`DROP DATABASE IF EXISTS "${ENGINE_DB}" WITH (FORCE)`);
});

test('deploy applies every migration to a fresh database', async () => {
  const { code, stdout, stderr } = await run(['deploy']);
  assert.equal(code, 0, stderr);
  const expected = [
    ...folder.migrations.map((m) => `applied ${m.name}`),
    `database is up to date (${folder.migrations.length} migration${folder.migrations.length === 1 ? '' : 's'})`,
  ];
  assert.deepEqual(stdout.trim().split('\n'), expected);

  const tables = (await query(DB, `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).map((r) => r.tablename);
  for (const model of [...models, '_prisma_migrations']) assert.ok(tables.includes(model), `table ${model} is missing`);
});

test('_prisma_migrations is what prisma migrate deploy writes', async () => {
  const columns = await query(
    DB,
    `SELECT column_name, data_type, character_maximum_length AS len, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '_prisma_migrations'
      ORDER BY ordinal_position`,
  );
  assert.deepEqual(
    columns.map((c) => [c.column_name, c.data_type, c.len, c.is_nullable, c.column_default]),
    [
      ['id', 'character varying', 36, 'NO', null],
      ['checksum', 'character varying', 64, 'NO', null],
      ['finished_at', 'timestamp with time zone', null, 'YES', null],
      ['migration_name', 'character varying', 255, 'NO', null],
      ['logs', 'text', null, 'YES', null],
      ['rolled_back_at', 'timestamp with time zone', null, 'YES', null],
      ['started_at', 'timestamp with time zone', null, 'NO', 'now()'],
      ['applied_steps_count', 'integer', null, 'NO', '0'],
    ],
  );
  const [pk] = await query(DB, `SELECT conname FROM pg_constraint WHERE conrelid = '_prisma_migrations'::regclass AND contype = 'p'`);
  assert.equal(pk.conname, '_prisma_migrations_pkey');

  const rows = await query(DB, 'SELECT * FROM _prisma_migrations ORDER BY started_at');
  assert.deepEqual(
    rows.map((r) => r.migration_name),
    folder.migrations.map((m) => m.name),
  );
  for (const [i, row] of rows.entries()) {
    const file = await readFile(folder.migrations[i].file, 'utf8');
    assert.equal(row.checksum, sha256(file), `checksum of ${row.migration_name}`);
    assert.match(row.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(row.finished_at instanceof Date && row.finished_at >= row.started_at);
    assert.equal(row.rolled_back_at, null);
    assert.equal(row.logs, null);
    assert.equal(row.applied_steps_count, 1);
  }
});

test('deploy again is a no-op', async () => {
  const before = await query(DB, 'SELECT id FROM _prisma_migrations ORDER BY id');
  const { code, stdout, stderr } = await run(['deploy']);
  assert.equal(code, 0, stderr);
  assert.equal(stdout.trim(), `database is up to date (${folder.migrations.length} migration${folder.migrations.length === 1 ? '' : 's'})`);
  assert.deepEqual(await query(DB, 'SELECT id FROM _prisma_migrations ORDER BY id'), before);

  const status = await run(['status']);
  assert.equal(status.code, 0, status.stdout + status.stderr);
  assert.match(status.stdout, /database is up to date/);
});

test("Prisma's own schema engine accepts the migration history deploy wrote", async () => {
  const diagnosis = await prismaDiagnosis(DB);
  assert.deepEqual(diagnosis, { editedMigrationNames: [], failedMigrationNames: [], hasMigrationsTable: true, history: null });
});

test('diff is empty: prisma/schema and prisma/migrations agree', async () => {
  const { code, stdout, stderr } = await run(['diff', '--exit-code']);
  assert.equal(stdout, '', `prisma/schema has changes without a migration; run \`pnpm db:migration:new <name>\`:\n${stdout}`);
  assert.equal(code, 0, stderr);
});

test('a tampered checksum is refused', async () => {
  const [row] = await query(DB, 'SELECT id, checksum, migration_name FROM _prisma_migrations ORDER BY started_at LIMIT 1');
  await query(DB, 'UPDATE _prisma_migrations SET checksum = $2 WHERE id = $1', [row.id, sha256('tampered')]);
  try {
    const { code, stderr } = await run(['deploy']);
    assert.equal(code, 1);
    assert.match(stderr, new RegExp(`${row.migration_name} was edited after it was applied`));
    assert.equal(stderr.trim().split('\n').length, 1, 'the error is one line');

    const status = await run(['status']);
    assert.equal(status.code, 1);
    assert.match(status.stdout, new RegExp(`${row.migration_name}\\s+EDITED`));

    // Prisma sees the same thing.
    const diagnosis = await prismaDiagnosis(DB);
    assert.deepEqual(diagnosis.editedMigrationNames, [row.migration_name]);
  } finally {
    await query(DB, 'UPDATE _prisma_migrations SET checksum = $2 WHERE id = $1', [row.id, row.checksum]);
  }
  assert.equal((await run(['deploy'])).code, 0);
});

test('a failed migration is rolled back, recorded, and blocks deploy until resolved', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'loadline-migrations-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const name = '99999999999999_broken';
  const file = path.join(dir, name, 'migration.sql');
  await cp(path.join(dir, folder.migrations[0].name), path.join(dir, name), { recursive: true });
  // A ";" inside a comment and a string must not split the script.
  await writeFile(file, "-- probe; half applied?\nCREATE TABLE broken_probe (note text DEFAULT 'a;b');\nSELECT * FROM no_such_table;\n");

  let result = await run(['deploy', '--migrations-dir', dir]);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /99999999999999_broken failed and was rolled back: 42P01 relation "no_such_table" does not exist \(migration\.sql line 3\)/);
  assert.deepEqual(await query(DB, `SELECT to_regclass('broken_probe') AS t`), [{ t: null }], 'the failed migration left a table behind');
  const [failed] = await query(DB, 'SELECT * FROM _prisma_migrations WHERE migration_name = $1', [name]);
  assert.equal(failed.finished_at, null);
  assert.equal(failed.applied_steps_count, 0);
  assert.match(failed.logs, /Database error code: 42P01/);
  assert.deepEqual((await prismaDiagnosis(DB, dir)).failedMigrationNames, [name]);

  result = await run(['deploy', '--migrations-dir', dir]);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /refusing to deploy: migration 99999999999999_broken .*failed earlier/);

  await writeFile(file, "-- probe; fixed\nCREATE TABLE broken_probe (note text DEFAULT 'a;b');\n");
  result = await run(['resolve', '--rolled-back', name, '--migrations-dir', dir]);
  assert.equal(result.code, 0, result.stderr);
  result = await run(['deploy', '--migrations-dir', dir]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^applied 99999999999999_broken$/m);
  assert.deepEqual(await query(DB, `SELECT column_default FROM information_schema.columns WHERE table_name = 'broken_probe'`), [
    { column_default: "'a;b'::text" },
  ]);
  const diagnosis = await prismaDiagnosis(DB, dir);
  assert.deepEqual([diagnosis.failedMigrationNames, diagnosis.editedMigrationNames, diagnosis.history], [[], [], null]);
});

test('two deploys started at once apply each migration once (advisory lock), in ?schema=', async () => {
  const url = urlFor(DB, '?schema=concurrent');
  const results = await Promise.all([run(['deploy'], { url }), run(['deploy'], { url })]);
  for (const r of results) assert.equal(r.code, 0, r.stderr);
  const appliedLines = results.flatMap((r) => r.stdout.split('\n').filter((l) => l.startsWith('applied ')));
  assert.deepEqual(appliedLines.sort(), folder.migrations.map((m) => `applied ${m.name}`).sort());
  const rows = await query(DB, 'SELECT migration_name FROM concurrent._prisma_migrations');
  assert.equal(rows.length, folder.migrations.length);
  const tables = (await query(DB, `SELECT tablename FROM pg_tables WHERE schemaname = 'concurrent'`)).map((r) => r.tablename);
  for (const model of models) assert.ok(tables.includes(model), `table concurrent.${model} is missing`);
  const status = await run(['status', '--schema', 'concurrent']);
  assert.equal(status.code, 0, status.stdout);
});

test("a database migrated by Prisma's engine (applyMigrations) is up to date for deploy", async () => {
  await admin(`CREATE DATABASE "${ENGINE_DB}"`);
  const files = await readSchemaFiles(SCHEMA_DIR);
  const session = await engineSession(
    connectionSettings(urlFor(ENGINE_DB), null),
    files.map((f) => [f.path, f.content]),
  );
  try {
    const out = await session.engine.applyMigrations({ migrationsList: engineMigrationsList(folder), filters: NO_FILTERS });
    assert.deepEqual(
      out.appliedMigrationNames,
      folder.migrations.map((m) => m.name),
    );
  } finally {
    await session.close();
  }
  const url = urlFor(ENGINE_DB);
  const { code, stdout, stderr } = await run(['deploy'], { url });
  assert.equal(code, 0, stderr);
  assert.doesNotMatch(stdout, /^applied /m);
  assert.equal((await run(['status'], { url })).code, 0);
});

test('new writes a migration for a schema change, then reports no changes', async (t) => {
  const work = await mkdtemp(path.join(tmpdir(), 'loadline-new-'));
  t.after(() => rm(work, { recursive: true, force: true }));
  const schemaDir = path.join(work, 'schema');
  const migrationsDir = path.join(work, 'migrations');
  await cp(SCHEMA_DIR, schemaDir, { recursive: true });
  await cp(MIGRATIONS_DIR, migrationsDir, { recursive: true });
  await writeFile(path.join(schemaDir, 'probe.prisma'), 'model MigrateProbe {\n  id    Int    @id\n  label String @default("x;y")\n}\n');
  const dirs = ['--schema-dir', schemaDir, '--migrations-dir', migrationsDir];

  let result = await run(['new', 'Add probe', ...dirs]);
  assert.equal(result.code, 0, result.stderr);
  const created = (await readdir(migrationsDir)).filter((d) => d.endsWith('_add_probe'));
  assert.equal(created.length, 1);
  assert.match(created[0], /^\d{14}_add_probe$/);
  assert.equal(result.stdout.trim(), path.relative(ROOT, path.join(migrationsDir, created[0], 'migration.sql')));
  const sql = await readFile(path.join(migrationsDir, created[0], 'migration.sql'), 'utf8');
  assert.match(sql, /CREATE TABLE "MigrateProbe"/);
  assert.match(await readFile(path.join(migrationsDir, 'migration_lock.toml'), 'utf8'), /^provider = "postgresql"$/m);

  result = await run(['new', 'again', ...dirs]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^no changes/);
  result = await run(['diff', '--exit-code', ...dirs]);
  assert.deepEqual([result.code, result.stdout], [0, '']);
});

test('an unreachable database gives a one-line hint', async () => {
  const { code, stderr } = await run(['deploy'], { url: 'postgresql://loadline:loadline@127.0.0.1:1/loadline' });
  assert.equal(code, 1);
  assert.match(stderr.trim(), /^migrate: cannot reach PostgreSQL at 127\.0\.0\.1:1 .*bash scripts\/ensure-postgres\.sh/);
  assert.equal(stderr.trim().split('\n').length, 1);
});
