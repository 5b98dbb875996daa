import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanTrend, PlanView, RunComparison, RunView, SourceFigures, TargetView, TelemetryReport } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { FakeRunner, sampleSecond } from '../test/fake-runner.js';

const MiB = 2 ** 20;

/** What each run's stored telemetry report says of its sources: the ground truth of this test. */
const BEFORE: SourceFigures[] = [
  {
    source: 'api',
    peakCpuShare: 0.97,
    peakCpuCores: 3.88,
    cpuSecondsPer1kRequests: 2.4,
    peakMemoryBytes: 600 * MiB,
    restarts: 0,
    backlogGrowthPerSecond: null,
    coverage: 1,
  },
  {
    source: 'worker',
    peakCpuShare: 0.5,
    peakCpuCores: 1,
    cpuSecondsPer1kRequests: 0.8,
    peakMemoryBytes: 200 * MiB,
    restarts: 0,
    backlogGrowthPerSecond: 90,
    coverage: 0.95,
  },
];
const AFTER: SourceFigures[] = [
  {
    source: 'api',
    peakCpuShare: 0.61,
    peakCpuCores: 2.44,
    cpuSecondsPer1kRequests: 1.2,
    peakMemoryBytes: 450 * MiB,
    restarts: 2,
    backlogGrowthPerSecond: null,
    coverage: 1,
  },
  {
    source: 'worker',
    peakCpuShare: 0.55,
    peakCpuCores: 1.1,
    cpuSecondsPer1kRequests: 0.9,
    peakMemoryBytes: 210 * MiB,
    restarts: 0,
    backlogGrowthPerSecond: 0.1,
    coverage: 0.3,
  },
  {
    source: 'postgres',
    peakCpuShare: 0.2,
    peakCpuCores: 0.4,
    cpuSecondsPer1kRequests: 0.3,
    peakMemoryBytes: 1024 * MiB,
    restarts: 0,
    backlogGrowthPerSecond: null,
    coverage: 1,
  },
];

function report(figures: SourceFigures[], backlogOf: string[] = []): TelemetryReport {
  return {
    v: 1,
    findings: backlogOf.map((source) => ({
      code: 'BACKLOG_GROWING',
      severity: 'critical',
      source,
      message: `${source} queue grew 90/s while the load was steady`,
      atSeconds: 1,
      evidence: { growthPerSecond: 90 },
    })),
    bottleneck: [],
    movedWithLatency: [],
    figures,
  };
}

/**
 * The target's side of a comparison and a trend: each source's figures, as the runs stored
 * them in their telemetry reports, before and after, and on each trend point; scoped to the
 * organization like the rest of compare.
 */
describe('telemetry figures in comparisons and trends', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let stranger: ApiClient;
  let runner: FakeRunner;
  let plan: PlanView;
  const runs: RunView[] = [];
  let strangerRun: RunView;

  /**
   * A run that stores `stored` as its telemetry report. Written before the run ends, as the
   * finalizer writes it (a run without sources leaves it alone): a finished run's view is final.
   */
  async function finishedRun(client: ApiClient, planId: string, stored: TelemetryReport | null): Promise<RunView> {
    const started = (await client.post<{ run: RunView }>(`/plans/${planId}/runs`)).body.run;
    if (stored) await stack.db.query(`UPDATE "Run" SET telemetry = $1::jsonb WHERE id = $2`, [JSON.stringify(stored), started.id]);
    const t0 = Math.floor(Date.now() / 1000);
    await runner.play(
      started.id,
      [0, 1, 2].map((offset) =>
        sampleSecond(
          t0 + offset,
          Array.from({ length: 100 }, () => 10),
        ),
      ),
    );
    return client.waitForRun(started.id, 20_000);
  }

  async function planOf(client: ApiClient, name: string): Promise<PlanView> {
    const target = (await client.post<TargetView>('/targets', { name: `${name}-svc`, baseUrl: 'http://127.0.0.1:9/' })).body;
    return (
      await client.post<PlanView>('/plans', {
        name,
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 1, duration: '3s' },
        requests: [{ name: 'Get', path: '/' }],
      })
    ).body;
  }

  beforeAll(async () => {
    stack = await startStack({ label: 'compare-telemetry', runner: false });
    runner = new FakeRunner(stack.queuePrefix);
    owner = (await stack.api.signup('compare-telemetry')).client;
    stranger = (await stack.api.signup('compare-telemetry-stranger')).client;
    plan = await planOf(owner, 'Telemetry');
    // Before, after, and a run without sources (its report stays null).
    runs.push(await finishedRun(owner, plan.id, report(BEFORE, ['worker'])));
    runs.push(await finishedRun(owner, plan.id, report(AFTER)));
    runs.push(await finishedRun(owner, plan.id, null));
    strangerRun = await finishedRun(stranger, (await planOf(stranger, 'Elsewhere')).id, report(BEFORE));
  }, 90_000);

  afterAll(async () => {
    await runner?.close();
    await stack?.close();
  });

  it("compares each source's figures before and after, calling only what a rule can, and warns where the sources differ", async () => {
    const response = await owner.get<RunComparison>(`/comparisons?base=${runs[0]!.id}&head=${runs[1]!.id}`);
    expect(response.status).toBe(200);
    const { telemetry, warnings } = response.body;
    expect(telemetry.sources.map((source) => [source.source, source.inBase, source.inHead])).toEqual([
      ['api', true, true],
      ['postgres', false, true],
      ['worker', true, true],
    ]);
    const figure = (source: string, name: string) => telemetry.sources.find((s) => s.source === source)!.figures.find((f) => f.figure === name)!;
    // Before and after are what each run stored; the change follows from them.
    for (const name of ['peakCpuShare', 'peakCpuCores', 'cpuSecondsPer1kRequests', 'peakMemoryBytes', 'restarts'] as const) {
      const [before, after] = [BEFORE[0]![name]!, AFTER[0]![name]!];
      expect(figure('api', name)).toMatchObject({ base: before, head: after, better: 'lower' });
      expect(figure('api', name).delta).toBeCloseTo(after - before, 9);
      if (before) expect(figure('api', name).deltaPct).toBeCloseTo(after / before - 1, 9);
    }
    expect(figure('api', 'cpuSecondsPer1kRequests')).toMatchObject({ unit: 'cpu_seconds_per_1k_requests', change: null });
    expect(figure('api', 'peakCpuShare').change).toBeNull();
    // 0 -> 2 restarts is a regression, said in words.
    expect(figure('api', 'restarts')).toMatchObject({ change: 'regression', reason: 'restarted 2 times under load; the base run did not restart' });
    // The worker's head run covered 30 % of the load: its backlog and restarts are not judged.
    expect(figure('worker', 'backlogGrowthPerSecond')).toMatchObject({ base: 90, head: 0.1, change: null });
    expect(figure('postgres', 'peakMemoryBytes')).toMatchObject({ base: null, head: 1024 * MiB, delta: null, change: null });
    expect(warnings.map((warning) => warning.code)).toEqual(['TELEMETRY_SOURCE_CHANGED', 'TELEMETRY_LOW_COVERAGE']);
    expect(warnings[0]!.message).toBe('Source postgres was read only in the head run: its figures have nothing to compare with.');
    expect(warnings[1]!.message).toMatch(/^Source worker was read for only 30 % of the head run's load/);

    // The design's path gives the same; swapped, before and after swap.
    expect((await owner.get(`/runs/${runs[0]!.id}/compare/${runs[1]!.id}`)).body).toEqual(response.body);
    const swapped = (await owner.get<RunComparison>(`/comparisons?base=${runs[1]!.id}&head=${runs[0]!.id}`)).body;
    expect(swapped.telemetry.sources.find((s) => s.source === 'api')!.figures.find((f) => f.figure === 'restarts')).toMatchObject({
      base: 2,
      head: 0,
      change: 'improvement',
    });

    // Against a run without sources, every source is in one run only.
    const bare = (await owner.get<RunComparison>(`/comparisons?base=${runs[0]!.id}&head=${runs[2]!.id}`)).body;
    expect(bare.telemetry.sources.map((source) => [source.source, source.inHead])).toEqual([
      ['api', false],
      ['worker', false],
    ]);
    expect(bare.warnings.filter((warning) => warning.code === 'TELEMETRY_SOURCE_CHANGED')).toHaveLength(2);
  });

  it('puts each run’s source figures on its trend point, and on the shared trend', async () => {
    const trend = (await owner.get<PlanTrend>(`/plans/${plan.id}/trends`)).body;
    expect(trend.points.map((point) => point.runId)).toEqual(runs.map((run) => run.id));
    expect(trend.points.map((point) => point.telemetry)).toEqual([BEFORE, AFTER, []]);

    // One source's figure over the runs, for integrations that chart or gate on one number.
    const efficiency = (await owner.get(`/plans/${plan.id}/trend?stat=cpu_seconds_per_1k_requests&source=api`)).body;
    expect(efficiency).toMatchObject({ stat: 'cpu_seconds_per_1k_requests', source: 'api', unit: 'cpu_seconds_per_1k_requests' });
    expect(efficiency.points.map((point: { value: number | null }) => point.value)).toEqual([
      BEFORE[0]!.cpuSecondsPer1kRequests,
      AFTER[0]!.cpuSecondsPer1kRequests,
      null,
    ]);
    const unnamed = await owner.get(`/plans/${plan.id}/trend?stat=restarts`);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.details[0].path).toBe('source');

    const share = (await owner.post<{ token: string }>(`/plans/${plan.id}/share-links`, {})).body;
    const shared = (await stack.api.get<{ trend: { points: Array<{ telemetry: SourceFigures[] }> } }>(`/public/reports/${share.token}`)).body;
    expect(shared.trend.points.map((point) => point.telemetry)).toEqual([BEFORE, AFTER, []]);
  });

  it("answers 404 for another organization's runs, as the rest of compare does", async () => {
    for (const path of [
      `/comparisons?base=${runs[0]!.id}&head=${strangerRun.id}`,
      `/comparisons?base=${strangerRun.id}&head=${runs[1]!.id}`,
      `/runs/${strangerRun.id}/compare/${runs[0]!.id}`,
    ]) {
      const response = await owner.get(path);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('worker');
    }
    // Its own runs it may compare.
    expect((await stranger.get(`/comparisons?base=${strangerRun.id}&head=${strangerRun.id}`)).status).toBe(200);
    expect((await stranger.get(`/plans/${plan.id}/trends`)).status).toBe(404);
  });
});
