#!/usr/bin/env node
// Loadline's database migrations without Prisma's native schema engine.
//
//   node scripts/db/migrate.mjs deploy   [--schema <pgschema>]   apply pending migrations
//   node scripts/db/migrate.mjs status   [--schema <pgschema>]   list applied / pending
//   node scripts/db/migrate.mjs new <name> [--empty]             write the next migration
//   node scripts/db/migrate.mjs diff     [--exit-code]           print SQL schema vs migrations
//   node scripts/db/migrate.mjs resolve --rolled-back <name> | --applied <name>
//
// The connection comes from DATABASE_URL (default
// postgresql://loadline:loadline@127.0.0.1:5432/loadline); `?schema=` in it, or --schema,
// picks the PostgreSQL schema (default "public"), as with Prisma.
//
// Migrations stay in Prisma's own format (prisma/migrations/<timestamp>_<name>/migration.sql
// plus migration_lock.toml) and `deploy` keeps the `_prisma_migrations` table exactly as
// `prisma migrate deploy` does (same DDL, uuid ids, sha256 checksums, timestamps, steps
// count, advisory lock 72707369), so either tool can take over a database from the other.
//
// deploy/status/resolve talk to PostgreSQL directly through `pg`. new/diff need the schema
// engine: they load @prisma/schema-engine-wasm (Prisma's engine compiled to WebAssembly)
// with the @prisma/adapter-pg driver adapter, and replay the migrations in a throw-away
// shadow database (loadline_shadow_<random>) on the same server, dropped afterwards.
// See docs/database.md.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { deploy, resolve } from './lib/apply.mjs';
import { DEFAULT_URL } from './lib/connection.mjs';
import { UserError, fail } from './lib/errors.mjs';
import { createMigration, diff } from './lib/schema-diff.mjs';
import { status } from './lib/status.mjs';

// What the tests (and any other importer) use to drive the engine directly.
export { connectionSettings } from './lib/connection.mjs';
export { engineMigrationsList, engineSession, readSchemaFiles } from './lib/engine.mjs';
export { readMigrationsFolder } from './lib/migrations-folder.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_MIGRATIONS_DIR = path.join(ROOT, 'prisma/migrations');
const DEFAULT_SCHEMA_DIR = path.join(ROOT, 'prisma/schema');

const USAGE = `usage: node scripts/db/migrate.mjs <command> [options]

commands:
  deploy                    apply pending migrations from prisma/migrations to DATABASE_URL
  status                    list applied and pending migrations (exit 1 unless up to date)
  new <name>                write prisma/migrations/<timestamp>_<name>/migration.sql with the SQL
                            that brings the migrations to prisma/schema ("no changes" if none)
  diff                      print that SQL without writing anything (nothing when they agree)
  resolve --rolled-back <m> mark failed migration <m> as rolled back (fix it, then deploy again)
  resolve --applied <m>     record <m> as applied without running it (baselining)

options:
  --schema <pgschema>       PostgreSQL schema (default: ?schema= of DATABASE_URL, else public)
  --empty                   new: write an empty migration when there are no schema changes
  --exit-code               diff: exit 2 when there is a difference
  --migrations-dir <dir>    default prisma/migrations
  --schema-dir <dir>        default prisma/schema (every *.prisma file in it)

env: DATABASE_URL (default ${DEFAULT_URL}), MIGRATE_LOCK_TIMEOUT_SECONDS (default 120)`;

async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        schema: { type: 'string' },
        'migrations-dir': { type: 'string' },
        'schema-dir': { type: 'string' },
        'exit-code': { type: 'boolean' },
        empty: { type: 'boolean' },
        'rolled-back': { type: 'string' },
        applied: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    fail(`${err.message}\n${USAGE}`);
  }
  const [command, ...positionals] = parsed.positionals;
  const v = parsed.values;
  if (v.help || !command) {
    console.log(USAGE);
    return command || v.help ? 0 : 1;
  }
  const opts = {
    positionals,
    url: process.env.DATABASE_URL || DEFAULT_URL,
    schema: v.schema,
    migrationsDir: path.resolve(v['migrations-dir'] ?? DEFAULT_MIGRATIONS_DIR),
    schemaDir: path.resolve(v['schema-dir'] ?? DEFAULT_SCHEMA_DIR),
    exitCode: v['exit-code'] ?? false,
    empty: v.empty ?? false,
    rolledBack: v['rolled-back'],
    applied: v.applied,
  };
  switch (command) {
    case 'deploy':
      await deploy(opts);
      return 0;
    case 'status':
      return status(opts);
    case 'new':
      return createMigration(opts);
    case 'diff':
      return diff(opts);
    case 'resolve':
      await resolve(opts);
      return 0;
    default:
      fail(`unknown command "${command}"\n${USAGE}`);
  }
}

// Run as a command; importing this file (the tests do) only gets the exports.
const isEntryPoint = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntryPoint) runCli();

function runCli() {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code ?? 0;
    },
    (err) => {
      if (err instanceof UserError) {
        console.error(`migrate: ${err.message}`);
      } else {
        console.error(`migrate: unexpected error: ${err?.stack ?? err}`);
      }
      process.exitCode = 1;
    },
  );
}
