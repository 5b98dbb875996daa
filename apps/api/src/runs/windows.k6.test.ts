import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunSeries, RunView, TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

const SLOW_MS = 300;
const FAST_MS = 5;

/**
 * Threshold windows and stop rules with real k6 against a loopback server whose latency the
 * test sets over time, counted from the first request it received on each path: the server
 * knows when it was slow; Loadline must judge (and stop) by that.
 */
describe('threshold windows and stop rules', () => {
  let stack: TestStack;
  let client: ApiClient;
  let server: LoopbackServer;
  let target: TargetView;
  /** Per path: when its first request arrived (ms), and whether the server is slow at `now`. */
  const firstArrival = new Map<string, number>();
  const slowWhile: Record<string, (sinceFirstMs: number) => boolean> = {
    '/warm-up': (since) => since < 3_000,
    '/turns-slow': (since) => since >= 4_000,
  };
  const arrivalsOn = (path: string) => server.arrivals.filter((_, i) => paths[i] === path);
  const paths: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ label: 'windows', runner: false, env: { LOADLINE_MAX_RUNNERS: '2' } });
    client = (await stack.api.signup('windows')).client;
    server = await startLoopbackServer((req) => {
      const path = req.url!.split('?')[0]!;
      paths.push(path);
      const now = Date.now();
      if (!firstArrival.has(path)) firstArrival.set(path, now);
      const slow = slowWhile[path]?.(now - firstArrival.get(path)!) ?? false;
      return { status: 200, delayMs: slow ? SLOW_MS : FAST_MS };
    });
    target = (await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url })).body;
    // Two runner processes: the stop rule's run is split over both.
    await Promise.all(['w1', 'w2'].map((name) => stack.startRunnerProcess(name)));
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  async function runPlan(body: object): Promise<RunView> {
    const plan = await client.post<PlanView>('/plans', { targetId: target.id, ...body });
    expect(plan.status).toBe(201);
    const started = await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
    expect(started.status).toBe(202);
    return client.waitForRun(started.body.run.id, 120_000);
  }

  it('refuses windows and stop rules that could not work, at their fields', async () => {
    const refused = await client.post<{ error: { code: string; details: Array<{ path: string; message: string }> } }>('/plans', {
      name: 'bad timing',
      targetId: target.id,
      load: { executor: 'constant-vus', vus: 1, duration: '20s' },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [
        { metric: 'rps', op: '>', value: 10, stop: { after: '10s' } },
        { metric: 'latency', stat: 'p95', op: '<', value: 100, window: { after: '20s' } },
        { metric: 'latency', stat: 'p95', op: '<', value: 100, window: { after: 'soon' }, stop: { after: '3s' } },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('PLAN_INVALID');
    expect(refused.body.error.details.map((detail) => detail.path).sort()).toEqual([
      'thresholds.0.stop',
      'thresholds.1.window.after',
      'thresholds.2.stop.after',
      'thresholds.2.window.after',
    ]);
  });

  it('passes a p95 judged after the warm-up that the same p95 over the whole ramp fails', async () => {
    // Ramps 20 -> 100 req/s over 3 s while the server answers in 300 ms, then 7 s at 100 req/s
    // answered in 5 ms. The slow requests are ~20 % of all: the whole run's p95 is slow.
    const run = await runPlan({
      name: 'warm-up',
      load: {
        executor: 'ramping-arrival-rate',
        startRate: 20,
        timeUnit: '1s',
        preAllocatedVUs: 40,
        maxVUs: 60,
        stages: [
          { duration: '3s', target: 100 },
          { duration: '7s', target: 100 },
        ],
      },
      requests: [{ name: 'Get', path: '/warm-up' }],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 100, window: { after: '5s' } },
        { metric: 'latency', stat: 'p95', op: '<', value: 100 },
      ],
    });
    const [windowed, whole] = run.thresholds;
    const series = (await client.get<RunSeries>(`/runs/${run.id}/series`)).body;
    // The server's truth for the window: requests that arrived from 5 s after the run's first
    // second on (k6 files a request under the second it ended in, 5 ms after it arrived).
    const windowStartMs = (series.points[0]!.t + 5) * 1000;
    const arrivals = arrivalsOn('/warm-up');
    const slowServed = arrivals.filter((at) => at - firstArrival.get('/warm-up')! < 3_000).length;
    const inWindow = arrivals.filter((at) => at >= windowStartMs - FAST_MS).length;
    console.log(
      `warm-up: ${arrivals.length} requests at the server, ${slowServed} answered in ${SLOW_MS} ms; ${inWindow} in the window by the server's clock. ` +
        `Loadline: whole run p95 ${whole!.measured?.toFixed(1)} ms (${whole!.verdict}); ${windowed!.explanation} (${windowed!.verdict})`,
    );
    expect(run.summary!.overall.count).toBe(arrivals.length);
    expect(whole).toMatchObject({ verdict: 'FAIL' });
    expect(whole!.measured!).toBeGreaterThanOrEqual(SLOW_MS);
    expect(windowed).toMatchObject({ verdict: 'PASS' });
    // Latency is at least the server's delay; the window holds none of the slow answers.
    expect(windowed!.measured!).toBeGreaterThanOrEqual(FAST_MS);
    expect(windowed!.measured!).toBeLessThan(SLOW_MS);
    expect(windowed!.explanation).toMatch(/^p95 after 5 s = [\d.]+ ms against < 100 ms: /);
    expect(windowed!.threshold.window).toEqual({ after: '5s' });
    expect(run.diagnostics.map((d) => d.code)).not.toContain('TOO_FEW_SAMPLES');
    expect(run.status).toBe('FAILED');
    // The window's requests, as Loadline counted them, against the server's.
    const windowedCount = series.points.filter((point) => point.elapsed >= 5).reduce((sum, point) => sum + point.rps, 0);
    expect(Math.abs(windowedCount - inWindow)).toBeLessThanOrEqual(2);
  });

  it('stops a split run once its p95 has been over the limit for 5 s, ending FAILED with when and why, and keeps what was measured', async () => {
    // 100 req/s over 2 segments for a planned 30 s; the server turns slow 4 s after the first request.
    const run = await runPlan({
      name: 'stop rule',
      segments: 2,
      load: { executor: 'constant-arrival-rate', rate: 100, timeUnit: '1s', duration: '30s', preAllocatedVUs: 40, maxVUs: 60 },
      requests: [{ name: 'Checkout', path: '/turns-slow' }],
      thresholds: [
        { metric: 'latency', stat: 'p95', request: 'Checkout', op: '<', value: 100, stop: { after: '5s' } },
        { metric: 'error_rate', op: '<', value: 0.5 },
      ],
    });
    const countAtEnd = server.counts.get('GET /turns-slow') ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const arrivals = arrivalsOn('/turns-slow');
    const series = (await client.get<RunSeries>(`/runs/${run.id}/series`)).body;
    const first = firstArrival.get('/turns-slow')!;
    // The truth: the server turned slow at first + 4 s; in the run's elapsed seconds (from its
    // first second) that is `slowAt`, and a 5 s breach ends at slowAt + 5.
    const slowAt = (first + 4_000) / 1000 - series.points[0]!.t;
    const stoppedAt = Number(/^stopped at (\d+) s: /.exec(run.error?.message ?? '')?.[1]);
    const loadSeconds = (arrivals.at(-1)! - first) / 1000;
    console.log(
      `stop rule: server slow from ${slowAt.toFixed(2)} s of the run; expected stop near ${(slowAt + 5).toFixed(2)} s; ` +
        `Loadline: "${run.error?.message}"; last request at the server ${loadSeconds.toFixed(2)} s after the first (30 s planned); ` +
        `${arrivals.length} requests at the server, ${run.summary?.overall.count} in the report`,
    );
    expect(run).toMatchObject({ status: 'FAILED', verdict: 'FAIL', error: { code: 'STOPPED_BY_THRESHOLD' } });
    expect(run.error!.message).toMatch(/^stopped at \d+ s: p95 of Checkout [\d,.]+ ms > 100 ms for 5 s$/);
    expect(Math.abs(stoppedAt - (slowAt + 5))).toBeLessThanOrEqual(2);
    // The load stopped: nothing more arrived, and the last request came well before the plan's
    // end (how soon after the breach depends on how busy this machine is: not asserted).
    expect(server.counts.get('GET /turns-slow')).toBe(countAtEnd);
    expect(loadSeconds).toBeLessThan(15);
    // Every segment was stopped by the rule, and the run kept what they measured.
    expect(run.segmentDetails.map((segment) => segment.error?.code)).toEqual(['STOPPED_BY_THRESHOLD', 'STOPPED_BY_THRESHOLD']);
    expect(run.segmentDetails.every((segment) => (segment.health?.requests ?? 0) > 0)).toBe(true);
    // Requests still in flight when k6 stopped may reach the server unreported: at most the
    // ~30 a 300 ms answer keeps open at 100 req/s.
    expect(run.summary!.overall.count).toBeLessThanOrEqual(arrivals.length);
    expect(run.summary!.overall.count).toBeGreaterThanOrEqual(arrivals.length - 40);
    const [stopped, errors] = run.thresholds;
    expect(stopped).toMatchObject({ verdict: 'FAIL', explanation: run.error!.message });
    expect(stopped!.measured!).toBeGreaterThanOrEqual(SLOW_MS);
    expect(stopped!.threshold.stop).toEqual({ after: '5s' });
    expect(errors!.verdict).toBe('PASS');
    // The public report says the same.
    const share = await client.post<{ token: string }>(`/runs/${run.id}/share-links`, {});
    const shared = await stack.api.get<{ run: RunView }>(`/public/reports/${share.body.token}`);
    expect(shared.body.run).toMatchObject({ status: 'FAILED', error: run.error });
  });
});
