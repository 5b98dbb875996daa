import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type CreatedApiKey, type PlanView, type RunView, type TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { runSurfaces } from '../test/run-surfaces.js';
import { startStack, TEST_REDIS_URL, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { eventually } from '../test/eventually.js';

/** One request as the target saw it: its path, the row's token header, and the connection it came on (one per k6 VU). */
interface Arrival {
  path: string;
  token: string | undefined;
  connection: string;
}

/** Tokens of this file's data set: a prefix no other text has, so finding it anywhere is a leak. */
const SECRET_PREFIX = `tok-${randomBytes(6).toString('hex')}-`;
const USERS = Array.from({ length: 3000 }, (_, i) => ({ id: `u${String(i).padStart(4, '0')}`, token: `${SECRET_PREFIX}${i}` }));
const USERS_CSV = `id,token\n${USERS.map((user) => `${user.id},${user.token}`).join('\n')}\n`;
const FEW_CSV = `id\n${Array.from({ length: 300 }, (_, i) => `f${String(i).padStart(3, '0')}`).join('\n')}\n`;

/**
 * Plans that use data sets, run by three real runner processes driving real k6 against a
 * loopback server that records which row each request carried: rows split between segments
 * so no two runners share one, each mode as documented, running out as the plan says, and
 * a secret column that reaches the target and nothing else.
 */
describe('plans use data sets', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let server: LoopbackServer;
  let target: TargetView;
  const arrivals: Arrival[] = [];
  const runnerLogs: string[] = [];
  const apiLogs: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ label: 'datasets', runner: false, env: { LOADLINE_MAX_RUNNERS: '4', LOG_LEVEL: 'debug' }, apiLogs });
    await Promise.all(['d1', 'd2', 'd3'].map((name) => stack.startRunnerProcess(name, { logs: runnerLogs, logLevel: 'debug' })));
    owner = (await stack.api.signup('datasets')).client;
    server = await startLoopbackServer((req) => {
      arrivals.push({
        path: req.url ?? '',
        token: req.headers['x-token'] as string | undefined,
        connection: `${req.socket.remotePort}`,
      });
      return { status: 200, delayMs: 0 };
    });
    target = (await owner.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url })).body;
    const upload = (name: string, csv: string, query = '') => owner.request('PUT', `/data-sets/${name}${query}`, csv, { 'content-type': 'text/csv' });
    expect((await upload('users', USERS_CSV, '?secret=token')).status).toBeLessThan(300);
    expect((await upload('few', FEW_CSV)).status).toBeLessThan(300);
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  async function runPlan(name: string, body: Record<string, unknown>): Promise<{ run: RunView; arrived: Arrival[] }> {
    const plan = await owner.post<PlanView>('/plans', { name, targetId: target.id, ...body });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const from = arrivals.length;
    const started = await owner.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const run = await owner.waitForRun(started.body.run.id, 120_000);
    return { run, arrived: arrivals.slice(from) };
  }
  const idsUnder = (arrived: Arrival[], prefix: string) => arrived.filter((a) => a.path.startsWith(prefix)).map((a) => a.path.slice(prefix.length));
  const countsOf = (ids: string[]) => ids.reduce((map, id) => map.set(id, (map.get(id) ?? 0) + 1), new Map<string, number>());

  it('refuses at save a set the organization does not have and a column the set does not have, naming the path', async () => {
    const base = { name: 'bad', targetId: target.id, load: { executor: 'constant-vus', vus: 1, duration: '1s' } };
    const noColumn = await owner.post('/plans', {
      ...base,
      data: [{ set: 'users', mode: 'unique' }],
      requests: [{ name: 'A', path: '/a', headers: { 'X-Email': '{{data.users.email}}' } }],
    });
    expect(noColumn.status).toBe(422);
    expect(noColumn.body.error.code).toBe('UNKNOWN_DATA_COLUMN');
    expect(noColumn.body.error.details).toEqual([
      { path: 'scenarios.0.requests.0.headers.X-Email', message: 'data set users has no column email (it has id, token)' },
    ]);
    const noSet = await owner.post('/plans', { ...base, data: [{ set: 'orders', mode: 'unique' }], requests: [{ name: 'A', path: '/a' }] });
    expect(noSet.status).toBe(422);
    expect(noSet.body.error).toMatchObject({ code: 'UNKNOWN_DATA_SET', details: [{ path: 'data.0.set', message: 'no data set orders' }] });
  });

  it('unique over 3 segments: 2,400 iterations send 2,400 distinct rows of the 3,000, none twice, each with its own secret token', async () => {
    const { run, arrived } = await runPlan('unique', {
      segments: 3,
      data: [{ set: 'users', mode: 'unique' }],
      load: { executor: 'shared-iterations', vus: 6, iterations: 2400, maxDuration: '60s' },
      requests: [{ name: 'Row', path: '/row/{{data.users.id}}', headers: { 'X-Token': '{{data.users.token}}' } }],
    });
    expect(run.status).toBe('PASSED');
    const ids = idsUnder(arrived, '/row/');
    expect(ids).toHaveLength(2400);
    expect(new Set(ids).size).toBe(2400);
    const known = new Map(USERS.map((user) => [user.id, user.token]));
    expect(ids.filter((id) => !known.has(id))).toEqual([]);
    // The secret column reached the target, cell by cell with its row.
    expect(arrived.filter((a) => a.path.startsWith('/row/') && a.token !== known.get(a.path.slice(5)))).toEqual([]);
    expect(run.manifest!.data).toEqual([{ set: 'users', version: 1, mode: 'unique', whenExhausted: 'stop', rows: 3000, rowsUsed: 2400, exhausted: null }]);
    expect(run.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain('DATA_EXHAUSTED');
  });

  it('unique running out with stop: every row once, then each segment stops, and the report says so', async () => {
    const { run, arrived } = await runPlan('stop', {
      segments: 3,
      data: [{ set: 'few', mode: 'unique', whenExhausted: 'stop' }],
      // One VU per segment: the iteration that finds no row comes after every row was sent.
      load: { executor: 'shared-iterations', vus: 3, iterations: 450, maxDuration: '60s' },
      requests: [{ name: 'Few', path: '/few/{{data.few.id}}' }],
    });
    const ids = idsUnder(arrived, '/few/');
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    expect(run.status).toBe('PASSED');
    expect(run.manifest!.data).toEqual([{ set: 'few', version: 1, mode: 'unique', whenExhausted: 'stop', rows: 300, rowsUsed: 300, exhausted: 'stopped' }]);
    expect(run.diagnostics.find((diagnostic) => diagnostic.code === 'DATA_EXHAUSTED')?.message).toBe(
      'Data set few (v1) ran out after 300 rows: the run stopped, as the plan says.',
    );
  });

  it("unique running out with wrap: the plan's iterations all run, rows reused only after every row was used", async () => {
    const { run, arrived } = await runPlan('wrap', {
      segments: 3,
      data: [{ set: 'few', mode: 'unique', whenExhausted: 'wrap' }],
      load: { executor: 'shared-iterations', vus: 3, iterations: 450, maxDuration: '60s' },
      requests: [{ name: 'Wrap', path: '/wrap/{{data.few.id}}' }],
    });
    const counts = countsOf(idsUnder(arrived, '/wrap/'));
    expect([...counts.values()].reduce((sum, n) => sum + n, 0)).toBe(450);
    expect(counts.size).toBe(300);
    expect(Math.max(...counts.values())).toBe(2);
    expect(run.status).toBe('PASSED');
    expect(run.manifest!.data![0]).toMatchObject({ rowsUsed: 300, exhausted: 'wrapped' });
    expect(run.diagnostics.find((diagnostic) => diagnostic.code === 'DATA_EXHAUSTED')?.message).toBe(
      'Data set few (v1) ran out after 300 rows and started over from the first row, as the plan says: later iterations reused rows.',
    );
  });

  it("per-vu: every request of a VU carries that VU's row for the whole run, and no two VUs share one", async () => {
    const { run, arrived } = await runPlan('per-vu', {
      segments: 3,
      data: [{ set: 'users', mode: 'per-vu' }],
      scenarios: [
        {
          name: 'flow',
          flow: 'sequence',
          load: { executor: 'constant-vus', vus: 6, duration: '3s' },
          requests: [
            { name: 'Login', path: '/vu/login/{{data.users.id}}' },
            { name: 'Me', path: '/vu/me/{{data.users.id}}', headers: { 'X-Token': '{{data.users.token}}' } },
          ],
          thinkTime: { min: '50ms', max: '50ms' },
        },
      ],
    });
    expect(run.status).toBe('PASSED');
    const mine = arrived.filter((a) => a.path.startsWith('/vu/'));
    const byConnection = new Map<string, Set<string>>();
    for (const a of mine) byConnection.set(a.connection, (byConnection.get(a.connection) ?? new Set()).add(a.path.split('/').at(-1)!));
    // k6 keeps a connection per VU: each carried one row, every request of it.
    expect([...byConnection.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(new Set(mine.map((a) => a.path.split('/').at(-1))).size).toBe(6);
    expect(mine.length).toBeGreaterThan(6 * 10);
    expect(run.manifest!.data![0]).toMatchObject({ mode: 'per-vu', rowsUsed: 6 });
  });

  it('a custom script reading the set with SharedArray over 2 segments gets disjoint rows', async () => {
    const source = `import http from 'k6/http';
import exec from 'k6/execution';
import { SharedArray } from 'k6/data';
const rows = new SharedArray('users', () => (__ENV.LOADLINE_DATA_USERS ? JSON.parse(open(__ENV.LOADLINE_DATA_USERS)).rows : []));
export const options = { scenarios: { s: { executor: 'shared-iterations', vus: 2, iterations: 200, maxDuration: '60s' } } };
export default function () {
  http.get(__ENV.LOADLINE_BASE_URL + '/script/' + rows[exec.scenario.iterationInInstance][0]);
}
`;
    const { run, arrived } = await runPlan('script', { segments: 2, data: [{ set: 'users', mode: 'unique' }], script: { source } });
    expect(run.status).toBe('PASSED');
    const ids = idsUnder(arrived, '/script/');
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
    expect(ids.every((id) => USERS.some((user) => user.id === id))).toBe(true);
  });

  it("the secret column is nowhere but sealed: not in PostgreSQL, Redis, the API's or runners' logs, VIEWER answers, exports or the share page", async () => {
    const runs = (await owner.get<{ items: RunView[] }>('/runs')).body.items;
    expect(runs.length).toBeGreaterThan(0);
    const found: string[] = [];
    const leaks = (where: string, text: string) => (text.includes(SECRET_PREFIX) ? [where] : []);
    const viewer = owner.as((await owner.post<CreatedApiKey>('/api-keys', { name: 'viewer', role: 'VIEWER' })).body.secret);
    for (const run of runs) {
      const paths = [`/runs/${run.id}`, `/runs/${run.id}/series`, `/data-sets/users/preview`, `/plans/${run.planId}/script`];
      for (const { where, text } of await runSurfaces(owner, viewer, stack.api, run.id, paths)) found.push(...leaks(where, text));
    }

    // Every row of every table; bytes read as they are and, when they are gzip, un-gzip'd.
    const db = new pg.Client({ connectionString: stack.db.url });
    await db.connect();
    try {
      const tables = (await db.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`)).rows;
      for (const { name } of tables) {
        for (const { row } of (await db.query<{ row: string }>(`SELECT row_to_json(whole_row)::text AS row FROM "${name}" whole_row`)).rows) {
          found.push(...leaks(`table ${name}`, row));
          for (const hex of row.match(/\\\\x[0-9a-f]+/g) ?? []) {
            const bytes = Buffer.from(hex.slice(3), 'hex');
            found.push(...leaks(`table ${name} (bytes)`, bytes.toString('latin1')));
            try {
              found.push(...leaks(`table ${name} (gzip)`, gunzipSync(bytes).toString('utf8')));
            } catch {
              // not gzip
            }
          }
        }
      }
    } finally {
      await db.end();
    }

    // Every key of the installation's prefix, after the runs: slices are sealed, then dropped.
    const redis = new Redis(TEST_REDIS_URL);
    try {
      // Dropped as each run ended (just after it was marked ended).
      const slices = await eventually(
        () => redis.keys(`${stack.queuePrefix}:rq:data:*`),
        (left) => left.length === 0,
      );
      expect(slices).toEqual([]);
      const keys = await redis.keys(`${stack.queuePrefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        const type = await redis.type(key);
        const value =
          type === 'string'
            ? await redis.getBuffer(key)
            : type === 'hash'
              ? await redis.hgetall(key)
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'set'
                  ? await redis.smembers(key)
                  : type === 'zset'
                    ? await redis.zrange(key, '0', '-1')
                    : type === 'stream'
                      ? await redis.xrange(key, '-', '+')
                      : null;
        found.push(...leaks(`redis ${key}`, Buffer.isBuffer(value) ? value.toString('latin1') : JSON.stringify(value)));
      }
    } finally {
      redis.disconnect();
    }

    expect(runnerLogs.length).toBeGreaterThan(0);
    found.push(...leaks('runner log', runnerLogs.join('\n')));
    expect(apiLogs.length).toBeGreaterThan(0);
    found.push(...leaks('API log', apiLogs.join('\n')));
    expect(found).toEqual([]);
  });
});
