import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

/**
 * Figures at every scope, with real k6 against a loopback server that counts: one phase of
 * a baseline → normal → peak plan is judged on its own requests and its own time.
 */
describe('figures per scope', () => {
  let stack: TestStack;
  let client: ApiClient;
  let server: LoopbackServer;
  let target: TargetView;

  beforeAll(async () => {
    stack = await startStack({ label: 'scopes' });
    client = (await stack.api.signup('scopes')).client;
    server = await startLoopbackServer(() => ({ status: 200, delayMs: 2 }));
    target = (await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url })).body;
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  it("gives each phase its own rate: requests over the time that phase applied load, within 2 % of the phase's true rate", async () => {
    const phases = [
      { name: 'baseline', rate: 20, startTime: '0s' },
      { name: 'normal', rate: 50, startTime: '4s' },
      { name: 'peak', rate: 100, startTime: '8s' },
    ];
    const plan = (
      await client.post<PlanView>('/plans', {
        name: 'phased',
        targetId: target.id,
        scenarios: phases.map((phase) => ({
          name: phase.name,
          startTime: phase.startTime,
          load: { executor: 'constant-arrival-rate', rate: phase.rate, timeUnit: '1s', duration: '4s', preAllocatedVUs: 10 },
          requests: [{ name: `Get ${phase.name}`, path: `/${phase.name}` }],
        })),
        thresholds: [
          { metric: 'error_rate', op: '<', value: 0.01 },
          // The peak phase's ~400 requests cannot support a p99 (it needs 1,000), however many the run has.
          { metric: 'latency', stat: 'p99', op: '<', value: 1000, scenario: 'peak' },
          { metric: 'latency', stat: 'p95', op: '<', value: 1000, scenario: 'peak' },
        ],
      })
    ).body;
    const run = await client.waitForRun((await client.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run.id);
    expect(run.thresholds.map((result) => result.verdict)).toEqual(['PASS', 'INCONCLUSIVE', 'PASS']);
    expect(run.diagnostics.find((diagnostic) => diagnostic.code === 'TOO_FEW_SAMPLES')?.message).toMatch(
      /^A p99 of scenario peak from \d+ requests is not meaningful; it needs at least 1,000\.$/,
    );
    expect(run.status).toBe('INCONCLUSIVE');
    for (const phase of phases) {
      const served = server.counts.get(`GET /${phase.name}`) ?? 0;
      const scenario = run.summary!.scenarios.find((s) => s.name === phase.name)!;
      const request = run.summary!.requests.find((r) => r.name === `Get ${phase.name}`)!;
      // The server's truth: this phase's requests over the 4 s it was asked to last.
      const truth = served / 4;
      console.log(`${phase.name}: ${served} requests at the server, ${truth.toFixed(1)} req/s; Loadline ${scenario.rps.toFixed(2)} req/s`);
      expect(scenario.count).toBe(served);
      expect(Math.abs(scenario.rps - truth) / truth).toBeLessThan(0.02);
      // The same requests read the same rate in every scope that shows them.
      expect(request.rps).toBe(scenario.rps);
    }
  });
});
