import pg from 'pg';

import { fail } from './errors.mjs';

export const DEFAULT_URL = 'postgresql://loadline:loadline@127.0.0.1:5432/loadline';

// Query parameters Prisma understands in a PostgreSQL URL that node-postgres does not.
const PRISMA_ONLY_PARAMS = [
  'schema',
  'connection_limit',
  'pool_timeout',
  'pgbouncer',
  'statement_cache_size',
  'socket_timeout',
  'connect_timeout',
  'max_connection_lifetime',
  'max_idle_connection_lifetime',
];

export function connectionSettings(rawUrl, schemaFlag) {
  let url;
  try {
    url = new URL(rawUrl);
  } catch {
    fail('DATABASE_URL is not a valid URL');
  }
  if (url.protocol !== 'postgresql:' && url.protocol !== 'postgres:') {
    fail(`DATABASE_URL must be a postgresql:// URL, got ${url.protocol}//…`);
  }
  const schema = schemaFlag || url.searchParams.get('schema') || 'public';
  for (const param of PRISMA_ONLY_PARAMS) url.searchParams.delete(param);
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username);
  const host = url.hostname || 'localhost';
  const port = url.port || '5432';
  return {
    connectionString: url.toString(),
    schema,
    database,
    where: `${host}:${port}`,
    // The same server, another database (for CREATE DATABASE and shadow databases).
    withDatabase(name) {
      const other = new URL(url.toString());
      other.pathname = `/${encodeURIComponent(name)}`;
      return other.toString();
    },
  };
}

export const quoteIdent = (name) => `"${String(name).replace(/"/g, '""')}"`;

function connectionProblem(err, settings) {
  const code = err?.code;
  const hint = 'start it with `bash scripts/ensure-postgres.sh`';
  switch (code) {
    case 'ECONNREFUSED':
      return `cannot reach PostgreSQL at ${settings.where} (connection refused): ${hint}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the PostgreSQL host in DATABASE_URL (${settings.where}): check DATABASE_URL, or ${hint}`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `cannot reach PostgreSQL at ${settings.where} (${code}): ${hint}`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${settings.where} refused the login in DATABASE_URL (${err.message}); \`bash scripts/ensure-postgres.sh\` creates role loadline/loadline`;
    case '57P03':
      return `PostgreSQL at ${settings.where} is starting up or shutting down; try again in a moment`;
    default:
      if (/timeout/i.test(err?.message ?? '')) {
        return `cannot reach PostgreSQL at ${settings.where} (connection timed out): ${hint}`;
      }
      return null;
  }
}

export async function connect(settings, { connectionString = settings.connectionString, createIfMissing = false } = {}) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {}); // a dropped connection surfaces on the next query
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => {});
    if (err?.code === '3D000' && createIfMissing) {
      await createDatabase(settings, settings.database);
      console.log(`created database ${settings.database} on ${settings.where}`);
      return connect(settings, { connectionString });
    }
    if (err?.code === '3D000') {
      fail(
        `database "${settings.database}" does not exist on ${settings.where}; \`pnpm db:migrate\` creates it, and \`bash scripts/ensure-postgres.sh\` creates "loadline"`,
      );
    }
    const problem = connectionProblem(err, settings);
    if (problem) fail(problem);
    throw err;
  }
}

// CREATE DATABASE runs from another database of the same server; "postgres" exists on any
// cluster, template1 is the fallback.
export async function createDatabase(settings, name) {
  let lastError;
  for (const maintenance of ['postgres', 'template1']) {
    const client = new pg.Client({ connectionString: settings.withDatabase(maintenance), connectionTimeoutMillis: 10_000 });
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => {});
      lastError = err;
      continue;
    }
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
      return;
    } catch (err) {
      if (err.code === '42P04') return; // created meanwhile by a concurrent process
      if (err.code === '42501') {
        fail(`cannot create database "${name}": the role in DATABASE_URL lacks CREATEDB (ALTER ROLE … CREATEDB, or run \`bash scripts/ensure-postgres.sh\`)`);
      }
      throw err;
    } finally {
      await client.end().catch(() => {});
    }
  }
  fail(connectionProblem(lastError, settings) ?? `cannot create database "${name}": ${lastError?.message}`);
}

export async function dropDatabase(settings, name) {
  const client = new pg.Client({ connectionString: settings.connectionString, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await client.end().catch(() => {});
  }
}
