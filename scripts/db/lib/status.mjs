import { connect, connectionSettings } from './connection.mjs';
import { rel } from './errors.mjs';
import { MIGRATIONS_TABLE, readHistory, scriptMatchesChecksum, tablesIn } from './history.mjs';
import { checkFolder, readMigrationsFolder } from './migrations-folder.mjs';

export async function status(opts) {
  const folder = await readMigrationsFolder(opts.migrationsDir);
  checkFolder(folder);
  const settings = connectionSettings(opts.url, opts.schema);
  const { schema } = settings;
  const client = await connect(settings);
  let history = [];
  let hasTable = false;
  try {
    hasTable = (await tablesIn(client, schema)).includes(MIGRATIONS_TABLE);
    if (hasTable) history = await readHistory(client, schema);
  } finally {
    await client.end().catch(() => {});
  }

  const latest = new Map();
  for (const row of history) latest.set(row.migration_name, row); // ordered by started_at
  const onDisk = new Set(folder.migrations.map((m) => m.name));
  let problems = 0;
  let pendingCount = 0;
  console.log(`${folder.migrations.length} migration(s) in ${rel(folder.dir)}; database ${settings.database} on ${settings.where}, schema ${schema}`);
  for (const m of folder.migrations) {
    const row = latest.get(m.name);
    let state;
    if (!row || row.rolled_back_at !== null) {
      state = 'pending';
      pendingCount++;
    } else if (row.finished_at === null) {
      state = 'FAILED';
      problems++;
    } else if (!scriptMatchesChecksum(m.script, row.checksum)) {
      state = 'EDITED (applied, but migration.sql changed since)';
      problems++;
    } else {
      state = 'applied';
    }
    console.log(`  ${m.name}  ${state}`);
  }
  for (const [name, row] of latest) {
    if (!onDisk.has(name) && row.rolled_back_at === null) {
      console.log(`  ${name}  in the database only (not in ${rel(folder.dir)})`);
      problems++;
    }
  }
  if (!hasTable && folder.migrations.length > 0) console.log(`no ${MIGRATIONS_TABLE} table yet`);
  if (problems > 0) {
    console.log('the migration history has problems (see above)');
    return 1;
  }
  if (pendingCount > 0) {
    console.log(`${pendingCount} pending migration(s): run \`pnpm db:migrate\``);
    return 1;
  }
  console.log('database is up to date');
  return 0;
}
