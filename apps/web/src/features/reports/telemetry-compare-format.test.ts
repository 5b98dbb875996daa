import { describe, expect, it } from 'vitest';
import type { SourceFigures, TelemetryFigureDelta } from '@loadline/shared';
import {
  coverageText,
  formatTelemetryChange,
  formatTelemetryFigure,
  telemetryDeltaView,
  telemetryTrendChart,
  trendTelemetrySources,
} from './telemetry-compare-format';

const MiB = 2 ** 20;

const delta = (
  figure: TelemetryFigureDelta['figure'],
  base: number | null,
  head: number | null,
  change: TelemetryFigureDelta['change'] = null,
): TelemetryFigureDelta => {
  const d = base !== null && head !== null ? head - base : null;
  return {
    figure,
    unit: 'count',
    base,
    head,
    delta: d,
    deltaPct: d !== null && base ? head! / base - 1 : null,
    better: 'lower',
    change,
    reason: 'why',
  };
};

describe('telemetry figures in words and units', () => {
  it('shows each figure in its unit', () => {
    expect(formatTelemetryFigure('peakCpuShare', 0.97)).toBe('97 %');
    expect(formatTelemetryFigure('peakCpuShare', 0.042)).toBe('4.2 %');
    expect(formatTelemetryFigure('peakCpuCores', 3.88)).toBe('3.88 cores');
    expect(formatTelemetryFigure('cpuSecondsPer1kRequests', 2.4)).toBe('2.4 CPU-s/1k req');
    expect(formatTelemetryFigure('cpuSecondsPer1kRequests', 0.0425)).toBe('0.043 CPU-s/1k req');
    expect(formatTelemetryFigure('peakMemoryBytes', 600 * MiB)).toBe('600 MiB');
    expect(formatTelemetryFigure('peakMemoryBytes', 2.5 * MiB)).toBe('2.5 MiB');
    expect(formatTelemetryFigure('restarts', 2)).toBe('2');
    expect(formatTelemetryFigure('backlogGrowthPerSecond', 90)).toBe('90 jobs/s');
    expect(formatTelemetryFigure('backlogGrowthPerSecond', null)).toBe('—');
  });

  it('signs a change in its unit, a CPU share in percentage points', () => {
    expect(formatTelemetryChange('peakCpuShare', -0.36)).toBe('−36 pp');
    expect(formatTelemetryChange('cpuSecondsPer1kRequests', -1.2)).toBe('−1.2 CPU-s/1k req');
    expect(formatTelemetryChange('restarts', 2)).toBe('+2');
    expect(formatTelemetryChange('peakMemoryBytes', 150 * MiB)).toBe('+150 MiB');
    expect(formatTelemetryChange('restarts', 0)).toBe('0');
    expect(formatTelemetryChange('restarts', null)).toBe('—');
  });

  it('says a change in words, with the relative change where there is a base, and never a verdict the comparison did not make', () => {
    const efficiency = telemetryDeltaView(delta('cpuSecondsPer1kRequests', 2.4, 1.2));
    expect(efficiency).toMatchObject({
      label: 'CPU-seconds per 1,000 requests',
      base: '2.4 CPU-s/1k req',
      head: '1.2 CPU-s/1k req',
      change: '−1.2 CPU-s/1k req (−50 %)',
      word: 'Not judged',
      tone: 'neutral',
      reason: 'why',
    });
    // 0 -> 2: no relative change to give.
    expect(telemetryDeltaView(delta('restarts', 0, 2, 'regression'))).toMatchObject({ change: '+2', word: 'Worse', tone: 'danger' });
    expect(telemetryDeltaView(delta('restarts', 1, 0, 'improvement'))).toMatchObject({ change: '−1 (−100 %)', word: 'Better', tone: 'success' });
    expect(telemetryDeltaView(delta('restarts', 0, 0, 'unchanged'))).toMatchObject({ change: '0', word: 'No change', tone: 'muted' });
    expect(telemetryDeltaView(delta('peakMemoryBytes', null, 100 * MiB))).toMatchObject({ base: '—', head: '100 MiB', change: '—', word: 'Not comparable' });
  });

  it('tells how much of each run’s load a source was read for', () => {
    expect(coverageText({ base: 1, head: 0.3 })).toBe('read for base 100 %, head 30 % of the load');
    expect(coverageText({ base: null, head: 0.95 })).toBe('read for head 95 % of the load');
    expect(coverageText({ base: null, head: null })).toBe('');
  });
});

describe('telemetry on the trend', () => {
  const figures = (source: string, overrides: Partial<SourceFigures>): SourceFigures => ({
    source,
    peakCpuShare: null,
    peakCpuCores: null,
    cpuSecondsPer1kRequests: null,
    peakMemoryBytes: null,
    restarts: 0,
    backlogGrowthPerSecond: null,
    coverage: 1,
    ...overrides,
  });
  const points = [
    {
      createdAt: '2026-11-27T01:00:00.000Z',
      planVersion: 1,
      telemetry: [figures('worker', { peakCpuShare: 0.5 }), figures('api', { peakCpuShare: 0.97, peakMemoryBytes: 600 * MiB })],
    },
    { createdAt: '2026-11-27T02:00:00.000Z', planVersion: 1, telemetry: [] },
    { createdAt: '2026-11-27T03:00:00.000Z', planVersion: 2, telemetry: [figures('api', { peakCpuShare: 0.61, peakMemoryBytes: null })] },
  ];

  it('lists the sources seen on any run, by name', () => {
    expect(trendTelemetrySources(points)).toEqual(['api', 'worker']);
    expect(trendTelemetrySources([{ telemetry: [] }, {}])).toEqual([]);
  });

  it('draws one source’s figure over the runs, a gap where a run lacks it, on an axis of its own unit', () => {
    const cpu = telemetryTrendChart(points, 'api', 'peakCpuShare');
    expect(cpu.data).toEqual([
      [0, 1, 2],
      [97, null, 61],
    ]);
    expect(cpu.measured).toBe(2);
    expect(cpu.lines).toMatchObject([{ label: 'api: Peak CPU (share of its cores or limit)', scale: 'pct', unit: '%' }]);
    expect(cpu.xLabels).toEqual(['Nov 27, 01:00 · v1', 'Nov 27, 02:00 · v1', 'Nov 27, 03:00 · v2']);
    const memory = telemetryTrendChart(points, 'api', 'peakMemoryBytes');
    expect(memory.data[1]).toEqual([600 * MiB, null, null]);
    expect(memory.lines[0]).toMatchObject({ scale: 'bytes', unit: 'bytes' });
    expect(telemetryTrendChart(points, 'worker', 'restarts').data[1]).toEqual([0, null, null]);
  });
});
