import { describe, expect, it } from 'vitest';
import { summarizeSeconds } from './summary.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

describe('summarizeSeconds', () => {
  it('divides by the time load was applied, not by the wall-clock seconds it touched', () => {
    // A 10 s test that started 0.7 s into its first second touches 11 seconds.
    const base = 1_700_000_000;
    const seconds = Array.from({ length: 11 }, (_, i) =>
      second(base + i, [requestSecond('Get', 200, repeat(1, i === 0 ? 30 : i === 10 ? 70 : 100))], {
        spanStartMs: (base + i) * 1000 + (i === 0 ? 700 : 0),
        spanEndMs: (base + i) * 1000 + (i === 10 ? 700 : 999),
      }),
    );
    const summary = summarizeSeconds(seconds);
    expect(summary.overall.count).toBe(1000);
    expect(summary.durationSeconds).toBeCloseTo(10, 5);
    expect(summary.overall.rps).toBeCloseTo(100, 3);
  });

  it('falls back to whole seconds when request times are unknown', () => {
    const summary = summarizeSeconds([second(1, [requestSecond('Get', 200, [1, 2])]), second(2, [requestSecond('Get', 200, [1, 2])])]);
    expect(summary.durationSeconds).toBe(2);
    expect(summary.overall.rps).toBe(2);
  });

  it('reports the VUs busy and the VU pool separately, summed over segments', () => {
    // An arrival-rate run against a fast target: a pool of 20 VUs per segment, 1 busy at a time.
    const segment = (t: number) => second(t, [requestSecond('Get', 200, [1])], { vus: 1, vusMax: 20 });
    const summary = summarizeSeconds([segment(1), segment(1), segment(2), segment(2)]);
    expect(summary.vusMax).toBe(2);
    expect(summary.vusAllocated).toBe(40);
  });
});
