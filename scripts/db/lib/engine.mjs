// Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm), driven over
// @prisma/adapter-pg instead of the native engine binary.

import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { connect, createDatabase, dropDatabase } from './connection.mjs';
import { UserError, fail, rel } from './errors.mjs';
import { LOCKFILE_CONTENT, LOCKFILE_NAME } from './migrations-folder.mjs';

export async function readSchemaFiles(dir) {
  const names = (await readdir(dir).catch(() => fail(`no Prisma schema folder at ${rel(dir)}`))).filter((f) => f.endsWith('.prisma')).sort();
  if (names.length === 0) fail(`no *.prisma files in ${rel(dir)}`);
  return Promise.all(names.map(async (n) => ({ path: rel(path.join(dir, n)), content: await readFile(path.join(dir, n), 'utf8') })));
}

// @prisma/schema-engine-wasm is built by wasm-bindgen for bundlers (it imports its .wasm
// as an ES module, which Node 20 cannot), so instantiate the module by hand.
let bindings;
async function loadEngineBindings() {
  if (bindings) return bindings;
  const gluePath = fileURLToPath(import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
  const glue = await import(gluePath);
  const bytes = await readFile(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  bindings = glue;
  return glue;
}

// Two fixes to @prisma/adapter-pg 7.10.1 for the schema engine:
// - catalog columns of PostgreSQL's one-byte type "char" (oid 18, array 1002) are not
//   mapped by the adapter ("Column type 'char' could not be deserialized"): present them
//   as text, which is what they are;
// - executeScript splits scripts on every ";" (breaking strings, comments, $$ bodies) and
//   runs the pieces one by one: run the whole script as one simple query instead, as the
//   native engine does.
function patchAdapter(queryable) {
  const performIO = queryable.performIO.bind(queryable);
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result?.fields ?? []) {
      if (field.dataTypeID === 18) field.dataTypeID = 25;
      else if (field.dataTypeID === 1002) field.dataTypeID = 1009;
    }
    return result;
  };
  if (typeof queryable.startTransaction === 'function') {
    const startTransaction = queryable.startTransaction.bind(queryable);
    queryable.startTransaction = async (...args) => patchAdapter(await startTransaction(...args));
  }
  if (typeof queryable.executeScript === 'function') {
    queryable.executeScript = async (script) => {
      try {
        await queryable.client.query(script);
      } catch (err) {
        queryable.onError(err);
      }
    };
  }
  return queryable;
}

// A migration-aware adapter factory whose shadow database is a fresh
// loadline_shadow_<random> on the same server. (PrismaPg's own connectToShadowDb passes
// `database` next to `connectionString`, which node-postgres overrides with the URL's
// database, so its "shadow" would be the main database.)
export async function engineSession(settings, datamodels) {
  const [{ PrismaPg }, { bindMigrationAwareSqlAdapterFactory }, glue] = await Promise.all([
    import('@prisma/adapter-pg'),
    import('@prisma/driver-adapter-utils'),
    loadEngineBindings(),
  ]);
  const shadows = new Set();
  const adapters = new Set();
  const factory = {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async connect() {
      const adapter = await new PrismaPg({ connectionString: settings.connectionString }).connect();
      adapters.add(adapter);
      return patchAdapter(adapter);
    },
    async connectToShadowDb() {
      const name = `loadline_shadow_${randomBytes(6).toString('hex')}`;
      await createDatabase(settings, name);
      shadows.add(name);
      const adapter = await new PrismaPg({ connectionString: settings.withDatabase(name) }).connect();
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        await dropDatabase(settings, name);
        shadows.delete(name);
      };
      return patchAdapter(adapter);
    },
  };

  // Fail early and readably when the server is not there.
  (await connect(settings)).end().catch(() => {});

  const log = process.env.MIGRATE_DEBUG ? (line) => console.error(`[engine] ${line}`) : () => {};
  let engine;
  try {
    engine = await glue.SchemaEngine.new({ datamodels }, log, bindMigrationAwareSqlAdapterFactory(factory));
  } catch (err) {
    throw engineError(err);
  }
  return {
    engine,
    async close() {
      try {
        engine.free();
      } catch {
        // already freed
      }
      // The engine does not dispose its main connection when freed; end its pool.
      for (const adapter of adapters) await adapter.dispose().catch(() => {});
      for (const name of shadows) await dropDatabase(settings, name).catch(() => {});
    },
  };
}

// Engine errors carry a Rust span trace after the message; keep the message.
export function engineError(err) {
  const message = String(err?.message ?? err)
    .split(/\n\s+0: /)[0]
    .trim();
  return new UserError(`schema engine: ${message}`);
}

// The migrations folder as the Prisma CLI hands it to the engine (MigrationList).
export function engineMigrationsList(folder) {
  return {
    baseDir: folder.dir,
    // The engine needs the provider from the lock file; a first migration has none yet.
    lockfile: { path: LOCKFILE_NAME, content: folder.lockfileContent ?? LOCKFILE_CONTENT },
    shadowDbInitScript: '',
    migrationDirectories: folder.migrations.map((m) => ({
      path: m.name,
      migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: m.script } },
    })),
  };
}
