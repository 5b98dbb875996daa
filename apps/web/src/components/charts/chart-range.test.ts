import { describe, expect, it } from 'vitest';
import { describeAnnotations, xRange } from './chart-model';

describe('the time axis span', () => {
  it('spans the planned duration from the first second of a live run, not uPlot’s 0–100 for a lone point', () => {
    // uPlot hands a lone point at 0 to the range as 0–100: a 20 s plan read 0:00–1:40, then jumped.
    expect(xRange([0], 0, 100, 20)).toEqual([0, 20]);
    expect(xRange([0, 1, 2], 0, 2, 20)).toEqual([0, 20]);
    expect(xRange([], null, null, 20)).toEqual([0, 20]);
  });

  it('grows past the plan when the run runs over, and follows the data without a plan', () => {
    expect(xRange([0, 1, 2, 25], 0, 25, 20)).toEqual([0, 25]);
    expect(xRange([0, 1, 2], 0, 2)).toEqual([0, 2]);
    expect(xRange([0], 0, 100)).toEqual([0, 1]);
  });

  it('keeps a zoom inside the data', () => {
    expect(xRange([0, 1, 2, 3, 4, 5], 2, 4)).toEqual([2, 4]);
  });
});

describe('chart annotations in words', () => {
  it('names the phases and the marked moments', () => {
    expect(
      describeAnnotations({
        bands: [
          { from: 0, to: 10, label: 'warm-up' },
          { from: 10, to: 30, label: 'peak' },
        ],
        marks: [{ x: 42, label: 'stopped by p95 < 500 ms' }],
      }),
    ).toBe('phases: warm-up 0:00–0:10, peak 0:10–0:30; stopped by p95 < 500 ms at 0:42');
    expect(describeAnnotations({})).toBe('');
  });
});
