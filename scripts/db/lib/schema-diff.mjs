import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { connectionSettings } from './connection.mjs';
import { engineError, engineMigrationsList, engineSession, readSchemaFiles } from './engine.mjs';
import { UserError, fail, rel } from './errors.mjs';
import { LOCKFILE_CONTENT, LOCKFILE_NAME, checkFolder, readMigrationsFolder } from './migrations-folder.mjs';

const EMPTY_MIGRATION = '-- This is an empty migration.';

// The SQL that takes a database built from the migrations to prisma/schema: the engine's
// `diff` from the migrations directory (replayed in a shadow database) to the datamodel.
async function computeDiff(opts) {
  const folder = await readMigrationsFolder(opts.migrationsDir);
  checkFolder(folder);
  const files = await readSchemaFiles(opts.schemaDir);
  const settings = connectionSettings(opts.url, null);
  const migrationsList = engineMigrationsList(folder);
  const session = await engineSession(
    settings,
    files.map((f) => [f.path, f.content]),
  );
  try {
    const result = await session.engine.diff({
      from: { tag: 'migrations', ...migrationsList },
      to: { tag: 'schemaDatamodel', files },
      script: true,
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
    return { folder, empty: result.exitCode === 0, sql: result.stdout ?? '' };
  } catch (err) {
    throw err instanceof UserError ? err : engineError(err);
  } finally {
    await session.close();
  }
}

export async function diff(opts) {
  const { empty, sql } = await computeDiff(opts);
  if (empty) {
    console.error(`no difference: ${rel(opts.migrationsDir)} matches ${rel(opts.schemaDir)}`);
    return 0;
  }
  process.stdout.write(sql.endsWith('\n') ? sql : `${sql}\n`);
  return opts.exitCode ? 2 : 0;
}

// Prisma's migration names: slugified with "_" (@sindresorhus/slugify), at most 200 chars.
function migrationSlug(name) {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z\d]+)/g, '$1_$2')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 200);
}

// UTC yyyyMMddHHmmss, as the engine names migration folders.
function timestampNow() {
  return new Date().toISOString().replace(/\D/g, '').slice(0, 14);
}

export async function createMigration(opts) {
  const name = opts.positionals[0];
  if (!name) fail('usage: node scripts/db/migrate.mjs new <name>   (e.g. pnpm db:migration:new add_run_labels)');
  const slug = migrationSlug(name);
  if (!slug) fail(`"${name}" makes an empty migration name; use letters and digits`);
  const { folder, empty, sql } = await computeDiff(opts);
  if (empty && !opts.empty) {
    console.log(`no changes: ${rel(opts.migrationsDir)} already matches ${rel(opts.schemaDir)}`);
    return 0;
  }
  let dirName = `${timestampNow()}_${slug}`;
  // Keep the order strict when two migrations are made within the same second.
  const last = folder.migrations.at(-1)?.name;
  while (last && dirName.localeCompare(last) <= 0) {
    await new Promise((r) => setTimeout(r, 1000));
    dirName = `${timestampNow()}_${slug}`;
  }
  const dir = path.join(folder.dir, dirName);
  if (existsSync(dir)) fail(`the migration directory already exists at ${rel(dir)}`);
  await mkdir(dir, { recursive: true });
  const script = empty ? `${EMPTY_MIGRATION}\n` : sql;
  await writeFile(path.join(dir, 'migration.sql'), script, 'utf8');
  await writeFile(path.join(folder.dir, LOCKFILE_NAME), LOCKFILE_CONTENT, 'utf8');
  console.log(rel(path.join(dir, 'migration.sql')));
  for (const line of destructiveStatements(script)) console.error(`review: ${line}`);
  return 0;
}

// The native engine prefixes destructive migrations with a "Warnings:" comment; the diff
// command does not compute those, so at least point at statements that can lose data.
function destructiveStatements(sql) {
  return sql
    .split('\n')
    .filter((l) => /^\s*(DROP (TABLE|TYPE|SCHEMA)\b|ALTER TABLE .* (DROP COLUMN|ALTER COLUMN .* (SET DATA TYPE|SET NOT NULL))|ALTER TYPE .* RENAME)/i.test(l))
    .map((l) => `may lose data or fail on existing rows: ${l.trim()}`);
}
