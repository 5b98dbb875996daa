import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SET_DEFAULT_MAX_ROWS, type DataSetPreview, type DataSetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import { DataSetsService } from './data-sets.module.js';

/**
 * A data set as large as the default limits allow in rows (1,000,000, about 40 MB of CSV)
 * goes through upload, storage, preview and a run's read, with a secret column. Heavy: it runs
 * alone, after the other test files, and holds a few hundred MB while it does.
 */
const ROWS = DATA_SET_DEFAULT_MAX_ROWS;
const cell = (i: number) => String(i).padStart(7, '0');

function bigCsv(): Buffer {
  const lines = ['user,token,tier'];
  for (let i = 0; i < ROWS; i++) lines.push(`user_${cell(i)},tok_${cell(i)}_secret,${i % 3 === 0 ? 'gold' : 'basic'}`);
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

describe('a 1,000,000-row data set within the default limits', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({ label: 'data-heavy', runner: false });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('is stored, previewed and read back whole, the secret column opened only for the run', async () => {
    const { client, session } = await stack.api.signup('data-heavy');
    const body = bigCsv();
    expect(body.length).toBeLessThan(50 * 1024 * 1024);
    const response = await client.raw('/data-sets/users?secret=token', { method: 'PUT', headers: { 'content-type': 'text/csv' }, body });
    expect(response.status).toBe(200);
    const view = (await response.json()) as DataSetView;
    expect(view.latest).toMatchObject({ version: 1, rowCount: ROWS, bytes: body.length });

    const preview = (await client.get<DataSetPreview>('/data-sets/users/preview')).body;
    expect(preview.rowCount).toBe(ROWS);
    expect(preview.rows[1]).toEqual(['user_0000001', '••••••', 'basic']);

    const forRun = await stack.app.get(DataSetsService).readForRun(session.tenant.id, 'users');
    expect(forRun.rows).toHaveLength(ROWS);
    expect(forRun.rows[0]).toEqual(['user_0000000', 'tok_0000000_secret', 'gold']);
    expect(forRun.rows[ROWS - 1]).toEqual([`user_${cell(ROWS - 1)}`, `tok_${cell(ROWS - 1)}_secret`, (ROWS - 1) % 3 === 0 ? 'gold' : 'basic']);
  }, 300_000);
});
