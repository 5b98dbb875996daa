import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunSeries, RunTelemetry, RunView, TargetView, TelemetryFinding } from '@loadline/shared';
import {
  firstSustainedSecond,
  refusingPort,
  startAnsweringSource,
  startHugeSource,
  startLoopbackServer,
  startServiceMetrics,
  type ControlledServer,
  type LoopbackServer,
  type ServiceMetrics,
} from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

/**
 * The target's side of a run, end to end (issue 28): real API, runner and k6; loopback
 * servers whose metrics the test sets and records, so every figure of a finding is judged
 * against what the servers really did. Each second of truth is on the same Unix-second axis
 * as the report (the first second of load is `loadStart`).
 */
describe("telemetry findings from the target's own metrics", () => {
  let stack: TestStack;
  let client: ApiClient;
  let target: LoopbackServer;

  beforeAll(async () => {
    stack = await startStack({ label: 'telemetryfind' });
    client = (await stack.api.signup('telemetryfind')).client;
    // Every request takes 100 ms: the requests in flight are the VUs.
    target = await startLoopbackServer(() => ({ status: 200, delayMs: 100 }));
  });
  afterAll(async () => {
    await stack?.close();
    await target?.close();
  });

  const createTarget = async (name: string) => (await client.post<TargetView>('/targets', { name, baseUrl: target.url })).body;
  const addSource = async (targetId: string, body: Record<string, unknown>) => {
    const created = await client.post(`/targets/${targetId}/sources`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  };
  const runPlan = async (targetId: string, spec: Record<string, unknown>) => {
    const plan = await client.post<PlanView>('/plans', { name: `plan ${Math.random()}`, targetId, ...spec });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const started = await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const run = await client.waitForRun(started.body.run.id, 120_000);
    const series = (await client.get<RunSeries>(`/runs/${run.id}/series`)).body;
    return { run, loadStart: series.points[0]!.t, loadEnd: series.points.at(-1)!.t };
  };
  const findings = (run: RunView, code: TelemetryFinding['code'], source: string) =>
    (run.telemetry?.findings ?? []).filter((finding) => finding.code === code && finding.source === source);

  it('names CPU saturation within 2 s of the truth, both restarts of a worker with their phase, and each broken source in words', async () => {
    const tgt = await createTarget('saturating');
    // The api's CPU follows the requests in flight: 0.3 core each, 2 cores allowed, so it
    // reaches 90 % (1.8 cores) from 6 requests in flight.
    const api = await startServiceMetrics({ inFlight: () => target.inFlight(), coresPerRequest: 0.3 });
    const worker: ServiceMetrics = await startServiceMetrics({ inFlight: () => 0, coresPerRequest: 0 });
    const elsewhere = await startLoopbackServer(() => ({ status: 200, delayMs: 0 }), '127.0.0.3');
    const huge = await startHugeSource(50 * 1024 * 1024);
    const redirecting = await startAnsweringSource({ status: 302, location: `${elsewhere.url}/metrics` });
    const slow = await startAnsweringSource({ status: 200, delayMs: 3_000, body: 'slow_metric 1\n' });
    const refused = await refusingPort();
    const servers: ControlledServer[] = [api, worker, huge, redirecting, slow];
    try {
      await addSource(tgt.id, { kind: 'scrape', name: 'api', url: `${api.url}/metrics`, presets: ['process'], cpuCores: 2 });
      await addSource(tgt.id, { kind: 'scrape', name: 'worker', url: `${worker.url}/metrics`, presets: ['process'] });
      await addSource(tgt.id, { kind: 'scrape', name: 'refusing', url: `http://127.0.0.1:${refused}/metrics` });
      await addSource(tgt.id, { kind: 'scrape', name: 'huge', url: `${huge.url}/metrics` });
      await addSource(tgt.id, { kind: 'scrape', name: 'redirecting', url: `${redirecting.url}/metrics` });
      await addSource(tgt.id, { kind: 'scrape', name: 'slow', url: `${slow.url}/metrics` });

      // The truth, sampled every 20 ms from the servers themselves.
      const cpu: { at: number; value: number }[] = [];
      const sampler = setInterval(() => cpu.push({ at: Date.now() / 1000, value: target.inFlight() * 0.3 }), 20);
      const restarts: number[] = [];
      const arrived = target.total();
      const restarter = setInterval(() => {
        const first = target.arrivals[arrived];
        if (first === undefined) return;
        const since = Date.now() - first;
        if ((restarts.length === 0 && since >= 4_000) || (restarts.length === 1 && since >= 14_000)) restarts.push(worker.restart());
      }, 50);
      const before = target.total();
      const { run, loadStart, loadEnd } = await runPlan(tgt.id, {
        thresholds: [
          { metric: 'telemetry', source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 0.8 },
          { metric: 'telemetry', source: 'worker', figure: 'restarts', op: '<', value: 1 },
          { metric: 'telemetry', source: 'postgres', figure: 'cpu', stat: 'max', op: '<', value: 0.9 },
          { metric: 'telemetry', source: 'refusing', figure: 'restarts', op: '<', value: 1 },
        ],
        scenarios: [
          // A graceful stop of 1 s lets warmup's last requests finish (and count) while peak starts.
          { name: 'warmup', load: { executor: 'constant-vus', vus: 2, duration: '8s' }, gracefulStop: '1s', requests: [{ name: 'Warm', path: '/work' }] },
          {
            name: 'peak',
            load: { executor: 'ramping-vus', startVUs: 2, stages: [{ duration: '12s', target: 8 }] },
            startTime: '8s',
            requests: [{ name: 'Peak', path: '/work' }],
          },
        ],
      });
      clearInterval(sampler);
      clearInterval(restarter);

      // The run itself is unaffected by its broken sources: every request the target answered is
      // counted. Its verdict is the telemetry thresholds' (no latency threshold here: on a busy
      // machine the generator's own doubts may leave one INCONCLUSIVE, and telemetry is not theirs).
      expect(run.summary!.overall.count).toBe(target.total() - before);
      const verdicts = run.thresholds.map((result) => [result.verdict, result.explanation]);
      console.log(`telemetry thresholds: ${JSON.stringify(verdicts)}`);
      expect(run.thresholds.map((result) => result.verdict)).toEqual(['FAIL', 'FAIL', 'INCONCLUSIVE', 'INCONCLUSIVE']);
      expect(run.status).toBe('FAILED');
      expect(run.verdict).toBe('FAIL');

      // p95 of the api's CPU share over the load's seconds: the test saturated it, so it is over 80 %.
      const truthShares = secondMeans(cpu, loadStart, loadEnd).map((cores) => cores / 2);
      const truthP95 = nearestRank(truthShares, 0.95);
      const cpuResult = run.thresholds[0]!;
      console.log(`api CPU p95: truth ${truthP95.toFixed(3)}; Loadline ${cpuResult.measured}: ${cpuResult.explanation}`);
      expect(truthP95).toBeGreaterThan(0.9);
      expect(Math.abs(cpuResult.measured! - truthP95)).toBeLessThanOrEqual(0.15);
      expect(cpuResult.explanation).toMatch(/^p95 of api CPU \d+ % of its 2 cores against < 80 %: over by /);
      // The worker restarted twice; a source the run did not read, and one it could not read, tell nothing.
      expect(run.thresholds[1]).toMatchObject({ verdict: 'FAIL', measured: 2 });
      expect(run.thresholds[2]!.explanation).toMatch(/not judged, the run read no source named postgres \(it read /);
      expect(run.thresholds[3]!.explanation).toMatch(/not judged, refusing was read for 0 of \d+ s, under half$/);

      // The sources' figures: what the test set and counted.
      const figures = new Map((run.telemetry?.figures ?? []).map((row) => [row.source, row]));
      const apiFigures = figures.get('api')!;
      const workerFigures = figures.get('worker')!;
      expect(workerFigures.restarts).toBe(2);
      expect(apiFigures.restarts).toBe(0);
      // 100 MiB, as stored: telemetry keeps 4 significant digits.
      expect(Math.abs(apiFigures.peakMemoryBytes! - 100 * 1024 * 1024) / (100 * 1024 * 1024)).toBeLessThanOrEqual(0.001);
      expect(apiFigures.coverage).toBeGreaterThanOrEqual(0.9);
      expect(figures.get('refusing')!.coverage).toBe(0);
      // CPU-seconds per 1,000 requests: the cores the test had busy through the load's seconds over the requests k6 completed.
      const truthCpuSeconds = secondMeans(cpu, loadStart, loadEnd).reduce((sum, cores) => sum + cores, 0);
      const truthPer1k = (truthCpuSeconds / run.summary!.overall.count) * 1000;
      console.log(`api CPU-s per 1,000 requests: truth ${truthPer1k.toFixed(2)}; Loadline ${JSON.stringify(apiFigures)}`);
      expect(Math.abs(apiFigures.cpuSecondsPer1kRequests! - truthPer1k) / truthPer1k).toBeLessThanOrEqual(0.1);
      expect(Math.abs(apiFigures.peakCpuCores! - Math.max(...secondMeans(cpu, loadStart, loadEnd)))).toBeLessThanOrEqual(0.3);

      // Saturation: the first whole second whose average is at 90 % of 2 cores, and the next too.
      const truth = firstSustainedSecond(cpu, 1.8)!;
      const [saturated] = findings(run, 'TARGET_SATURATED', 'api');
      expect(saturated, JSON.stringify(run.telemetry)).toBeDefined();
      console.log(`saturation: truth at ${truth - loadStart} s; Loadline at ${saturated!.atSeconds} s: ${saturated!.message}`);
      expect(Math.abs(saturated!.atSeconds! - (truth - loadStart))).toBeLessThanOrEqual(2);
      expect(saturated!.phase).toBe('peak');
      expect(saturated!.message).toMatch(/api CPU/);

      // Restarts: both, each in its phase, each within 2 s of when the test restarted it.
      expect(restarts).toHaveLength(2);
      const restarted = findings(run, 'TARGET_RESTARTED', 'worker');
      const reported = restarted.flatMap((finding) =>
        String(finding.evidence.atSeconds)
          .split(', ')
          .map((at) => ({ at: Number(at), phase: finding.phase })),
      );
      console.log(
        `restarts: truth at ${restarts.map((at) => Math.floor(at) - loadStart).join(', ')} s; Loadline: ${restarted.map((finding) => finding.message).join(' ')}`,
      );
      expect(reported, JSON.stringify(restarted)).toHaveLength(2);
      restarts.forEach((at, i) => expect(Math.abs(reported[i]!.at - (Math.floor(at) - loadStart))).toBeLessThanOrEqual(2));
      expect(reported.map((entry) => entry.phase)).toEqual(['warmup', 'peak']);
      // The api never restarted: no restart is made up for it.
      expect(findings(run, 'TARGET_RESTARTED', 'api')).toEqual([]);

      // Each broken source is told in words; nothing was followed, nothing of them was kept.
      const telemetry = (await client.get<RunTelemetry>(`/runs/${run.id}/telemetry`)).body;
      const codes = (name: string) => new Set(telemetry.sources.find((source) => source.source === name)?.errors.map((error) => error.code));
      expect([...codes('refusing')]).toEqual(['REFUSED']);
      expect([...codes('huge')]).toEqual(['TOO_LARGE']);
      expect([...codes('redirecting')]).toEqual(['REDIRECT']);
      expect([...codes('slow')]).toEqual(['TIMEOUT']);
      for (const name of ['refusing', 'huge', 'redirecting', 'slow']) {
        const [failed] = findings(run, 'TELEMETRY_READ_FAILED', name);
        expect(failed?.message, name).toMatch(new RegExp(`^Scrape of ${name} failed \\d+ of \\d+ s: `));
        expect(telemetry.sources.find((source) => source.source === name)!.series).toEqual([]);
      }
      expect(elsewhere.total()).toBe(0);
      // Each read stops at 8 MiB: the server got far less than its 50 MB out per request (what
      // it wrote includes what the kernel's socket buffers took before the runner hung up).
      expect(huge.requests()).toBeGreaterThan(0);
      expect(huge.written() / huge.requests()).toBeLessThan(20 * 1024 * 1024);
      // No source's address is in the report's words.
      expect(JSON.stringify(run.telemetry)).not.toMatch(/127\.0\.0\.\d+:\d+/);
    } finally {
      for (const server of servers) await server.close();
      await elsewhere.close();
    }
  });

  it('refuses, when the plan is saved, telemetry thresholds that cannot be judged as written, saying why', async () => {
    const tgt = await createTarget('refusals');
    const refused = await client.post<any>('/plans', {
      name: 'refused telemetry thresholds',
      targetId: tgt.id,
      load: { executor: 'constant-vus', vus: 1, duration: '30s' },
      requests: [{ name: 'Get', path: '/work' }],
      thresholds: [
        { metric: 'telemetry', source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 0.8, stop: { after: '10s' } },
        { metric: 'telemetry', figure: 'backlog_growth', stat: 'p95', op: '<', value: 1 },
        { metric: 'telemetry', source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 0.8, request: 'Get' },
        { metric: 'telemetry', source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 1.1, relativeTo: 'baseline' },
      ],
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.code).toBe('PLAN_INVALID');
    const details = refused.body.error.details as { path: string; message: string }[];
    expect(details.map((detail) => detail.path).sort()).toEqual(['thresholds.0.stop', 'thresholds.1.stat', 'thresholds.2.request', 'thresholds.3.relativeTo']);
    expect(details.find((detail) => detail.path === 'thresholds.0.stop')!.message).toMatch(/judged once, when the run ends.*cannot stop a run/);
  });

  it('reads a backlog fed at 100/s and drained at 10/s through a 20 s steady phase: growth, size at the end, time to drain', async () => {
    const tgt = await createTarget('backlogged');
    const queue = await startQueueMetrics(() => target.arrivals.at(-1) ?? 0);
    try {
      await addSource(tgt.id, { kind: 'scrape', name: 'jobs', url: `${queue.url}/metrics`, presets: ['queue'] });
      const { run, loadEnd } = await runPlan(tgt.id, {
        load: { executor: 'constant-vus', vus: 3, duration: '20s' },
        requests: [{ name: 'Get', path: '/work' }],
        thresholds: [
          // Over every source of the target: here the one queue.
          { metric: 'telemetry', figure: 'backlog_growth', op: '<', value: 0 },
          { metric: 'telemetry', source: 'orders-db', figure: 'queue_depth', stat: 'max', op: '<', value: 10 },
        ],
      });
      // HTTP is fast; the backlog growing without bound fails the run.
      console.log(`backlog thresholds: ${JSON.stringify(run.thresholds.map((result) => [result.verdict, result.explanation]))}`);
      expect(run.thresholds.map((result) => result.verdict)).toEqual(['FAIL', 'INCONCLUSIVE']);
      expect(run.status).toBe('FAILED');
      expect(Math.abs(run.thresholds[0]!.measured! - 90) / 90).toBeLessThanOrEqual(0.05);
      expect(run.thresholds[1]!.explanation).toMatch(/not judged, the run read no source named orders-db \(it read jobs\)$/);
      const [jobsFigures] = run.telemetry?.figures ?? [];
      console.log(`backlog figures: ${JSON.stringify(jobsFigures)}`);
      expect(jobsFigures?.source).toBe('jobs');
      expect(Math.abs(jobsFigures!.backlogGrowthPerSecond! - 90) / 90).toBeLessThanOrEqual(0.05);
      expect(jobsFigures!.restarts).toBe(0);
      const [backlog] = findings(run, 'BACKLOG_GROWING', 'jobs');
      expect(backlog, JSON.stringify(run.telemetry)).toBeDefined();
      const evidence = backlog!.evidence as Record<string, number>;
      // Fed 100/s, drained 10/s: it grows by 90 a second.
      expect(Math.abs(evidence.growthPerSecond! - 90) / 90).toBeLessThanOrEqual(0.05);
      // The size the queue had when the load ended (the start of its last second), by the queue's own log.
      const sizeAtEnd = queue.depthAt(loadEnd);
      expect(Math.abs(evidence.sizeAtEnd! - sizeAtEnd) / sizeAtEnd).toBeLessThanOrEqual(0.05);
      console.log(`backlog: truth size ${Math.round(sizeAtEnd)}; Loadline ${JSON.stringify(evidence)}`);
      // It drains at 10/s, so it takes size / 10 seconds to clear.
      expect(Math.abs(evidence.drainSeconds! - sizeAtEnd / 10) / (sizeAtEnd / 10)).toBeLessThanOrEqual(0.1);
      expect(backlog!.severity).toBe('critical');
    } finally {
      await queue.close();
    }
  });
});

/** The mean of the samples in each whole second from `from` to `to` (Unix seconds), 0 for a second without one. */
function secondMeans(samples: readonly { at: number; value: number }[], from: number, to: number): number[] {
  const means: number[] = [];
  for (let t = from; t <= to; t++) {
    const inside = samples.filter((sample) => Math.floor(sample.at) === t);
    means.push(inside.length ? inside.reduce((sum, sample) => sum + sample.value, 0) / inside.length : 0);
  }
  return means;
}

/** The q-th value by nearest rank: q of the values are at or below it. */
function nearestRank(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * A job queue's exporter: fed 100 jobs a second while the load goes (a request reached the
 * target in the last 250 ms), drained 10 a second by its worker; it logs its depth every 10 ms
 * so the test can read the truth at any second.
 */
async function startQueueMetrics(lastArrival: () => number) {
  let depth = 0;
  let enqueued = 0;
  let processed = 0;
  let last = Date.now();
  const log: { at: number; depth: number }[] = [];
  const step = () => {
    const now = Date.now();
    const seconds = (now - last) / 1000;
    last = now;
    if (now - lastArrival() < 250) {
      depth += 100 * seconds;
      enqueued += 100 * seconds;
    }
    const taken = Math.min(depth, 10 * seconds);
    depth -= taken;
    processed += taken;
    log.push({ at: now / 1000, depth });
  };
  const timer = setInterval(step, 10);
  const server = http.createServer((req, res) => {
    step();
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    res.end(
      [
        '# TYPE orders_queue_depth gauge',
        `orders_queue_depth ${Math.round(depth)}`,
        '# TYPE orders_enqueued_total counter',
        `orders_enqueued_total ${Math.round(enqueued)}`,
        '# TYPE orders_processed_total counter',
        `orders_processed_total ${Math.round(processed)}`,
        '',
      ].join('\n'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The depth at Unix second `t`, from the log. */
    depthAt: (t: number) => log.find((entry) => entry.at >= t)?.depth ?? depth,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
