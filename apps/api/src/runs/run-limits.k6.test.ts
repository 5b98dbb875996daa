import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

/**
 * A run is held to the VUs it was allowed while k6 runs, whatever a custom script said when it
 * was checked (issue 27, finding 1). Real API, runner and k6; the target is a loopback server
 * that answers after 200 ms, so every VU k6 runs is a request in flight the server counts.
 * The organization may run 5 VUs.
 */
describe('a run is held to its VUs while k6 runs', () => {
  let stack: TestStack;
  let client: ApiClient;
  let server: LoopbackServer;
  let target: TargetView;

  beforeAll(async () => {
    stack = await startStack({ label: 'runlimits' });
    client = (await stack.api.signup('runlimits')).client;
    expect((await client.patch('/organization/quotas', { maxVusPerRun: 5 })).status).toBe(200);
    server = await startLoopbackServer(() => ({ status: 200, delayMs: 200 }), '127.0.0.2');
    target = (await client.post<TargetView>('/targets', { name: 'slow', baseUrl: server.url })).body;
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  const script = (options: string) => `import http from 'k6/http';
export const options = ${options};
export default function () { http.get(__ENV.LOADLINE_BASE_URL + '/work', { tags: { name: 'Work' } }); }
`;
  const savePlan = async (name: string, options: string) => client.post<PlanView>('/plans', { name, targetId: target.id, script: { source: script(options) } });
  const usage = async () => (await client.get<{ usage: { vuMinutes: number } }>('/usage')).body.usage.vuMinutes;

  it("judges a script's VUs with the run's variables set: 20 VUs when running is 20 VUs when checked", async () => {
    // The review's script: 1 VU when k6 inspect ran without LOADLINE_BASE_URL, 20 in the run.
    const saved = await savePlan('env switch', `{ vus: __ENV.LOADLINE_BASE_URL ? 20 : 1, duration: '5s' }`);
    const refused = saved.status === 201 ? await client.post(`/plans/${saved.body.id}/runs`) : saved;
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('maxVusPerRun');
    expect(server.maxInFlight()).toBe(0);
  });

  it('kills k6 before any load when its init makes more VUs than the script was checked for', async () => {
    // Checked now (1 VU); from 3 s on its init code answers 20.
    const switchAt = Date.now() + 3_000;
    const plan = await savePlan('time switch', `{ vus: Date.now() > ${switchAt} ? 20 : 1, duration: '8s' }`);
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, switchAt - Date.now()) + 200));
    const before = await usage();

    const run = await client.waitForRun((await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`)).body.run.id, 60_000);
    expect(run.status).toBe('ERRORED');
    expect(run.error).toMatchObject({ code: 'VU_LIMIT_EXCEEDED' });
    expect(run.error!.message).toContain('started 20 VUs, but this run may use 1');
    // Held at the target: not one request.
    expect(server.total()).toBe(0);
    expect(server.maxInFlight()).toBe(0);
    // Charged for what ran: nothing.
    expect(await usage()).toBe(before);
  });

  it('stops k6 within seconds when an arrival rate grows its VUs past the limit mid-run', async () => {
    // 1 VU when checked; in the run up to 20, which k6 starts one by one as the 200 ms answers
    // make 1 VU too few for 20 iterations a second.
    const switchAt = Date.now() + 3_000;
    const plan = await savePlan(
      'lazy VUs',
      `{ scenarios: { rate: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '20s', preAllocatedVUs: 1, maxVUs: Date.now() > ${switchAt} ? 20 : 1 } } }`,
    );
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, switchAt - Date.now()) + 200));
    const before = await usage();
    const sent = server.total();

    const run = await client.waitForRun((await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`)).body.run.id, 60_000);
    expect(run.status).toBe('ERRORED');
    expect(run.error).toMatchObject({ code: 'VU_LIMIT_EXCEEDED' });
    // Stopped long before its 20 s: the server saw requests for a few seconds at most.
    const arrivals = server.arrivals.slice(sent);
    expect(arrivals.length).toBeGreaterThan(0);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeLessThan(5_000);
    // Charged for the VUs measured while it ran (more than nothing, far less than 20 VUs x 20 s).
    const charged = (await usage()) - before;
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThan(2);
  });

  it("stops a split run whose segments together pass the run's VUs, each within its own share", async () => {
    // Checked at 4 VUs; from 3 s on its init code answers 6, which k6 splits 3 + 3 over the two
    // segments: each runner sees 3 <= 4, only the run's total (the API's merged seconds) is over.
    await stack.startRunnerProcess('second');
    const switchAt = Date.now() + 3_000;
    const source = script(`{ vus: Date.now() > ${switchAt} ? 6 : 4, duration: '15s' }`);
    const plan = await client.post<PlanView>('/plans', { name: 'split switch', targetId: target.id, script: { source }, segments: 2 });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, switchAt - Date.now()) + 200));
    const sent = server.total();

    const run = await client.waitForRun((await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`)).body.run.id, 90_000);
    expect(run.status).toBe('ERRORED');
    expect(run.error).toMatchObject({ code: 'VU_LIMIT_EXCEEDED' });
    expect(run.segmentDetails.map((segment) => segment.status)).toEqual(['ERRORED', 'ERRORED']);
    // It did start on both runners, and was stopped long before its 15 s.
    const arrivals = server.arrivals.slice(sent);
    expect(arrivals.length).toBeGreaterThan(0);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeLessThan(6_000);
  });
});
