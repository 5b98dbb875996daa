import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';

/**
 * Saturates this machine on purpose (it runs alone, after the other test files): many VUs
 * against a loopback server that answers at once keep every core busy, so the measured
 * latencies describe the generator, and the report must say so.
 */
describe('a run that saturates its load generator', () => {
  let stack: TestStack;
  let server: LoopbackServer;

  beforeAll(async () => {
    stack = await startStack({ label: 'saturate' });
    server = await startLoopbackServer(() => ({ status: 200, delayMs: 0 }));
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  it('is flagged GENERATOR_SATURATED with evidence, and its latency verdict is INCONCLUSIVE', async () => {
    const { client } = await stack.api.signup('saturate');
    const target = await client.post<TargetView>('/targets', { name: 'fast', baseUrl: server.url });
    const plan = await client.post<PlanView>('/plans', {
      name: 'saturate',
      targetId: target.body.id,
      load: { executor: 'constant-vus', vus: 64, duration: '6s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 10_000 }],
    });
    const started = await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
    const run = await client.waitForRun(started.body.run.id, 90_000);

    const saturation = run.diagnostics.find((diagnostic) => diagnostic.code === 'GENERATOR_SATURATED');
    const cpu = (await client.get(`/runs/${run.id}/series`)).body.points.map((p: any) => p.generatorCpu);
    expect(saturation, JSON.stringify({ diagnostics: run.diagnostics, cpu })).toBeDefined();
    expect(saturation!.severity).toBe('critical');
    expect(Number(saturation!.evidence.peakHostCpu)).toBeGreaterThanOrEqual(0.9);
    expect(Number(saturation!.evidence.saturatedSeconds)).toBeGreaterThanOrEqual(3);
    expect(run.thresholds[0]!.verdict).toBe('INCONCLUSIVE');
    expect(run.thresholds[0]!.explanation).toMatch(/would be PASS, but generator saturated/);

    const series = await client.get(`/runs/${run.id}/series`);
    expect(series.body.points.some((point: { generatorCpu: number | null }) => (point.generatorCpu ?? 0) >= 0.9)).toBe(true);
  });

  it("says when the runner's host was busy with another process, not k6: other advice", async () => {
    const { client } = await stack.api.signup('busy-host');
    const slow = await startLoopbackServer(() => ({ status: 200, delayMs: 20 }));
    // One busy loop per core, as another job on the runner's machine would be; bounded by a
    // timeout of their own as well as killed below.
    const burners: ChildProcess[] = Array.from({ length: os.availableParallelism() }, () =>
      spawn(process.execPath, ['-e', 'const end = Date.now() + 60_000; while (Date.now() < end) {}'], { stdio: 'ignore' }),
    );
    try {
      const target = await client.post<TargetView>('/targets', { name: 'slow', baseUrl: slow.url });
      const plan = await client.post<PlanView>('/plans', {
        name: 'light load',
        targetId: target.body.id,
        load: { executor: 'constant-vus', vus: 2, duration: '8s' },
        requests: [{ name: 'Get', path: '/' }],
      });
      const started = await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
      const run = await client.waitForRun(started.body.run.id, 120_000);
      const saturation = run.diagnostics.find((diagnostic) => diagnostic.code === 'GENERATOR_SATURATED');
      expect(saturation, JSON.stringify(run.diagnostics)).toBeDefined();
      console.log(`busy host: ${saturation!.message}`);
      expect(saturation!.evidence.cause).toBe('host');
      // 2 VUs waiting 20 ms per request: k6 used a sliver of a core, the loops the rest.
      expect(Number(saturation!.evidence.k6CoresWhenSaturated)).toBeLessThan(Number(saturation!.evidence.otherCoresWhenSaturated));
      expect(saturation!.message).toMatch(
        /the runner's host was busy with other work: another process used [\d.]+ cores? while k6 used [\d.]+ cores?\. Run the runner where nothing else competes for its CPU\.$/,
      );
      expect(saturation!.message).not.toMatch(/use more segments/);
    } finally {
      for (const burner of burners) burner.kill('SIGKILL');
      await slow.close();
    }
  });
});
