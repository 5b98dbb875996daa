import { describe, expect, it } from 'vitest';
import { loadChartModel, planFigures, scenarioCurves, valueAt } from './load-chart';
import { newLoad, newScenario, newStage } from './form-types';

describe('load chart', () => {
  const sequential = [
    newScenario({ name: 'baseline', load: newLoad({ executor: 'constant-vus', vus: '5', duration: '2m' }) }),
    newScenario({ name: 'peak', load: newLoad({ executor: 'ramping-vus', startVUs: '10', vuStages: [newStage('3m', '100')] }), startAfterPrevious: true }),
  ];

  it('draws each scenario’s loadCurve offset by its start, with edges down to 0', () => {
    const { curves, skipped } = scenarioCurves(sequential);
    expect(skipped).toEqual([]);
    expect(curves.map((curve) => [curve.name, curve.kind, curve.start])).toEqual([
      ['baseline', 'vus', 0],
      ['peak', 'vus', 120],
    ]);
    expect(curves[0]!.points).toEqual([
      { t: 0, value: 0 },
      { t: 0.001, value: 5 },
      { t: 120, value: 5 },
      { t: 120.001, value: 0 },
    ]);
    expect(curves[1]!.points).toEqual([
      { t: 120, value: 0 },
      { t: 120.001, value: 10 },
      { t: 300, value: 100 },
      { t: 300.001, value: 0 },
    ]);
    expect(valueAt(curves[1]!.points, 210)).toBeCloseTo(55, 0);
    expect(valueAt(curves[1]!.points, 100)).toBeNull();
  });

  it('puts VUs and iterations/s on their own axes, with a total of the VU scenarios', () => {
    const model = loadChartModel(
      scenarioCurves([
        newScenario({ name: 'rate', load: newLoad({ executor: 'constant-arrival-rate', rate: '120', timeUnit: '1m', duration: '1m' }) }),
        ...sequential,
      ]).curves,
    );
    expect(model.lines.map((line) => [line.label, line.scale])).toEqual([
      ['baseline · VUs', 'vus'],
      ['peak · VUs', 'vus'],
      ['Total VUs', 'vus'],
      ['rate · it/s', 'its'],
    ]);
    const [xs, baseline, peak, total, rate] = model.data;
    const at = (t: number) => xs.indexOf(t);
    expect(rate![at(30.0) === -1 ? at(0.001) : at(30)]).toBe(2);
    expect(total![at(120)]).toBe(5);
    expect(total![at(120.001)]).toBe(10);
    expect(baseline![at(200)] ?? null).toBeNull();
    expect(peak![at(300)]).toBe(100);
  });

  it('redraws when a stage changes', () => {
    const before = loadChartModel(scenarioCurves(sequential).curves);
    const edited = structuredClone(sequential);
    edited[1]!.load.vuStages[0]!.target = '50';
    const after = loadChartModel(scenarioCurves(edited).curves);
    expect(after.data).not.toEqual(before.data);
    expect(Math.max(...(after.data[2] as number[]))).toBe(50);
  });

  it('figures: planned duration, peak VUs and VU-minutes as quotas count them; invalid scenarios left out', () => {
    const { curves, skipped } = scenarioCurves([...sequential, newScenario({ name: 'broken', load: newLoad({ vus: 'x' }) })]);
    expect(skipped).toEqual(['broken']);
    // k6 keeps baseline's 5 VUs through its 30 s graceful stop, when peak has started: 105 reserved.
    expect(planFigures(curves)).toEqual({ durationSeconds: 300, peakVus: 100, reservedVus: 105, vuMinutes: 5 * 2 + 100 * 3, peakRate: null });
    const stopped = scenarioCurves([{ ...sequential[0]!, gracefulStop: '0s' }, sequential[1]!]).curves;
    expect(planFigures(stopped)).toMatchObject({ peakVus: 100, reservedVus: 100 });
    expect(planFigures([])).toBeNull();
  });
});
