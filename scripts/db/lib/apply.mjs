// deploy and resolve: the commands that write _prisma_migrations, both under Prisma's
// advisory lock so they never interleave with each other or with `prisma migrate deploy`.

import { randomUUID } from 'node:crypto';

import { connect, connectionSettings, quoteIdent } from './connection.mjs';
import { fail, rel } from './errors.mjs';
import {
  CREATE_MIGRATIONS_TABLE,
  MIGRATIONS_TABLE,
  checksumOf,
  initializeHistory,
  isApplied,
  isFailed,
  readHistory,
  schemaExists,
  scriptMatchesChecksum,
  tablesIn,
  useSchema,
} from './history.mjs';
import { checkFolder, readMigrationsFolder } from './migrations-folder.mjs';

// Prisma's identifier for its migration advisory lock (schema-engine, flavour/postgres.rs).
const ADVISORY_LOCK_ID = 72707369;
const LOCK_WAIT_SECONDS = Number(process.env.MIGRATE_LOCK_TIMEOUT_SECONDS ?? 120);

// pg_advisory_lock(72707369), held for the whole session like Prisma does. A second deploy
// waits here until the first is done, then finds nothing left to apply.
async function acquireLock(client) {
  const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS ok', [ADVISORY_LOCK_ID]);
  if (rows[0].ok) return;
  console.log('waiting for another migration run on this database to finish (advisory lock 72707369)…');
  await client.query(`SET lock_timeout = '${LOCK_WAIT_SECONDS}s'`);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_ID]);
  } catch (err) {
    if (err.code === '55P03') {
      fail(
        `another process held the migration lock (pg_advisory_lock ${ADVISORY_LOCK_ID}) for more than ${LOCK_WAIT_SECONDS}s; see pg_locks / pg_stat_activity`,
      );
    }
    throw err;
  }
  await client.query('RESET lock_timeout');
}

async function releaseLock(client) {
  await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_ID]).catch(() => {});
}

function describeFailed(rows) {
  return rows
    .map((r) => {
      const firstLog = (r.logs ?? '')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .find((l) => /error/i.test(l) && !/^A migration failed/.test(l));
      return `${r.migration_name} (started ${r.started_at.toISOString()}${firstLog ? `: ${firstLog}` : ''})`;
    })
    .join('; ');
}

// The text Prisma keeps in `logs` for a failed migration (user_facing_errors ApplyMigrationError).
function failureLogs(name, err, script) {
  let position = '';
  if (err.position) {
    const offset = Number(err.position) - 1;
    const before = script.slice(0, offset);
    const lineNo = before.split('\n').length;
    const line = script.split('\n')[lineNo - 1] ?? '';
    position = `\n\nPosition:\n${String(lineNo).padStart(3)} ${line}`;
  }
  const dbError = `ERROR: ${err.message}${err.detail ? `\nDETAIL: ${err.detail}` : ''}${err.hint ? `\nHINT: ${err.hint}` : ''}${position}`;
  return `A migration failed to apply. New migrations cannot be applied before the error is recovered from. Read more about how to resolve migration issues in a production database: https://pris.ly/d/migrate-resolve

Migration name: ${name}

Database error code: ${err.code ?? 'none'}

Database error:
${dbError}
`;
}

export async function deploy(opts) {
  const folder = await readMigrationsFolder(opts.migrationsDir);
  checkFolder(folder);
  const settings = connectionSettings(opts.url, opts.schema);
  const { schema } = settings;
  const client = await connect(settings, { createIfMissing: true });
  try {
    await acquireLock(client);
    if (!(await schemaExists(client, schema))) {
      await client.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
      console.log(`created schema ${schema}`);
    }
    await useSchema(client, schema);
    await initializeHistory(client, schema);
    const history = await readHistory(client, schema);

    const failed = history.filter(isFailed);
    if (failed.length > 0) {
      fail(
        `refusing to deploy: migration ${describeFailed(failed)} failed earlier and is still marked failed in ${MIGRATIONS_TABLE} (finished_at is null). Fix the cause, then run \`node scripts/db/migrate.mjs resolve --rolled-back <name>\` (or --applied if you completed it by hand) and deploy again`,
      );
    }

    const onDisk = new Map(folder.migrations.map((m) => [m.name, m]));
    const edited = history.filter(
      (r) => isApplied(r) && onDisk.has(r.migration_name) && !scriptMatchesChecksum(onDisk.get(r.migration_name).script, r.checksum),
    );
    if (edited.length > 0) {
      const names = edited.map((r) => r.migration_name).join(', ');
      fail(
        `refusing to deploy: migration ${names} was edited after it was applied (checksum of migration.sql differs from ${MIGRATIONS_TABLE}.checksum). Restore the applied file from version control and put changes in a new migration`,
      );
    }

    const missing = [...new Set(history.filter(isApplied).map((r) => r.migration_name))].filter((n) => !onDisk.has(n));
    for (const name of missing) {
      console.error(`warning: ${name} is applied to the database but not in ${rel(folder.dir)}`);
    }

    const applied = new Set(history.filter((r) => r.rolled_back_at === null).map((r) => r.migration_name));
    const pending = folder.migrations.filter((m) => !applied.has(m.name));
    for (const migration of pending) {
      await applyMigration(client, schema, migration);
      console.log(`applied ${migration.name}`);
    }
    console.log(`database is up to date (${folder.migrations.length} migration${folder.migrations.length === 1 ? '' : 's'})`);
  } finally {
    await releaseLock(client);
    await client.end().catch(() => {});
  }
}

// The rows Prisma writes (record_migration_started, record_successful_step,
// record_migration_finished): id = uuid v4, checksum, started_at, migration_name; then
// applied_steps_count + 1 and finished_at. Here the row and the script commit together in
// one transaction; if the script fails, the transaction rolls back and the failed attempt
// is recorded as Prisma records it (finished_at null, the error in logs), which blocks
// later deploys until it is resolved.
async function applyMigration(client, schema, migration) {
  const table = `${quoteIdent(schema)}.${MIGRATIONS_TABLE}`;
  const id = randomUUID();
  const checksum = checksumOf(migration.script);
  const startedAt = new Date();
  await client.query('BEGIN');
  try {
    await client.query(`INSERT INTO ${table} (id, checksum, started_at, migration_name) VALUES ($1, $2, $3, $4)`, [id, checksum, startedAt, migration.name]);
    // No parameters: the simple query protocol runs the whole multi-statement script, as
    // Prisma's engine does (tokio-postgres simple_query).
    await client.query(migration.script);
    await client.query(`UPDATE ${table} SET applied_steps_count = applied_steps_count + 1 WHERE id = $1`, [id]);
    await client.query(`UPDATE ${table} SET finished_at = $2 WHERE id = $1`, [id, new Date()]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    if (!err.severity) throw err; // not a database error (connection lost …)
    await client
      .query(`INSERT INTO ${table} (id, checksum, started_at, migration_name, logs) VALUES ($1, $2, $3, $4, $5)`, [
        id,
        checksum,
        startedAt,
        migration.name,
        failureLogs(migration.name, err, migration.script),
      ])
      .catch(() => {});
    fail(
      `migration ${migration.name} failed and was rolled back: ${err.code ? `${err.code} ` : ''}${err.message}${err.position ? ` (${positionText(migration.script, err.position)})` : ''}. It is recorded as failed; fix it, then \`node scripts/db/migrate.mjs resolve --rolled-back ${migration.name}\` and deploy again`,
    );
  }
}

function positionText(script, position) {
  const before = script.slice(0, Number(position) - 1);
  return `migration.sql line ${before.split('\n').length}`;
}

// Like `prisma migrate resolve`.
export async function resolve(opts) {
  const name = opts.rolledBack ?? opts.applied;
  if (!name || (opts.rolledBack && opts.applied)) fail('resolve needs exactly one of --rolled-back <migration> or --applied <migration>');
  const folder = await readMigrationsFolder(opts.migrationsDir);
  checkFolder(folder);
  const settings = connectionSettings(opts.url, opts.schema);
  const { schema } = settings;
  const table = `${quoteIdent(schema)}.${MIGRATIONS_TABLE}`;
  const client = await connect(settings);
  try {
    await acquireLock(client);
    if (opts.applied && !(await schemaExists(client, schema))) await client.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
    await useSchema(client, schema);
    const hasTable = (await tablesIn(client, schema)).includes(MIGRATIONS_TABLE);
    const history = hasTable ? await readHistory(client, schema) : [];
    const failedRows = history.filter((r) => r.migration_name === name && isFailed(r));
    if (opts.rolledBack) {
      if (failedRows.length === 0) fail(`migration ${name} is not in a failed state, so it cannot be marked rolled back (Prisma error P3012)`);
      await client.query(`UPDATE ${table} SET rolled_back_at = $2 WHERE id = ANY($1)`, [failedRows.map((r) => r.id), new Date()]);
      console.log(`marked ${name} as rolled back; \`pnpm db:migrate\` will apply it again`);
      return;
    }
    const migration = folder.migrations.find((m) => m.name === name);
    if (!migration) fail(`there is no migration ${name} in ${rel(folder.dir)}`);
    if (history.some((r) => r.migration_name === name && isApplied(r))) fail(`migration ${name} is already recorded as applied (Prisma error P3008)`);
    if (!hasTable) await client.query(CREATE_MIGRATIONS_TABLE);
    if (failedRows.length > 0) {
      await client.query(`UPDATE ${table} SET rolled_back_at = $2 WHERE id = ANY($1)`, [failedRows.map((r) => r.id), new Date()]);
    }
    const now = new Date();
    await client.query(`INSERT INTO ${table} (id, checksum, logs, started_at, finished_at, migration_name) VALUES ($1, $2, '', $3, $3, $4)`, [
      randomUUID(),
      checksumOf(migration.script),
      now,
      name,
    ]);
    console.log(`recorded ${name} as applied (its SQL was not run)`);
  } finally {
    await releaseLock(client);
    await client.end().catch(() => {});
  }
}
