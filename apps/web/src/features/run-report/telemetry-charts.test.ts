import { describe, expect, it } from 'vitest';
import type { RunTelemetry, RunTelemetrySource, SeriesPoint } from '@loadline/shared';
import { loadStrip, seriesLabel, sourceCharts, telemetryAxis } from './telemetry-charts';

const T0 = 1_800_000_000;

function point(t: number, vus: number): SeriesPoint {
  return {
    t,
    elapsed: t - T0,
    vus,
    rps: 10,
    errors: 0,
    errorRate: 0,
    p50: 1,
    p90: 1,
    p95: 1,
    p99: 1,
    requests: {},
    droppedIterations: 0,
    generatorCpu: null,
  };
}

const api: RunTelemetrySource = {
  source: 'api',
  kind: 'scrape',
  cpuCores: 1,
  // Two seconds of baseline before the load, one missing second (T0 + 1), one after it.
  t: [T0 - 2, T0 - 1, T0, T0 + 2, T0 + 3],
  series: [
    { key: 'process_cpu_seconds_total', kind: 'rate', role: 'cpu_cores', unit: 'cores', values: [0.1, 0.1, 0.5, 0.97, 0.2] },
    { key: 'process_resident_memory_bytes', kind: 'gauge', role: 'memory_bytes', unit: 'bytes', values: [1e8, 1e8, 1.1e8, 1.2e8, null] },
    { key: 'process_start_time_seconds', kind: 'gauge', role: 'start_time', unit: 'seconds', values: [T0, T0, T0, T0, T0] },
    { key: 'jobs_waiting{queue="a"}', kind: 'gauge', role: 'queue_depth', unit: 'count', values: [0, 0, 5, 15, 12] },
    { key: 'jobs_waiting{queue="b"}', kind: 'gauge', role: 'queue_depth', unit: 'count', values: [0, 0, 1, 2, 2] },
  ],
  errors: [
    { t: T0 + 1, code: 'TIMEOUT', message: 'read of api timed out after 2000 ms' },
    { t: T0 + 4, code: 'REFUSED', message: 'connect ECONNREFUSED' },
  ],
};
const telemetry: RunTelemetry = { sources: [api] };
const load = [point(T0, 2), point(T0 + 1, 4), point(T0 + 2, 4)];

describe('telemetryAxis', () => {
  it("spans the load's and the sources' seconds with 0 at the load's first second", () => {
    const axis = telemetryAxis(load, telemetry);
    expect(axis.origin).toBe(T0);
    expect(axis.xs).toEqual([-2, -1, 0, 1, 2, 3]);
  });

  it('starts at the first telemetry second while there is no load second yet', () => {
    const axis = telemetryAxis([], telemetry);
    expect(axis.xs[0]).toBe(0);
    expect(axis.xs.at(-1)).toBe(5);
  });
});

describe('loadStrip', () => {
  it('draws the VUs on the same x values, nothing where there was no load', () => {
    const model = loadStrip(load, telemetryAxis(load, telemetry));
    expect(model.data).toEqual([
      [-2, -1, 0, 1, 2, 3],
      [null, null, 2, 4, 4, null],
    ]);
  });
});

describe('sourceCharts', () => {
  const charts = sourceCharts(api, telemetryAxis(load, telemetry));

  it('puts each unit on its own chart, CPU first, and leaves the start time out', () => {
    expect(charts.charts.map((chart) => chart.unit)).toEqual(['cores', 'bytes', 'count']);
    expect(charts.charts.flatMap((chart) => chart.model.lines.map((line) => line.label))).not.toContain('start time');
  });

  it('places each value at its second and breaks the line where a second was not read', () => {
    const cpu = charts.charts[0]!.model;
    expect(cpu.data[0]).toEqual([-2, -1, 0, 1, 2, 3]);
    expect(cpu.data[1]).toEqual([0.1, 0.1, 0.5, null, 0.97, 0.2]);
    // The cores the source may use, as a reference line.
    expect(cpu.lines.map((line) => line.label)).toEqual(['CPU (cores)', '1 core (its limit)']);
    expect(cpu.data[2]).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('names series by their role in words, with the key when two share a role', () => {
    expect(charts.charts[1]!.model.lines.map((line) => line.label)).toEqual(['memory']);
    expect(charts.charts[2]!.model.lines.map((line) => line.label)).toEqual(['queue depth: jobs_waiting{queue="a"}', 'queue depth: jobs_waiting{queue="b"}']);
    expect(seriesLabel({ key: 'app_inflight', kind: 'gauge', unit: 'count' }, [])).toBe('app_inflight');
  });

  it('counts the failed reads by why', () => {
    expect(charts.failures).toEqual([
      { code: 'TIMEOUT', seconds: 1, message: 'read of api timed out after 2000 ms' },
      { code: 'REFUSED', seconds: 1, message: 'connect ECONNREFUSED' },
    ]);
  });
});
