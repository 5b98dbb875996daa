import { describe, expect, it } from 'vitest';
import { movedWithLatency } from './moved.js';
import { viewOf } from './series.js';
import { ranks, spearman } from './stats.js';
import { catalog, findingsInput, load, seconds, series, wobble } from './test-fixtures.js';
import type { TelemetryFindingsInput } from './index.js';

const run = (input: TelemetryFindingsInput) => movedWithLatency(input, input.sources.map(viewOf));

describe('what moved with latency', () => {
  it('ranks series by how closely they follow p95 and errors, whatever their scale or sign', () => {
    // p95 climbs as the load ramps; errors start once it passes 100 ms.
    const p95 = (offset: number) => 20 + offset * offset * 0.2;
    const input = findingsInput(30, {
      load: load(29, (offset) => ({ vus: offset + 1, p95: p95(offset), errorRate: p95(offset) > 100 ? (p95(offset) - 100) / 1000 : 0 })),
      sources: [
        {
          catalog: catalog('api', [series('queue'), series('free_memory'), series('noise'), series('constant'), series('late')]),
          seconds: seconds('api', -5, 34, (offset) => ({
            // Grows with p95 but not in proportion: its ranks are the same.
            queue: Math.exp(offset / 5),
            // Falls as p95 rises.
            free_memory: 1000 - offset * 10,
            noise: wobble(offset * 13),
            constant: 7,
            // Only read in the last 3 seconds: too few to rank.
            ...(offset >= 27 ? { late: offset } : {}),
          })),
        },
      ],
    });
    const moved = run(input);
    // Noise that follows neither p95 nor errors is not listed: it did not move with them.
    expect(moved.map((row) => row.key)).toEqual(['free_memory', 'queue']);
    expect(moved[0]).toMatchObject({ source: 'api', key: 'free_memory', withLatency: -1 });
    // Errors are 0 for the first 18 s (all tied), then rise with p95: a strong but not perfect rank correlation.
    expect(moved[0]!.withErrors).toBeLessThan(-0.7);
    expect(moved[1]).toMatchObject({ withLatency: 1 });
    expect(moved[1]!.withErrors).toBeGreaterThan(0.7);
  });

  it('keeps the 20 closest and gives no error correlation when errors never changed', () => {
    const keys = Array.from({ length: 25 }, (_, i) => `s${String(i).padStart(2, '0')}`);
    const input = findingsInput(30, {
      load: load(29, (offset) => ({ p95: 10 + offset })),
      sources: [
        {
          catalog: catalog(
            'api',
            keys.map((key) => series(key)),
          ),
          // Series i follows p95 with i seconds of its own noise mixed in.
          seconds: seconds('api', 0, 29, (offset) => Object.fromEntries(keys.map((key, i) => [key, offset + i * 3 * wobble(offset * (i + 1))]))),
        },
      ],
    });
    const moved = run(input);
    expect(moved).toHaveLength(20);
    expect(moved[0]).toEqual({ source: 'api', key: 's00', withLatency: 1, withErrors: null });
    const strengths = moved.map((row) => Math.abs(row.withLatency));
    expect(strengths).toEqual([...strengths].sort((a, b) => b - a));
  });

  it('ranks nothing when p95 never changed', () => {
    const input = findingsInput(10, { sources: [{ catalog: catalog('api', [series('cpu')]), seconds: seconds('api', 0, 9, (offset) => ({ cpu: offset })) }] });
    expect(run(input)).toEqual([]);
  });
});

describe('rank statistics', () => {
  it('shares ranks between ties and correlates ranks', () => {
    expect(ranks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
    expect(spearman([1, 2, 3, 4], [1, 4, 9, 16])).toBe(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
  });
});
