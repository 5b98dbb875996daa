import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../../test/stack.js';
import type { ApiClient } from '../../test/api-client.js';
import { validPlan } from '../../test/fixtures.js';

/** Inputs the OpenAPI fuzz (scripts/fuzz.sh) once turned into 500s: each a clear 4xx now. */
describe('bad input is a 4xx with the error envelope, never a 500', () => {
  let stack: TestStack;
  let client: ApiClient;
  let plan: PlanView;
  let target: TargetView;

  beforeAll(async () => {
    stack = await startStack({ label: 'badinput', runner: false });
    client = (await stack.api.signup('badinput')).client;
    target = (await client.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (await client.post<PlanView>('/plans', validPlan(target.id))).body;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('bounds version numbers to what PostgreSQL stores', async () => {
    for (const path of [
      `/plans/${plan.id}/diff?from=1&to=9007199254740990`,
      `/plans/${plan.id}/script?version=9007199254740990`,
      `/plans/${plan.id}/versions/9007199254740990`,
      `/plans/${plan.id}/versions/2147483648`,
    ]) {
      const response = await client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.error.code, path).toBe('VALIDATION_FAILED');
      expect(response.body.error.message, path).toContain('2147483647');
    }
    expect((await client.get(`/plans/${plan.id}/versions/2147483647`)).status).toBe(404);
  });

  it('answers malformed values that validation once threw on', async () => {
    const empty = await client.post('/targets', { name: 'x', baseUrl: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0]).toMatchObject({ path: 'baseUrl' });
    expect((await client.patch(`/targets/${target.id}`, { baseUrl: '' })).status).toBe(400);
    const think = await client.patch(`/plans/${plan.id}`, { requests: [{ name: 'Get', path: '/', thinkTime: { min: '0ms', max: '' } }] });
    expect(think.status).toBe(400);
    expect(JSON.stringify(think.body.error.details)).toContain('thinkTime');
  });

  it('says 405 with Allow for a method a path does not take, 404 for a path that does not exist', async () => {
    // fetch refuses TRACE itself; node:http sends it as a client would.
    const trace = await new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
      const req = http.request(`${stack.api.base}/targets`, { method: 'TRACE' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(trace.status).toBe(405);
    expect(trace.allow).toBe('GET, HEAD, POST');
    expect((JSON.parse(trace.body) as { error: { code: string } }).error.code).toBe('METHOD_NOT_ALLOWED');
    const put = await client.request('PUT', `/plans/${plan.id}`, { name: 'x' });
    expect(put.status).toBe(405);
    expect((await client.get('/no-such-route')).status).toBe(404);
  });
});
