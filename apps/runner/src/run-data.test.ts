import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDataFile, planSpecSchema, type JobDataSet, type RunExecutePayload } from '@loadline/shared';
import { sealDataSlice, type RunDataStore } from '@loadline/shared/queue';
import { DataUsageCounter, stageSegmentData } from './run-data.js';
import { SECRET_MARK } from './reported-names.js';

const KEY = 'r'.repeat(40);
const rows = [
  ['u1', 'secret-token-1'],
  ['u2', 'secret-token-2'],
];
const use: JobDataSet = {
  set: 'users',
  version: 2,
  mode: 'unique',
  whenExhausted: 'stop',
  columns: [
    { name: 'id', secret: false },
    { name: 'token', secret: true },
  ],
  rows: 4,
  slices: [
    { key: 'k0', rows: 2 },
    { key: 'k1', rows: 2 },
  ],
};
const job = { runId: 'run-1', segment: { index: 1, count: 2 }, data: [use] };

/** The slices the API put, by key (a Map stands for Redis here; the k6 tests use the real one). */
function storeOf(entries: Record<string, Buffer>): RunDataStore {
  return { get: async (key: string) => entries[key] ?? null } as unknown as RunDataStore;
}

describe('stageSegmentData', () => {
  let workdir: string;
  beforeAll(async () => {
    workdir = await mkdtemp(path.join(os.tmpdir(), 'loadline-run-data-'));
  });
  afterAll(async () => {
    await rm(workdir, { recursive: true, force: true });
  });

  it("writes its segment's rows where LOADLINE_DATA_<SET> says, and redacts the secret column's cells", async () => {
    const file = encodeDataFile('users', 2, ['id', 'token'], rows);
    const staged = await stageSegmentData(storeOf({ k1: sealDataSlice(KEY, 'run-1', 'users', 1, file) }), KEY, job, workdir, '/work');
    if ('unavailable' in staged) throw new Error(staged.unavailable);
    expect(staged.env).toEqual({ LOADLINE_DATA_USERS: '/work/data-users.json' });
    expect(await readFile(path.join(workdir, 'data-users.json'), 'utf8')).toBe(file);
    expect(staged.secrets.redact('failed: GET /me?t=secret-token-2 (u2)')).toBe(`failed: GET /me?t=${SECRET_MARK} (u2)`);
  });

  it('collects every secret cell of a slice of many chunks (rows cut across chunk edges)', async () => {
    const many = Array.from({ length: 40_000 }, (_, i) => [`u${i}`, `tok-${randomBytes(24).toString('hex')}`]);
    const file = encodeDataFile('users', 2, ['id', 'token'], many);
    const staged = await stageSegmentData(storeOf({ k1: sealDataSlice(KEY, 'run-1', 'users', 1, file) }), KEY, job, workdir, '/work');
    if ('unavailable' in staged) throw new Error(staged.unavailable);
    expect(await readFile(path.join(workdir, 'data-users.json'), 'utf8')).toBe(file);
    expect(staged.secrets.size).toBe(many.length);
    for (const [id, token] of [many[0]!, many[12_345]!, many.at(-1)!]) expect(staged.secrets.redact(`${id} ${token}`)).toBe(`${id} ${SECRET_MARK}`);
  });

  it('says why when the rows are gone or are not this segment’s', async () => {
    expect(await stageSegmentData(storeOf({}), KEY, job, workdir, '/work')).toEqual({ unavailable: expect.stringContaining('gone from Redis') });
    const other = sealDataSlice(KEY, 'run-1', 'users', 0, encodeDataFile('users', 2, ['id', 'token'], rows));
    expect(await stageSegmentData(storeOf({ k1: other }), KEY, job, workdir, '/work')).toEqual({ unavailable: expect.stringContaining('do not open') });
    // The bytes written before the seal failed at the end are not left for k6.
    expect(existsSync(path.join(workdir, 'data-users.json'))).toBe(false);
    expect(await stageSegmentData(undefined, KEY, job, workdir, '/work')).toEqual({ unavailable: expect.stringContaining('without a data store') });
  });
});

describe('DataUsageCounter', () => {
  it("counts rows used from the segment's seconds and says when the set ran out", () => {
    const spec = planSpecSchema.parse({
      data: [{ set: 'users', mode: 'unique' }],
      scenarios: [{ name: 's', load: { executor: 'constant-vus', vus: 1, duration: '5s' }, requests: [{ name: 'A', path: '/{{data.users.id}}' }] }],
    });
    const counter = new DataUsageCounter({ ...job, spec } as Pick<RunExecutePayload, 'segment' | 'data' | 'spec'>);
    const second = (iterations: number) => ({
      v: 1 as const,
      t: 1,
      requests: [],
      vus: 1,
      vusMax: 1,
      iterations,
      droppedIterations: 0,
      bytesReceived: 0,
      bytesSent: 0,
      checks: [],
      scenarioIterations: [{ name: 's', iterations, droppedIterations: 0 }],
    });
    counter.observe(second(1));
    counter.observe(second(1));
    expect(counter.usage('test aborted: loadline: data set exhausted: users ran out after 2 rows')).toEqual([
      { set: 'users', rowsUsed: 2, exhausted: 'stopped' },
    ]);
    expect(counter.usage(undefined)).toEqual([{ set: 'users', rowsUsed: 2, exhausted: null }]);
  });
});
