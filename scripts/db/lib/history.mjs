// The _prisma_migrations table, kept exactly as `prisma migrate deploy` keeps it so that
// either tool can take over a database from the other.

import { createHash } from 'node:crypto';

import { quoteIdent } from './connection.mjs';
import { fail } from './errors.mjs';

export const MIGRATIONS_TABLE = '_prisma_migrations';
// Byte for byte Prisma's DDL (schema-engine, PostgresFlavour::create_migrations_table).
export const CREATE_MIGRATIONS_TABLE = `CREATE TABLE _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);
`;
// Tables Prisma ignores when it decides whether a schema without _prisma_migrations is empty.
const IGNORED_TABLES = /^(spatial_ref_sys|geometry_columns|geography_columns|raster_columns|raster_overviews)$/i;

// Prisma's checksum: sha256 of the script, as 64 lowercase hex digits.
export const checksumOf = (script) => createHash('sha256').update(script, 'utf8').digest('hex');

// Prisma's comparison (schema-connector checksum.rs): line endings do not matter, and old
// engines wrote checksums without zero padding.
export function scriptMatchesChecksum(script, checksum) {
  const variants = [script, script.replace(/\r\n/g, '\n'), script.replace(/\n/g, '\r\n')];
  return variants.some((variant) => {
    const digest = createHash('sha256').update(variant, 'utf8').digest();
    const rendered = checksum.length !== 64 && checksum.length > 0 ? [...digest].map((b) => b.toString(16)).join('') : digest.toString('hex');
    return rendered === checksum;
  });
}

export async function useSchema(client, schema) {
  await client.query(`SELECT set_config('search_path', $1, false)`, [quoteIdent(schema)]);
}

export async function schemaExists(client, schema) {
  const { rows } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  return rows.length > 0;
}

export async function tablesIn(client, schema) {
  const { rows } = await client.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname = $1 ORDER BY 1`,
    [schema],
  );
  return rows.map((r) => r.name);
}

export async function readHistory(client, schema) {
  const { rows } = await client.query(
    `SELECT id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count
       FROM ${quoteIdent(schema)}.${MIGRATIONS_TABLE} ORDER BY started_at ASC`,
  );
  return rows;
}

// Prisma's MigrationPersistence::initialize: create the table in an empty schema, refuse a
// schema that has tables but no migration history (it needs baselining).
export async function initializeHistory(client, schema) {
  const tables = await tablesIn(client, schema);
  if (tables.includes(MIGRATIONS_TABLE)) return;
  const foreign = tables.filter((t) => !IGNORED_TABLES.test(t));
  if (foreign.length > 0) {
    const shown = foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? ', …' : '');
    fail(
      `schema "${schema}" is not empty (${foreign.length} table(s): ${shown}) and has no ${MIGRATIONS_TABLE} table, so it was not made by these migrations (Prisma error P3005); baseline it with \`node scripts/db/migrate.mjs resolve --applied <migration>\` for each migration it already contains`,
    );
  }
  await client.query(CREATE_MIGRATIONS_TABLE);
}

export const isFailed = (row) => row.finished_at === null && row.rolled_back_at === null;
export const isApplied = (row) => row.finished_at !== null && row.rolled_back_at === null;
