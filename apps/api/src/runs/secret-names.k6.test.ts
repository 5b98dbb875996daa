import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pg from 'pg';
import { VERIFICATION_PATH, type CreatedApiKey, type PlanView, type RunView, type TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { runSurfaces } from '../test/run-surfaces.js';
import { startStack, TEST_REDIS_URL, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

const HEADER_TOKEN = 'tok-7c2e9f41b8d3';
const VARIABLE = 'topsecretvariable42';

/** Every spelling of the secrets a careless scan would miss. */
const SPELLINGS = [HEADER_TOKEN, VARIABLE, encodeURIComponent(`Bearer ${HEADER_TOKEN}`), Buffer.from(VARIABLE).toString('base64').replace(/=+$/, '')];

/** A Redis key's whole value, whatever its type (DUMP would compress long strings). */
async function readKey(redis: Redis, key: string): Promise<unknown> {
  switch (await redis.type(key)) {
    case 'string':
      return redis.get(key);
    case 'hash':
      return redis.hgetall(key);
    case 'list':
      return redis.lrange(key, 0, -1);
    case 'set':
      return redis.smembers(key);
    case 'zset':
      return redis.zrange(key, '0', '-1', 'WITHSCORES');
    case 'stream':
      return redis.xrange(key, '-', '+');
    default:
      return null;
  }
}

/**
 * A MEMBER's custom script on a verified target holds the target's admin-set header and
 * variable, and puts them everywhere a name or message is made: the URL path and query (k6
 * names a request by its URL), a name tag, a check, a custom metric, the console and an
 * exception (issue 27, finding 2). Then every place the run's data lives is read in full and
 * searched for the secrets: every row of every table, every Redis key of the installation's
 * prefix, every line the runner logged (at debug), each answer to a VIEWER key (run, series,
 * list, trend, exports) and the public report of a share link.
 */
describe("a script cannot publish its target's secrets", () => {
  let stack: TestStack;
  let owner: ApiClient;
  let server: LoopbackServer;
  let published = '';
  const runnerLogs: string[] = [];

  const SCRIPT = `import http from 'k6/http';
import { check } from 'k6';
import { Counter } from 'k6/metrics';
const headers = JSON.parse(__ENV.LOADLINE_HEADERS);
const vars = JSON.parse(__ENV.LOADLINE_VARS);
const token = (headers.Authorization || 'Bearer none').split(' ')[1];
const leak = new Counter('leak_' + vars.API_TOKEN);
export const options = { vus: 1, iterations: 2 };
export default function () {
  http.get(__ENV.LOADLINE_BASE_URL + '/p/' + token + '?v=' + vars.API_TOKEN + '&h=' + encodeURIComponent(headers.Authorization));
  const res = http.get(__ENV.LOADLINE_BASE_URL + '/ok', { tags: { name: 'named ' + vars.API_TOKEN } });
  check(res, { ['check ' + token]: () => true });
  leak.add(1);
  console.log('the token is ' + token);
}
export function teardown() { throw new Error('boom ' + vars.API_TOKEN); }
`;

  beforeAll(async () => {
    stack = await startStack({ label: 'secretnames', runner: false });
    await stack.startRunnerProcess('secrets', { logs: runnerLogs, logLevel: 'debug' });
    owner = (await stack.api.signup('secretnames')).client;
    server = await startLoopbackServer(
      (req) => (req.url === VERIFICATION_PATH ? { status: 200, delayMs: 0, body: published } : { status: 200, delayMs: 0 }),
      '127.0.0.2',
    );
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  const leaks = (where: string, text: string) => SPELLINGS.filter((spelling) => text.includes(spelling)).map((spelling) => `${where}: ${spelling}`);

  it('finds the secrets in no row, key, log line, VIEWER answer or public report', async () => {
    const target = (
      await owner.post<TargetView>('/targets', {
        name: 'own',
        baseUrl: server.url,
        headers: { Authorization: `Bearer ${HEADER_TOKEN}` },
        variables: { API_TOKEN: VARIABLE },
      })
    ).body;
    published = `${target.verification.value}\n`;
    expect((await owner.post(`/targets/${target.id}/verify`, { method: 'http' })).status).toBe(200);
    const plan = await owner.post<PlanView>('/plans', { name: 'leaky', targetId: target.id, script: { source: SCRIPT } });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const run = await owner.waitForRun((await owner.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`)).body.run.id, 60_000);
    // The script did carry the secrets to the target: they were there to leak.
    expect(server.counts.get(`GET /p/${HEADER_TOKEN}`)).toBe(2);
    expect(run.error?.message).toContain('boom');

    const found: string[] = [];
    const viewer = owner.as((await owner.post<CreatedApiKey>('/api-keys', { name: 'viewer', role: 'VIEWER' })).body.secret);
    const paths = [`/runs/${run.id}`, `/runs/${run.id}/series`, `/runs?planId=${plan.body.id}`, `/plans/${plan.body.id}/trend`, `/dashboard`];
    for (const { where, text } of await runSurfaces(owner, viewer, stack.api, run.id, paths)) found.push(...leaks(where, text));
    // Names still say what ran: the secret is marked, the request is there.
    expect(JSON.stringify((await viewer.get(`/runs/${run.id}`)).body)).toContain('named <secret>');

    const db = new pg.Client({ connectionString: stack.db.url });
    await db.connect();
    try {
      const tables = (await db.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`)).rows;
      for (const { name } of tables) {
        const rows = await db.query<{ row: string }>(`SELECT row_to_json(whole_row)::text AS row FROM "${name}" whole_row`);
        found.push(...leaks(`table ${name}`, rows.rows.map((row) => row.row).join('\n')));
      }
    } finally {
      await db.end();
    }

    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${stack.queuePrefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) found.push(...leaks(`redis ${key}`, `${key} ${JSON.stringify(await readKey(redis, key))}`));
    } finally {
      redis.disconnect();
    }

    expect(runnerLogs.length).toBeGreaterThan(0);
    found.push(...leaks('runner log', runnerLogs.join('\n')));
    expect(found).toEqual([]);
  });
});
