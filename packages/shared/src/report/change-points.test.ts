import { describe, expect, it } from 'vitest';
import { bestSplit, changePoints, pooledPValue } from './change-points.js';

/** A seeded normal generator, so each case is the same everywhere. */
function normals(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** `levels`: [value, runs] stretches; each run varies by `spread` (relative sd). */
function history(seed: number, levels: Array<[number, number]>, spread = 0.05): number[] {
  const normal = normals(seed);
  return levels.flatMap(([level, runs]) => Array.from({ length: runs }, () => level * (1 + spread * normal())));
}

describe('pooledPValue', () => {
  it('matches published values of the t distribution', () => {
    // Two samples whose Welch t is 2.0 with 10 degrees of freedom (equal variances, 6 each):
    // the two-sided p of t = 2.0, df = 10 is 0.0734 (any t table).
    const a = [1, 2, 3, 4, 5, 6];
    const shift = 2.0 * Math.sqrt((3.5 / 6) * 2);
    expect(
      pooledPValue(
        a,
        a.map((v) => v + shift),
      ),
    ).toBeCloseTo(0.0734, 3);
    // t = 2.228 at df = 10 is the 5 % two-sided critical value.
    expect(
      pooledPValue(
        a,
        a.map((v) => v + 2.228 * Math.sqrt((3.5 / 6) * 2)),
      ),
    ).toBeCloseTo(0.05, 3);
    expect(pooledPValue([5, 5, 5], [5, 5, 5])).toBe(1);
  });
});

describe('bestSplit', () => {
  it('gives the split and energy statistic Q of the definition, computed the long way', () => {
    const x = history(
      9,
      [
        [100, 12],
        [115, 9],
      ],
      0.08,
    );
    const n = x.length;
    let best = { at: -1, q: -Infinity };
    for (let k = 3; k <= n - 3; k++) {
      const [left, right] = [x.slice(0, k), x.slice(k)];
      const mean = (pairs: number[]) => pairs.reduce((s, v) => s + v, 0) / pairs.length;
      const across = mean(left.flatMap((a) => right.map((b) => Math.abs(a - b))));
      const inside = (side: number[]) => mean(side.flatMap((a, i) => side.slice(i + 1).map((b) => Math.abs(a - b))));
      const q = ((k * (n - k)) / n) * (2 * across - inside(left) - inside(right));
      if (q > best.q) best = { at: k, q };
    }
    const fast = bestSplit(x, 0, n, 3)!;
    expect(fast.at).toBe(best.at);
    expect(fast.q).toBeCloseTo(best.q, 9);
  });
});

describe('changePoints (E-divisive means, pooled t significance)', () => {
  it('finds nothing in a flat history with 10 % run-to-run spread', () => {
    expect(changePoints(history(1, [[100, 60]], 0.1))).toEqual([]);
  });

  it('finds a 20 % step where it happened, with its size', () => {
    const found = changePoints(
      history(2, [
        [100, 30],
        [120, 20],
      ]),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.index).toBe(30);
    expect(found[0]!.step).toBeGreaterThan(0.15);
    expect(found[0]!.step).toBeLessThan(0.25);
    expect(found[0]!.pValue).toBeLessThan(0.001);
  });

  it('finds two steps, up then back down, in order', () => {
    const found = changePoints(
      history(3, [
        [100, 20],
        [130, 15],
        [100, 20],
      ]),
    );
    expect(found.map((point) => point.index)).toEqual([20, 35]);
    expect(found[0]!.step).toBeGreaterThan(0);
    expect(found[1]!.step).toBeLessThan(0);
  });

  it('says nothing about the last run alone: a step needs a few runs at its new level', () => {
    const spike = [...history(4, [[100, 30]]), 160];
    expect(changePoints(spike)).toEqual([]);
  });
});
