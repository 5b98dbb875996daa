import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_CELL_MASK, type DataSetPreview, type DataSetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { organizationWithEveryRole, type OrgPeople } from '../test/org-fixture.js';
import { validPlan } from '../test/fixtures.js';
import { DataSetsService } from './data-sets.module.js';

/**
 * Data sets through the real API and PostgreSQL, with small operator ceilings (4 KB, 50 rows)
 * so that the limits are reached by small files. Secret cells: the test writes tokens it
 * knows and then looks for them in every table and every byte the data set tables hold.
 */
const MAX_BYTES = 4_096;
const MAX_ROWS = 50;
const TOKENS = ['tok-ALPHA-5f1e9c', 'tok-BRAVO-77a0d2', 'tok-CHARLIE-03bb41'];
const USERS_CSV = `user,token,plan\n${TOKENS.map((token, i) => `user${i},${token},gold`).join('\n')}\n`;

async function put(client: ApiClient, name: string, body: string | Buffer, type: string, secret?: string) {
  const response = await client.raw(`/data-sets/${name}${secret ? `?secret=${secret}` : ''}`, { method: 'PUT', headers: { 'content-type': type }, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('data sets: upload, preview, limits, secrets, tenancy', () => {
  let stack: TestStack;
  let people: OrgPeople;
  let owner: ApiClient;
  let member: ApiClient;
  let viewer: ApiClient;

  beforeAll(async () => {
    stack = await startStack({
      label: 'data-sets',
      runner: false,
      env: { LOADLINE_DATA_SET_MAX_BYTES: String(MAX_BYTES), LOADLINE_DATA_SET_MAX_ROWS: String(MAX_ROWS) },
    });
    people = await organizationWithEveryRole(stack.api, 'data-sets');
    owner = people.OWNER.client;
    member = people.MEMBER.client;
    viewer = people.VIEWER.client;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('stores a CSV as version 1 and a second upload as version 2; lists, views and versions say so', async () => {
    const first = await put(member, 'users', USERS_CSV, 'text/csv', 'token');
    expect(first.status).toBe(200);
    const view = first.body as DataSetView;
    expect(view).toMatchObject({ name: 'users', versions: 1, latest: { version: 1, format: 'csv', rowCount: 3, bytes: Buffer.byteLength(USERS_CSV) } });
    expect(view.latest.columns).toEqual([
      { name: 'user', secret: false },
      { name: 'token', secret: true },
      { name: 'plan', secret: false },
    ]);

    const json = JSON.stringify([
      { user: 'x', n: 1 },
      { user: 'y', ok: true },
    ]);
    const second = await put(member, 'users', json, 'application/json; charset=utf-8');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ versions: 2, latest: { version: 2, format: 'json', rowCount: 2 } });

    const list = await viewer.get('/data-sets');
    expect(list.body.items.map((set: DataSetView) => [set.name, set.latest.version])).toEqual([['users', 2]]);
    const versions = await viewer.get('/data-sets/users/versions');
    expect(versions.body.items.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    expect((await viewer.get('/data-sets/users/preview')).body).toEqual({
      version: 2,
      columns: [
        { name: 'user', secret: false },
        { name: 'n', secret: false },
        { name: 'ok', secret: false },
      ],
      rowCount: 2,
      rows: [
        ['x', '1', ''],
        ['y', '', 'true'],
      ],
    });
  });

  it('previews a version with its secret cells masked, for every role', async () => {
    for (const client of [viewer, member, owner]) {
      const preview = (await client.get<DataSetPreview>('/data-sets/users/preview?version=1')).body;
      expect(preview.rows).toEqual(TOKENS.map((_, i) => [`user${i}`, SECRET_CELL_MASK, 'gold']));
      expect(JSON.stringify(preview)).not.toContain('tok-');
    }
    expect((await viewer.get('/data-sets/users/preview?version=9')).status).toBe(404);
    // Past what a version number can be (found by the API fuzzer as a 500): a 400 naming it.
    for (const version of ['9007199254740990', '2147483648', '0', 'latest']) {
      const refused = await viewer.get<{ error: { code: string; details: unknown } }>(`/data-sets/users/preview?version=${version}`);
      expect(refused.status, version).toBe(400);
      expect(JSON.stringify(refused.body.error.details), version).toContain('version');
    }
  });

  it('answers each bad file with 422 naming the line (CSV) or row (JSON), and keeps the previous version', async () => {
    const before = (await viewer.get('/data-sets/users/preview')).body;
    const cases: [string, string | Buffer, string, Record<string, unknown>][] = [
      ['ragged row', 'user,token\na,1\nb\nc,3\n', 'text/csv', { line: 3 }],
      ['bad UTF-8', Buffer.concat([Buffer.from('user,city\nalice,'), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]), 'text/csv', { line: 2 }],
      ['missing header', '', 'text/csv', { line: 1 }],
      ['header without a name', 'user,,token\na,b,c\n', 'text/csv', { line: 1 }],
      ['duplicate column', 'user,token,user\na,b,c\n', 'text/csv', { line: 1, column: 'user' }],
      ['too many rows', `user\n${Array.from({ length: MAX_ROWS + 1 }, (_, i) => `u${i}`).join('\n')}\n`, 'text/csv', { line: MAX_ROWS + 2 }],
      ['not an array', '{"user":"a"}', 'application/json', {}],
      ['a row that is not an object', '[{"user":"a"},42]', 'application/json', { row: 1 }],
      ['a nested value', '[{"user":"a"},{"user":"b"},{"user":{"id":1}}]', 'application/json', { row: 2, column: 'user' }],
      ['not JSON', '[{"user":"a"},', 'application/json', {}],
    ];
    for (const [what, body, type, where] of cases) {
      const response = await put(member, 'users', body, type);
      expect(response.status, what).toBe(422);
      expect(response.body.error.code, what).toBe('DATA_SET_INVALID');
      expect(response.body.error.details[0], what).toMatchObject(where);
      const place = where.line !== undefined ? `Line ${where.line}` : where.row !== undefined ? `Row ${where.row}` : '';
      expect(response.body.error.message, what).toContain(place);
    }
    const secretMissing = await put(member, 'users', 'user,token\na,b\n', 'text/csv', 'password');
    expect(secretMissing.status).toBe(422);
    expect(secretMissing.body.error.details).toEqual([{ path: 'secret', message: 'no column password in the file', column: 'password' }]);

    expect((await viewer.get('/data-sets/users')).body).toMatchObject({ versions: 2, latest: { version: 2 } });
    expect((await viewer.get('/data-sets/users/preview')).body).toEqual(before);
    // A failed first upload creates nothing.
    expect((await put(member, 'never', 'a,b\n1\n', 'text/csv')).status).toBe(422);
    expect((await viewer.get('/data-sets/never')).status).toBe(404);
  });

  it('refuses a file over the byte limit with 413 naming the limit, and other content types with 415', async () => {
    const big = `user\n${'x'.repeat(MAX_BYTES)}\n`;
    const response = await put(member, 'users', big, 'text/csv');
    expect(response.status).toBe(413);
    expect(response.body.error).toMatchObject({ code: 'DATA_SET_TOO_LARGE', message: 'A data set file may be at most 4,096 bytes' });
    const plain = await put(member, 'users', 'user\na\n', 'text/plain');
    expect(plain.status).toBe(415);
    expect(plain.body.error.code).toBe('DATA_SET_UNSUPPORTED_TYPE');
    expect((await viewer.get('/data-sets/users')).body.versions).toBe(2);
  });

  it('refuses names that are not identifiers', async () => {
    expect((await put(member, 'my-users', 'a\n1\n', 'text/csv')).status).toBe(400);
    expect((await viewer.get('/data-sets/9lives')).status).toBe(400);
  });

  it('lets viewers read but not upload or delete', async () => {
    expect((await put(viewer, 'users', 'a\n1\n', 'text/csv')).status).toBe(403);
    expect((await viewer.delete('/data-sets/users')).status).toBe(403);
  });

  it("hides another organization's sets: 404 on every route, absent from its list, the name free for it", async () => {
    const other = (await stack.api.signup('data-sets-other')).client;
    expect((await other.get('/data-sets')).body.items).toEqual([]);
    for (const path of ['/data-sets/users', '/data-sets/users/versions', '/data-sets/users/preview', '/data-sets/users/preview?version=1']) {
      const response = await other.get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.error.code, path).toBe('DATA_SET_NOT_FOUND');
    }
    expect((await other.delete('/data-sets/users')).status).toBe(404);
    const own = await put(other, 'users', 'user\nsomeone\n', 'text/csv');
    expect(own.body).toMatchObject({ versions: 1, latest: { rowCount: 1 } });
    expect((await viewer.get('/data-sets/users')).body).toMatchObject({ versions: 2 });
  });

  it('hands a run its rows with secret cells opened (readForRun), and a plan check its columns (columnsOf)', async () => {
    const service = stack.app.get(DataSetsService);
    const tenantId = people.OWNER.session.tenant.id;
    const run = await service.readForRun(tenantId, 'users', 1);
    expect(run).toEqual({
      name: 'users',
      version: 1,
      columns: [
        { name: 'user', secret: false },
        { name: 'token', secret: true },
        { name: 'plan', secret: false },
      ],
      rows: TOKENS.map((token, i) => [`user${i}`, token, 'gold']),
    });
    expect((await service.readForRun(tenantId, 'users')).version).toBe(2);
    await expect(service.readForRun(tenantId, 'users', 7)).rejects.toMatchObject({ code: 'DATA_SET_NOT_FOUND', status: 404 });
    await expect(service.readForRun(tenantId, 'nobody')).rejects.toMatchObject({ code: 'DATA_SET_NOT_FOUND' });
    expect(await service.columnsOf(tenantId, 'users')).toEqual({
      version: 2,
      columns: [
        { name: 'user', secret: false },
        { name: 'n', secret: false },
        { name: 'ok', secret: false },
      ],
    });
    expect(await service.columnsOf(tenantId, 'users', 3)).toBeNull();
    const otherTenant = (await stack.api.signup('data-sets-third')).session.tenant.id;
    expect(await service.columnsOf(otherTenant, 'users')).toBeNull();
  });

  it('keeps secret cells out of PostgreSQL: not in any table, not in the data set bytes, raw or un-gzip’d', async () => {
    const found: string[] = [];
    const tables = await stack.db.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`);
    for (const { name } of tables) {
      const text = (await stack.db.query<{ row: string }>(`SELECT row_to_json(whole_row)::text AS row FROM "${name}" whole_row`)).map((r) => r.row).join('\n');
      for (const token of TOKENS) if (text.includes(token)) found.push(`${token} in table ${name}`);
    }
    const versions = await stack.db.query<{ id: string; rows: Buffer; sealedSecrets: Buffer | null }>(
      `SELECT id, "rows", "sealedSecrets" FROM "DataSetVersion"`,
    );
    expect(versions.some((version) => version.sealedSecrets !== null)).toBe(true);
    for (const version of versions) {
      for (const [column, bytes] of [
        ['rows', version.rows],
        ['sealedSecrets', version.sealedSecrets],
      ] as const) {
        if (!bytes) continue;
        const readable = [bytes];
        try {
          readable.push(gunzipSync(bytes));
        } catch {
          // Sealed bytes are not gzip: only their raw form can be searched.
        }
        for (const candidate of readable) for (const token of TOKENS) if (candidate.includes(token)) found.push(`${token} in ${column} of ${version.id}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('refuses to delete a set a plan uses, naming the plan; deletes it once the plan no longer does', async () => {
    const target = await owner.post('/targets', { name: 'site', baseUrl: 'http://127.0.0.1:9' });
    const plan = await member.post('/plans', { ...validPlan(target.body.id), name: 'signups' });
    expect(plan.status).toBe(201);
    // The plan names the set in its spec's `data` (written here directly: what a plan saved with data stores).
    await stack.db.query(
      `UPDATE "PlanVersion" SET spec = jsonb_set(spec, '{data}', '[{"set":"users","mode":"unique","whenExhausted":"stop"}]') WHERE "planId" = $1`,
      [plan.body.id],
    );
    const refused = await member.delete('/data-sets/users');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'DATA_SET_IN_USE', message: 'Data set users is used by plan "signups": remove it from them first' });
    expect((await member.delete(`/plans/${plan.body.id}`)).status).toBe(204);
    expect((await member.delete('/data-sets/users')).status).toBe(204);
    expect((await viewer.get('/data-sets/users')).status).toBe(404);
    expect(await stack.db.query(`SELECT id FROM "DataSetVersion" WHERE "dataSetId" NOT IN (SELECT id FROM "DataSet")`)).toEqual([]);
  });
});
