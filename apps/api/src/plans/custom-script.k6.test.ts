import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_PATH, type PlanView, type RunView, type TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

const SCRIPT = `import http from 'k6/http';
import { check } from 'k6';
export const options = { scenarios: { mine: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '3s', preAllocatedVUs: 2 } } };
export default function () {
  const response = http.get(__ENV.LOADLINE_BASE_URL + '/custom', { tags: { name: 'Custom' }, headers: JSON.parse(__ENV.LOADLINE_HEADERS) });
  check(response, { 'Custom: status is 200': (r) => r.status === 200 });
}
`;

/** Custom k6 scripts: checked by k6 (on a runner) before saving, then run as written. */
describe('custom k6 scripts', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let server: LoopbackServer;
  let target: TargetView;
  const authorizations: (string | undefined)[] = [];
  let published = '';

  beforeAll(async () => {
    stack = await startStack({ label: 'customscript' });
    server = await startLoopbackServer((req) => {
      if (req.url === VERIFICATION_PATH) return { status: 200, delayMs: 0, body: published };
      authorizations.push(req.headers.authorization);
      return { status: 200, delayMs: 0 };
    });
    owner = (await stack.api.signup('script')).client;
    target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: server.url, headers: { Authorization: 'Bearer from-target' } })).body;
    // A custom script gets the target's secrets only for a verified target (tenant-code.k6.test.ts).
    published = `${target.verification.value}\n`;
    expect((await owner.post(`/targets/${target.id}/verify`, { method: 'http' })).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.close();
    await server?.close();
  });

  it("checks a script with k6 and shows k6's error at its line", async () => {
    const good = await owner.post('/plans/check-script', { source: SCRIPT });
    expect(good.body).toEqual({ ok: true, maxVUs: 2, durationSeconds: 33, thresholds: [] });
    const bad = await owner.post('/plans/check-script', { source: 'export default function () {\n  let x = ;\n}\n' });
    expect(bad.body).toMatchObject({ ok: false, line: 2, message: expect.stringContaining('Unexpected token') });

    const refused = await owner.post('/plans', { name: 'broken', targetId: target.id, script: { source: 'export default function () {\n  let x = ;\n}\n' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('PLAN_INVALID');
    expect(refused.body.error.details[0]).toMatchObject({ path: 'script.source', message: expect.stringMatching(/^line 2:\d+: .*Unexpected token/) });
  });

  it('saves what k6 says the script needs, and runs it as written against the target', async () => {
    const created = await owner.post<PlanView>('/plans', {
      name: 'custom',
      targetId: target.id,
      // What a client claims is replaced by what k6 found.
      script: { source: SCRIPT, requirements: { maxVUs: 1, durationSeconds: 1 } },
      thresholds: [
        { metric: 'check_rate', op: '>=', value: 0.99 },
        { metric: 'latency', stat: 'p50', request: 'Custom', op: '<', value: 1000 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.spec.script!.requirements).toEqual({ maxVUs: 2, durationSeconds: 33, k6Thresholds: {} });
    expect((await owner.get(`/plans/${created.body.id}/script`)).body.script).toBe(SCRIPT);

    const run = (await owner.post<{ run: RunView }>(`/plans/${created.body.id}/runs`)).body.run;
    const done = await owner.waitForRun(run.id, 90_000);
    expect(done.status, JSON.stringify(done.error)).toBe('PASSED');
    expect(done.summary!.overall.count).toBe(server.counts.get('GET /custom'));
    expect(done.summary!.overall.count).toBeGreaterThanOrEqual(58);
    expect(done.summary!.requests.map((request) => request.name)).toEqual(['Custom']);
    expect(done.summary!.checks).toEqual([{ name: 'Custom: status is 200', passes: done.summary!.overall.count, fails: 0 }]);
    expect(new Set(authorizations)).toEqual(new Set(['Bearer from-target']));
  });

  it('changes a script by PATCH (checked again), renames without a runner check, and switches back to scenarios', async () => {
    const plan = (await owner.post<PlanView>('/plans', { name: 'editable', targetId: target.id, script: { source: SCRIPT } })).body;
    const changed = await owner.patch<PlanView>(`/plans/${plan.id}`, {
      script: { source: SCRIPT.replace('rate: 20', 'rate: 10').replace('preAllocatedVUs: 2', 'preAllocatedVUs: 3') },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.spec.script!.requirements).toEqual({ maxVUs: 3, durationSeconds: 33, k6Thresholds: {} });
    expect((await owner.get(`/plans/${plan.id}/diff?from=1&to=2`)).body.changes.map((change: { path: string }) => change.path)).toEqual([
      'script.source',
      'script.requirements.maxVUs',
    ]);
    const broken = await owner.patch(`/plans/${plan.id}`, { script: { source: 'export default function () { let = ; }' } });
    expect(broken.body.error).toMatchObject({ code: 'PLAN_INVALID', details: [{ path: 'script.source' }] });
    expect((await owner.patch<PlanView>(`/plans/${plan.id}`, { name: 'renamed' })).body.spec.script!.requirements!.maxVUs).toBe(3);
    const back = await owner.patch<PlanView>(`/plans/${plan.id}`, {
      script: null,
      scenarios: [{ name: 'main', load: { executor: 'constant-vus', vus: 1, duration: '1s' }, requests: [{ name: 'A', path: '/' }] }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.spec.script).toBeUndefined();
    expect(back.body.spec.scenarios.map((scenario) => scenario.name)).toEqual(['main']);
  });
});
