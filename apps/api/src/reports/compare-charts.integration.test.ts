import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, RunView, SecondSample, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner, sampleSecond } from '../test/fake-runner.js';

/**
 * GET /comparisons carries both runs' seconds for the compare page's overlaid charts, per
 * phase when the plan has several: each phase counted from its own first second in each run.
 * The seconds are played by hand (no k6), so what each chart must hold is known exactly.
 */
describe('comparison charts per phase', () => {
  let stack: TestStack;
  let runner: FakeRunner;
  let owner: ApiClient;
  let plan: PlanView;

  /** 2 seconds of "warm" then 3 of "peak" (a gap of `gap` seconds between them), at the latencies given. */
  async function play(warmMs: number, peakMs: number, gap: number): Promise<RunView> {
    const started = (await owner.post<{ run: RunView }>(`/plans/${plan.id}/runs`)).body.run;
    const t0 = Math.floor(Date.now() / 1000);
    const inPhase = (t: number, ms: number, scenario: string): SecondSample => {
      const second = sampleSecond(
        t,
        Array.from({ length: 100 }, () => ms),
        `${scenario}-get`,
      );
      return { ...second, requests: second.requests.map((row) => ({ ...row, scenario })) };
    };
    const seconds = [
      inPhase(t0, warmMs, 'warm'),
      inPhase(t0 + 1, warmMs, 'warm'),
      ...[0, 1, 2].map((offset) => inPhase(t0 + 2 + gap + offset, peakMs, 'peak')),
    ];
    await runner.play(started.id, seconds);
    return owner.waitForRun(started.id, 20_000);
  }

  beforeAll(async () => {
    stack = await startStack({ label: 'comparecharts', runner: false });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('comparecharts')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    const created = await owner.post<PlanView>('/plans', {
      name: 'Phased',
      targetId: target.id,
      scenarios: [
        { name: 'warm', load: { executor: 'constant-vus', vus: 1, duration: '2s' }, requests: [{ name: 'warm-get', path: '/' }] },
        { name: 'peak', startTime: '2s', load: { executor: 'constant-vus', vus: 2, duration: '3s' }, requests: [{ name: 'peak-get', path: '/' }] },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    plan = created.body;
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    await stack?.close();
  });

  it('gives each run and each phase its own seconds, from its own start, at the latencies played', async () => {
    const base = await play(10, 40, 0);
    // The head's peak begins a second later: its phase chart still starts at 0.
    const head = await play(12, 60, 1);
    const comparison = (await owner.get(`/comparisons?base=${base.id}&head=${head.id}`)).body;
    const charts = comparison.charts;
    const p95s = (points: { p95: number }[]) => points.map((point) => Math.round(point.p95));
    expect(charts.base.whole.map((point: { elapsed: number }) => point.elapsed)).toEqual([0, 1, 2, 3, 4]);
    expect(charts.head.whole.map((point: { elapsed: number }) => point.elapsed)).toEqual([0, 1, 3, 4, 5]);
    expect(charts.base.phases.map((phase: { name: string }) => phase.name)).toEqual(['warm', 'peak']);
    const phase = (side: 'base' | 'head', name: string) => charts[side].phases.find((candidate: { name: string }) => candidate.name === name).points;
    expect(phase('base', 'peak').map((point: { elapsed: number }) => point.elapsed)).toEqual([0, 1, 2]);
    expect(phase('head', 'peak').map((point: { elapsed: number }) => point.elapsed)).toEqual([0, 1, 2]);
    expect(p95s(phase('base', 'peak'))).toEqual([40, 40, 40]);
    expect(p95s(phase('head', 'peak'))).toEqual([60, 60, 60]);
    expect(p95s(phase('head', 'warm'))).toEqual([12, 12]);
  });
});
