import { describe, expect, it } from 'vitest';
import { runPhases, thresholdSchema, type SeriesPoint } from '@loadline/shared';
import { bandsOfPhases, limitLines, phaseBands, stopMarks } from './chart-annotations';
import { DEFAULT_LATENCY_SELECTION, latencyChart, throughputChart } from './series-data';
import { fitScale } from '../../components/charts/reference-fit';

const threshold = (input: unknown) => thresholdSchema.parse(input);
const point = (t: number, p95: number): SeriesPoint => ({
  t,
  elapsed: t,
  vus: 1,
  rps: 10,
  errors: 0,
  errorRate: 0,
  p50: p95 / 2,
  p90: p95,
  p95,
  p99: p95,
  requests: {},
  droppedIterations: 0,
  generatorCpu: null,
});

describe('chart annotations', () => {
  it('draws the latency limits in milliseconds, not relative or per-second shares', () => {
    const lines = limitLines([
      threshold({ metric: 'latency', stat: 'p95', op: '<', value: 500, request: 'Checkout', stop: { after: '10s' } }),
      threshold({ metric: 'latency', stat: 'p99', op: '<', value: 1.2, relativeTo: 'baseline' }),
      threshold({ metric: 'latency', stat: 'p95', op: '<', value: 200, compliance: { share: 0.99 } }),
      threshold({ metric: 'error_rate', op: '<', value: 0.01 }),
    ]);
    expect(lines).toEqual([{ label: 'p95 of Checkout < 500 ms', valueMs: 500 }]);
  });

  it('puts the limit on every second of the latency chart, and the phases and the stop on every chart', () => {
    const points = [point(100, 10), point(101, 20), point(102, 30)];
    const annotations = { limits: [{ label: 'p95 < 25 ms', valueMs: 25 }], phases: [{ from: 0, to: 2, label: 'warm-up' }], marks: stopMarks(2) };
    const model = latencyChart(points, DEFAULT_LATENCY_SELECTION, [], annotations);
    const index = model.lines.findIndex((line) => line.label === 'p95 < 25 ms');
    expect(index).toBeGreaterThanOrEqual(0);
    expect(model.data[index + 1]).toEqual([25, 25, 25]);
    expect(model.bands).toEqual([{ from: 0, to: 2, label: 'warm-up' }]);
    expect(model.marks).toEqual([{ x: 2, label: 'stopped by a threshold at 2 s' }]);
    expect(throughputChart(points, annotations).marks).toEqual(model.marks);
    expect(latencyChart(points, DEFAULT_LATENCY_SELECTION).marks).toBeUndefined();
  });

  it('takes the phases from the load as it ran, one band per scenario in time', () => {
    const load = [
      { scenario: 'browse', load: { executor: 'constant-vus', vus: 5, duration: '10s' } },
      { scenario: 'spike', startTime: '10s', load: { executor: 'constant-vus', vus: 50, duration: '5s' } },
    ];
    expect(phaseBands(load)).toEqual([
      { from: 0, to: 10, label: 'browse' },
      { from: 10, to: 15, label: 'spike' },
    ]);
    // One scenario is the whole run: no band.
    expect(phaseBands(load.slice(0, 1))).toEqual([]);
    expect(phaseBands(null)).toEqual([]);
    // The share page has the phases (run.phases), not the manifest: the same bands.
    expect(bandsOfPhases(runPhases(load))).toEqual(phaseBands(load));
  });

  it('draws a limit far above the seconds as a reference the axis does not stretch to', () => {
    const points = [point(0, 18), point(1, 22)];
    const annotations = { limits: [{ label: 'p95 < 2000 ms', valueMs: 2000 }], phases: [], marks: [] };
    const model = latencyChart(points, DEFAULT_LATENCY_SELECTION, [], annotations);
    expect(model.lines.find((line) => line.label === 'p95 < 2000 ms')?.reference).toBe(true);
    const fit = fitScale(model, 'ms');
    expect(fit.max).toBe(22);
    expect(fit.above.map((reference) => reference.label)).toEqual(['p95 < 2000 ms']);
  });
});
