import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunSeries, RunView, TargetView } from '@loadline/shared';
import {
  firstSustainedSecond,
  startLoopbackServer,
  startPrometheus,
  startServiceMetrics,
  type Exporter,
  type LoopbackServer,
  type ServiceMetrics,
} from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

/**
 * A team that already runs Prometheus reads its metrics with PromQL instead of a second scrape
 * (issue 28): a real Prometheus 2.42 (Debian's) on 127.0.0.1 scrapes a service whose CPU
 * follows the requests in flight and which restarts once; the run's PromQL source queries it,
 * and the report names the same saturation and restart a scrape would. Real API, runner, k6.
 */
describe('a PromQL source against a real Prometheus', () => {
  let stack: TestStack;
  let client: ApiClient;
  let target: LoopbackServer;
  let service: ServiceMetrics;
  let prometheus: Exporter & { firstScrapeAt: number };

  beforeAll(async () => {
    target = await startLoopbackServer(() => ({ status: 200, delayMs: 100 }));
    service = await startServiceMetrics({ inFlight: () => target.inFlight(), coresPerRequest: 0.3 });
    prometheus = await startPrometheus(service.port);
    stack = await startStack({ label: 'telemetrypromql' });
    client = (await stack.api.signup('telemetrypromql')).client;
  });
  afterAll(async () => {
    await stack?.close();
    await prometheus?.close();
    await service?.close();
    await target?.close();
  });

  it('names the saturation and the restart from queried series', async () => {
    const tgt = (await client.post<TargetView>('/targets', { name: 'promql', baseUrl: target.url })).body;
    const source = await client.post(`/targets/${tgt.id}/sources`, {
      kind: 'promql',
      name: 'api',
      url: prometheus.url,
      cpuCores: 2,
      queries: [
        { name: 'cpu', expr: 'irate(process_cpu_seconds_total{job="api"}[3s])', role: 'cpu_cores' },
        { name: 'started', expr: 'process_start_time_seconds{job="api"}', role: 'start_time' },
      ],
    });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    const plan = await client.post<PlanView>('/plans', {
      name: 'ramp',
      targetId: tgt.id,
      load: { executor: 'ramping-vus', startVUs: 1, stages: [{ duration: '16s', target: 10 }] },
      requests: [{ name: 'Get', path: '/work' }],
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);

    // The run's baseline (5 s before the load) must be in Prometheus already.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, prometheus.firstScrapeAt + 7_000 - Date.now())));
    const arrived = target.total();
    const cpu: { at: number; value: number }[] = [];
    const sampler = setInterval(() => cpu.push({ at: Date.now() / 1000, value: target.inFlight() * 0.3 }), 20);
    let restartedAt: number | null = null;
    const restarter = setInterval(() => {
      const first = target.arrivals[arrived];
      if (first !== undefined && restartedAt === null && Date.now() - first >= 5_000) restartedAt = service.restart();
    }, 50);
    const started = await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const run = await client.waitForRun(started.body.run.id, 120_000);
    clearInterval(restarter);
    clearInterval(sampler);
    expect(run.status, JSON.stringify(run.error)).toBe('PASSED');
    const loadStart = (await client.get<RunSeries>(`/runs/${run.id}/series`)).body.points[0]!.t;

    const findings = run.telemetry?.findings ?? [];
    const saturated = findings.find((finding) => finding.code === 'TARGET_SATURATED' && finding.source === 'api');
    const restarted = findings.find((finding) => finding.code === 'TARGET_RESTARTED' && finding.source === 'api');
    console.log(
      `promql: restart at ${restartedAt === null ? '-' : Math.floor(restartedAt) - loadStart} s; Loadline: ${findings.map((finding) => finding.message).join(' | ')}`,
    );
    expect(saturated, JSON.stringify(findings)).toBeDefined();
    // The truth: the first whole second (and the next) at 90 % of 2 cores, by the service's own
    // in-flight count. Prometheus adds its scrape interval (1 s) to what a direct scrape sees.
    const truth = firstSustainedSecond(cpu, 1.8)!;
    console.log(`promql: saturation truth at ${truth - loadStart} s`);
    expect(Math.abs(saturated!.atSeconds! - (truth - loadStart))).toBeLessThanOrEqual(3);
    expect(restarted, JSON.stringify(findings)).toBeDefined();
    // Only the one restart: nothing made up where a reading changed precision or a scrape began.
    expect(findings.filter((finding) => finding.code === 'TARGET_RESTARTED')).toHaveLength(1);
    expect(restarted!.evidence.restarts).toBe(1);
    expect(Math.abs(restarted!.atSeconds! - (Math.floor(restartedAt!) - loadStart))).toBeLessThanOrEqual(2);
  });
});
