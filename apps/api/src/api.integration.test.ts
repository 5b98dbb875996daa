import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from './test/stack.js';
import type { ApiClient } from './test/api-client.js';
import { validPlan } from './test/fixtures.js';
import { OPENAPI_DOCUMENT_PATH } from './openapi/export.js';

describe('API edges: accounts, validation, isolation (real PostgreSQL and Redis)', () => {
  let stack: TestStack;
  let alice: ApiClient;
  let aliceTarget: TargetView;
  let alicePlan: PlanView;

  beforeAll(async () => {
    stack = await startStack({ label: 'api', runner: false });
    alice = (await stack.api.signup('alice')).client;
    aliceTarget = (await alice.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/', headers: { Authorization: 'Bearer s3cret' } })).body;
    alicePlan = (await alice.post<PlanView>('/plans', validPlan(aliceTarget.id))).body;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('signs up, logs in, answers /me, and logs out for good', async () => {
    const email = `carol-${Date.now()}@example.test`;
    const signup = await stack.api.post('/auth/signup', { email, password: 'a long enough password', name: 'Carol', organizationName: 'Carol Co' });
    expect(signup.status).toBe(201);
    expect(signup.body.token).toMatch(/^lls_/);
    expect(signup.body.role).toBe('OWNER');

    const again = await stack.api.post('/auth/signup', { email, password: 'a long enough password', name: 'C', organizationName: 'C' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('SIGNUP_REFUSED');

    const wrong = await stack.api.post('/auth/login', { email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');

    const login = await stack.api.post('/auth/login', { email: email.toUpperCase(), password: 'a long enough password' });
    expect(login.status).toBe(200);
    const carol = stack.api.as(login.body.token);
    const me = await carol.get('/me');
    expect(me.body.user.email).toBe(email);
    expect(me.body.tenant.name).toBe('Carol Co');

    expect((await carol.post('/auth/logout')).status).toBe(204);
    const after = await carol.get('/me');
    expect(after.status).toBe(401);
  });

  it('answers 401 with the error envelope without a token, and for a made-up token', async () => {
    for (const client of [stack.api, stack.api.as('lls_made_up')]) {
      const response = await client.get('/targets');
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHENTICATED');
      expect(response.body.error.details).toEqual([]);
    }
  });

  it('never returns target header values', async () => {
    const response = await alice.get<TargetView>(`/targets/${aliceTarget.id}`);
    expect(response.body.headerNames).toEqual(['Authorization']);
    expect(JSON.stringify(response.body)).not.toContain('s3cret');
  });

  it('rejects an invalid plan with 400 PLAN_INVALID naming each field', async () => {
    const response = await alice.post('/plans', {
      ...validPlan(aliceTarget.id),
      load: { executor: 'constant-vus', vus: 0, duration: 'ten seconds' },
      requests: [
        { name: 'Get', path: 'no-slash' },
        { name: 'Get', path: '/' },
      ],
      thresholds: [
        { metric: 'latency', stat: 'p42', op: '<', value: 1 },
        { metric: 'error_rate', request: 'Nope', op: '<', value: 0.1 },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('PLAN_INVALID');
    const paths = response.body.error.details.map((detail: { path: string }) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['load.vus', 'load.duration', 'requests.0.path', 'thresholds.0.stat']));
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js:\d+/);

    // Cross-field rules are checked once the fields themselves are valid.
    const duplicate = await alice.post('/plans', {
      ...validPlan(aliceTarget.id),
      requests: [
        { name: 'Get', path: '/' },
        { name: 'Get', path: '/b' },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error.details).toEqual([{ path: 'requests.1.name', message: expect.stringMatching(/^duplicate request name "Get"/) }]);
  });

  it('rejects a plan on an unknown target, malformed JSON and a bad query with 400s', async () => {
    const unknownTarget = await alice.post('/plans', validPlan('does-not-exist'));
    expect(unknownTarget.status).toBe(400);
    expect(unknownTarget.body.error.details).toEqual([{ path: 'targetId', message: 'no such target' }]);

    const malformed = await alice.request('POST', '/plans', '{"name": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('MALFORMED_JSON');

    const badQuery = await alice.get('/runs?status=SLEEPING');
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error.details[0].path).toBe('status');
  });

  it('makes a new version on every change and keeps the old spec', async () => {
    const updated = await alice.patch<PlanView>(`/plans/${alicePlan.id}`, { load: { executor: 'constant-vus', vus: 3, duration: '5s' } });
    expect(updated.status).toBe(200);
    expect(updated.body.version).toBe(alicePlan.version + 1);
    expect(updated.body.spec.scenarios[0]!.requests).toEqual(alicePlan.spec.scenarios[0]!.requests);
    expect(updated.body.spec.scenarios[0]!.load).toEqual({ executor: 'constant-vus', vus: 3, duration: '5s' });
    const broken = await alice.patch(`/plans/${alicePlan.id}`, { requests: [{ name: 'Other', path: '/' }] });
    // The existing threshold is whole-run, so this is valid; a threshold naming a missing request is not:
    expect(broken.status).toBe(200);
    const invalid = await alice.patch(`/plans/${alicePlan.id}`, { thresholds: [{ metric: 'rps', request: 'Gone', op: '>', value: 1 }] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details[0].path).toBe('thresholds.0.request');
  });

  it('reports database and Redis health and the OpenAPI document', async () => {
    const health = await stack.api.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', database: { ok: true }, redis: { ok: true }, runners: { live: 0 } });
    const docs = (await fetch(`${stack.baseUrl}/api/docs-json`).then((response) => response.json())) as { servers: unknown; paths: Record<string, unknown> };
    expect(docs.servers).toEqual([{ url: '/api/v1' }]);
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(['/plans', '/plans/{id}/runs', '/runs/{id}']));
    // What a running API serves is the committed document the web client is generated from.
    expect(docs).toEqual(JSON.parse(readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8')));
  });
});
