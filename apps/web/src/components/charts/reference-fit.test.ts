import { describe, expect, it } from 'vitest';
import type { ChartModel } from './chart-model';
import { REFERENCE_REACH, fitScale, offScaleText } from './reference-fit';

/** p95 over 3 seconds and limit lines at the given values (each a reference line on the ms axis). */
function latency(p95: (number | null)[], limits: number[]): ChartModel {
  return {
    data: [p95.map((_, index) => index), p95, ...limits.map((limit) => p95.map(() => limit))],
    lines: [
      { label: 'p95', color: '#000', scale: 'ms', unit: 'ms' },
      ...limits.map((limit) => ({ label: `p95 < ${limit} ms`, color: '#b42318', scale: 'ms' as const, unit: 'ms' as const, reference: true })),
    ],
  };
}

describe('limits against the data they judge', () => {
  it('keeps the axis on the data when a limit is far above it, and names the limit instead', () => {
    const fit = fitScale(latency([12, 20, 18], [2000]), 'ms');
    expect(fit.max).toBe(20);
    expect(fit.above).toEqual([{ label: 'p95 < 2000 ms', value: 2000, unit: 'ms' }]);
    expect(offScaleText(fit.above[0]!)).toBe('limit 2,000 ms above (p95 < 2000 ms)');
  });

  it('stretches the axis to a limit near the data: how close the lines come is the point', () => {
    expect(fitScale(latency([12, 20, 18], [25]), 'ms')).toEqual({ max: 25, above: [] });
    expect(fitScale(latency([12, 20, 18], [20 * REFERENCE_REACH]), 'ms')).toEqual({ max: 40, above: [] });
    // Data over its limit: the data is the top.
    expect(fitScale(latency([120, 200, 180], [150]), 'ms')).toEqual({ max: 200, above: [] });
  });

  it('keeps the near limits and names the far ones, lowest first', () => {
    const fit = fitScale(latency([10, 20], [5000, 30, 900]), 'ms');
    expect(fit.max).toBe(30);
    expect(fit.above.map((reference) => reference.value)).toEqual([900, 5000]);
  });

  it('reads the data in the zoomed window and leaves hidden lines out', () => {
    const model = latency([400, 20, 18], [500]);
    expect(fitScale(model, 'ms').above).toEqual([]);
    expect(fitScale(model, 'ms', new Set(), { min: 1, max: 2 }).above.map((reference) => reference.value)).toEqual([500]);
    expect(fitScale(model, 'ms', new Set(['p95 < 500 ms']))).toEqual({ max: 400, above: [] });
  });

  it('shows the limits as the axis while no second has a value', () => {
    expect(fitScale(latency([null, null], [2000]), 'ms')).toEqual({ max: 2000, above: [] });
    expect(fitScale(latency([], []), 'ms')).toEqual({ max: null, above: [] });
    // Nothing above 0 (no errors under an error-rate limit): the limit is the axis.
    expect(fitScale(latency([0, 0], [1]), 'ms')).toEqual({ max: 1, above: [] });
  });
});
