import { describe, expect, it } from 'vitest';
import type { RunView } from '../runs.js';
import type { SourceFigures, TelemetryFinding, TelemetryReport } from '../telemetry/report.js';
import { compareTelemetry, type SourceComparison } from './compare-telemetry.js';

const figures = (source: string, overrides: Partial<SourceFigures> = {}): SourceFigures => ({
  source,
  peakCpuShare: 0.8,
  peakCpuCores: 3.2,
  cpuSecondsPer1kRequests: 2,
  peakMemoryBytes: 512 * 2 ** 20,
  restarts: 0,
  backlogGrowthPerSecond: null,
  coverage: 1,
  ...overrides,
});

const backlogFinding = (source: string): TelemetryFinding => ({
  code: 'BACKLOG_GROWING',
  severity: 'critical',
  source,
  message: `${source} queue grew 90/s while the load was steady`,
  atSeconds: 5,
  evidence: { growthPerSecond: 90 },
});

function run(id: string, report: Partial<TelemetryReport> | null): RunView {
  const telemetry = report ? { v: 1 as const, findings: [], bottleneck: [], movedWithLatency: [], figures: [], ...report } : null;
  return { id, telemetry } as unknown as RunView;
}

const figureOf = (source: SourceComparison, figure: string) => source.figures.find((delta) => delta.figure === figure)!;

describe('compareTelemetry', () => {
  it('puts each figure of a source before and after, with its change, and judges none of the one-reading figures', () => {
    const base = run('a', { figures: [figures('api', { cpuSecondsPer1kRequests: 2, peakMemoryBytes: 400 * 2 ** 20 })] });
    const head = run('b', { figures: [figures('api', { cpuSecondsPer1kRequests: 1.5, peakMemoryBytes: 500 * 2 ** 20, peakCpuShare: 0.4 })] });
    const { telemetry, warnings } = compareTelemetry(base, head);
    expect(warnings).toEqual([]);
    expect(telemetry.sources.map((source) => [source.source, source.inBase, source.inHead])).toEqual([['api', true, true]]);
    const api = telemetry.sources[0]!;
    expect(api.figures.map((delta) => delta.figure)).toEqual([
      'peakCpuShare',
      'peakCpuCores',
      'cpuSecondsPer1kRequests',
      'peakMemoryBytes',
      'restarts',
      'backlogGrowthPerSecond',
    ]);
    const cpu = figureOf(api, 'cpuSecondsPer1kRequests');
    expect(cpu).toMatchObject({ unit: 'cpu_seconds_per_1k_requests', base: 2, head: 1.5, delta: -0.5, better: 'lower', change: null });
    expect(cpu.deltaPct).toBeCloseTo(-0.25, 10);
    expect(cpu.reason).toMatch(/not judged/);
    expect(figureOf(api, 'peakMemoryBytes')).toMatchObject({ unit: 'bytes', delta: 100 * 2 ** 20, change: null });
    expect(figureOf(api, 'peakCpuShare')).toMatchObject({ unit: 'share', base: 0.8, head: 0.4, change: null });
    expect(figureOf(api, 'peakCpuShare').deltaPct).toBeCloseTo(-0.5, 10);
    // Counted, not estimated: none in either run is no change.
    expect(figureOf(api, 'restarts')).toMatchObject({ base: 0, head: 0, delta: 0, deltaPct: null, change: 'unchanged' });
    expect(figureOf(api, 'backlogGrowthPerSecond')).toMatchObject({
      base: null,
      head: null,
      delta: null,
      change: null,
      reason: 'no queue or no steady stretch',
    });
  });

  it('calls restarts where the base had none a regression, and none where it had some an improvement, in words', () => {
    const worse = compareTelemetry(run('a', { figures: [figures('worker')] }), run('b', { figures: [figures('worker', { restarts: 2 })] }));
    expect(figureOf(worse.telemetry.sources[0]!, 'restarts')).toMatchObject({
      base: 0,
      head: 2,
      change: 'regression',
      reason: 'restarted 2 times under load; the base run did not restart',
    });
    const better = compareTelemetry(run('a', { figures: [figures('worker', { restarts: 1 })] }), run('b', { figures: [figures('worker')] }));
    expect(figureOf(better.telemetry.sources[0]!, 'restarts')).toMatchObject({ change: 'improvement', reason: 'did not restart; the base run restarted once' });
    // Some in both: how many varies from run to run.
    const both = compareTelemetry(run('a', { figures: [figures('worker', { restarts: 1 })] }), run('b', { figures: [figures('worker', { restarts: 3 })] }));
    expect(figureOf(both.telemetry.sources[0]!, 'restarts')).toMatchObject({ delta: 2, change: null });
  });

  it('judges a backlog by the backlog finding of each run, not by its slope alone', () => {
    const grows = figures('worker', { backlogGrowthPerSecond: 90 });
    const steady = figures('worker', { backlogGrowthPerSecond: 0.2 });
    const regression = compareTelemetry(run('a', { figures: [steady] }), run('b', { figures: [grows], findings: [backlogFinding('worker')] }));
    expect(figureOf(regression.telemetry.sources[0]!, 'backlogGrowthPerSecond')).toMatchObject({
      unit: 'jobs_per_second',
      base: 0.2,
      head: 90,
      change: 'regression',
    });
    const improvement = compareTelemetry(run('a', { figures: [grows], findings: [backlogFinding('worker')] }), run('b', { figures: [steady] }));
    expect(figureOf(improvement.telemetry.sources[0]!, 'backlogGrowthPerSecond').change).toBe('improvement');
    // Another source's finding says nothing of this one.
    const elsewhere = compareTelemetry(run('a', { figures: [steady] }), run('b', { figures: [steady], findings: [backlogFinding('api')] }));
    expect(figureOf(elsewhere.telemetry.sources[0]!, 'backlogGrowthPerSecond').change).toBe('unchanged');
    const bothGrow = compareTelemetry(
      run('a', { figures: [grows], findings: [backlogFinding('worker')] }),
      run('b', { figures: [figures('worker', { backlogGrowthPerSecond: 60 })], findings: [backlogFinding('worker')] }),
    );
    expect(figureOf(bothGrow.telemetry.sources[0]!, 'backlogGrowthPerSecond')).toMatchObject({ delta: -30, change: null });
  });

  it('warns of a source in one run only and judges nothing of it', () => {
    const { telemetry, warnings } = compareTelemetry(
      run('a', { figures: [figures('api')] }),
      run('b', { figures: [figures('api'), figures('worker', { restarts: 2 })] }),
    );
    expect(telemetry.sources.map((source) => [source.source, source.inBase, source.inHead])).toEqual([
      ['api', true, true],
      ['worker', false, true],
    ]);
    const worker = telemetry.sources[1]!;
    expect(worker.coverage).toEqual({ base: null, head: 1 });
    expect(worker.figures.every((delta) => delta.base === null && delta.delta === null && delta.change === null)).toBe(true);
    expect(figureOf(worker, 'restarts').head).toBe(2);
    expect(warnings).toEqual([
      { code: 'TELEMETRY_SOURCE_CHANGED', message: 'Source worker was read only in the head run: its figures have nothing to compare with.' },
    ]);
    // A run without sources at all: every source of the other is in one run only.
    expect(compareTelemetry(run('a', { figures: [figures('api')] }), run('b', null)).warnings.map((warning) => warning.message)).toEqual([
      'Source api was read only in the base run: its figures have nothing to compare with.',
    ]);
  });

  it('says when a run’s report came before figures were kept, rather than that the source was not read', () => {
    const old = run('a', { bottleneck: [{ component: 'api', kind: 'target', peakUtilisation: 0.5, averageUtilisation: 0.3, saturatedAtSeconds: null }] });
    const { warnings } = compareTelemetry(old, run('b', { figures: [figures('api')] }));
    expect(warnings.map((warning) => warning.code)).toEqual(['TELEMETRY_FIGURES_MISSING']);
    expect(warnings[0]!.message).toMatch(/^Source api has no figures in the base run/);
  });

  it('warns of a source read for under half of a run, and then judges neither its restarts nor its backlog', () => {
    const { telemetry, warnings } = compareTelemetry(
      run('a', { figures: [figures('worker', { coverage: 0.4, backlogGrowthPerSecond: 0 })] }),
      run('b', { figures: [figures('worker', { restarts: 3, backlogGrowthPerSecond: 90 })], findings: [backlogFinding('worker')] }),
    );
    expect(warnings).toEqual([
      {
        code: 'TELEMETRY_LOW_COVERAGE',
        message:
          "Source worker was read for only 40 % of the base run's load: its peaks may miss the busiest seconds, and its restarts count gaps in the reads.",
      },
    ]);
    expect(telemetry.sources[0]!.coverage).toEqual({ base: 0.4, head: 1 });
    expect(figureOf(telemetry.sources[0]!, 'restarts')).toMatchObject({ base: 0, head: 3, change: null });
    expect(figureOf(telemetry.sources[0]!, 'backlogGrowthPerSecond')).toMatchObject({ delta: 90, change: null });
  });

  it('has no sources and no warnings when neither run had metric sources', () => {
    expect(compareTelemetry(run('a', null), run('b', null))).toEqual({ telemetry: { sources: [] }, warnings: [] });
  });
});
