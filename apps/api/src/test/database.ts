import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const MIGRATE = path.resolve(here, '../../../../scripts/db/migrate.mjs');
const MIGRATIONS = path.resolve(here, '../../../../prisma/migrations');
export const TEST_ADMIN_URL = process.env.LOADLINE_TEST_ADMIN_URL ?? 'postgresql://loadline:loadline@127.0.0.1:5432/loadline';

export interface TestDatabase {
  url: string;
  /** Runs one SQL statement on this database (to check what was stored, or to age a row). */
  query<R extends pg.QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** Applies every migration not applied yet (after `createTestDatabase(label, { before })`). */
  migrate(): Promise<void>;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Stop before this migration (its folder name): to fill rows in the shape a release found them, then migrate. */
  before?: string;
}

function deploy(url: string, migrationsDir = MIGRATIONS) {
  return promisify(execFile)(process.execPath, [MIGRATE, 'deploy', '--migrations-dir', migrationsDir], { env: { ...process.env, DATABASE_URL: url } });
}

/** Migrates with a copy of the migrations folder holding only those older than `before`. */
async function deployBefore(url: string, before: string): Promise<void> {
  const names = await readdir(MIGRATIONS);
  if (!names.includes(before)) throw new Error(`no migration ${before}`);
  const folder = await mkdtemp(path.join(tmpdir(), 'loadline-migrations-'));
  try {
    for (const name of names)
      if (name === 'migration_lock.toml' || name < before) await cp(path.join(MIGRATIONS, name), path.join(folder, name), { recursive: true });
    await deploy(url, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database and every session on it. An autovacuum worker that happens to be on it
 * runs as another role, which this role may not terminate (42501): it is done within moments,
 * so the drop is tried again.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * A fresh database with every migration applied, for one test file: files run in parallel
 * without seeing each other's rows, and nothing is left behind once `drop` has run.
 */
export async function createTestDatabase(label: string, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const name = `loadline_test_${label.replace(/[^a-z0-9]/gi, '').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${name}`;
  if (options.before) await deployBefore(url.toString(), options.before);
  else await deploy(url.toString());
  return {
    url: url.toString(),
    migrate: async () => void (await deploy(url.toString())),
    async query<R extends pg.QueryResultRow>(text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<R>(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => dropDatabase(name),
  };
}
