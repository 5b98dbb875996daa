import { describe, expect, it } from 'vitest';
import { planSpecSchema } from '@loadline/shared';
import { checkPlanDataColumns, type ColumnsOf } from './plan-data-check.js';
import { PlanError } from './plans.errors.js';

const columnsOf: ColumnsOf = async (set, version) =>
  set === 'users' && (version === undefined || version === 1)
    ? {
        version: 1,
        columns: [
          { name: 'id', secret: false },
          { name: 'token', secret: true },
        ],
      }
    : null;

const spec = (data: unknown[], headers: Record<string, string>) =>
  planSpecSchema.parse({
    data,
    scenarios: [{ name: 's', load: { executor: 'constant-vus', vus: 1, duration: '5s' }, requests: [{ name: 'A', path: '/', headers }] }],
  });

async function refusal(promise: Promise<void>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PlanError);
  return error as PlanError;
}

describe('checkPlanDataColumns', () => {
  it('passes known sets and columns', async () => {
    await expect(checkPlanDataColumns(spec([{ set: 'users', mode: 'unique' }], { T: '{{data.users.token}}' }), columnsOf)).resolves.toBeUndefined();
  });

  it('refuses an unknown set or version, naming the path (422)', async () => {
    const error = await refusal(checkPlanDataColumns(spec([{ set: 'users', mode: 'unique', version: 4 }], {}), columnsOf));
    expect([error.status, error.code, error.details]).toEqual([422, 'UNKNOWN_DATA_SET', [{ path: 'data.0.set', message: 'data set users has no version 4' }]]);
  });

  it('refuses an unknown column, naming where it is and what the set has (422)', async () => {
    const error = await refusal(checkPlanDataColumns(spec([{ set: 'users', mode: 'per-vu' }], { E: '{{data.users.email}}' }), columnsOf));
    expect([error.status, error.code, error.details]).toEqual([
      422,
      'UNKNOWN_DATA_COLUMN',
      [{ path: 'scenarios.0.requests.0.headers.E', message: 'data set users has no column email (it has id, token)' }],
    ]);
  });
});
