import { describe, expect, it } from 'vitest';
import { emptyHistogram, mergeHistogramInto, quantile, recordValue } from '../histogram.js';
import { changeIntervals, type SecondFigures } from './noise.js';

/** A seeded generator, so every case is the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

/**
 * A ramp of 1 -> 40 VUs over `seconds`: each second's rate grows with its VUs and its latency
 * with the load (a server queueing: 20 ms at 1 VU, ~4x at 40), times `slower`, each second's
 * level drifting 2 % (as compare-shapes.test.ts's). Where a run is on the ramp decides its figures more than anything else.
 */
function ramp(seed: number, { seconds = 30, slower = 1 } = {}): SecondFigures[] {
  const { normal } = generator(seed);
  return Array.from({ length: seconds }, (_, i) => {
    const vus = 1 + Math.round((39 * i) / (seconds - 1));
    const median = 20 * (1 + vus / 13) * slower * (1 + 0.02 * normal());
    const latency = emptyHistogram();
    const count = vus * 20;
    for (let r = 0; r < count; r++) recordValue(latency, median * Math.exp(0.3 * normal()));
    return { count, errors: 0, latency };
  });
}

const p95 = (seconds: SecondFigures[]) => {
  const all = emptyHistogram();
  for (const second of seconds) mergeHistogramInto(all, second.latency!);
  return quantile(all, 0.95)!;
};

describe('changeIntervals, paired by the point of the profile', () => {
  it('calls a 5 % slower server on a ramp, with an interval within ±3 % of the base, where unpaired seconds cannot', () => {
    const base = ramp(1);
    const head = ramp(2, { slower: 1.05 });
    const paired = changeIntervals(base, head, { seed: 3, paired: true })!;
    const unpaired = changeIntervals(base, head, { seed: 3 })!;
    expect(paired.p95!.low).toBeGreaterThan(0);
    expect(paired.p50!.low).toBeGreaterThan(0);
    // Narrow enough to act on: no wider than ±3 % of the base's p95.
    expect(paired.p95!.high - paired.p95!.low).toBeLessThan(0.06 * p95(base));
    // Unpaired, the ramp's own spread swamps a 5 % change.
    expect(unpaired.p95!.low).toBeLessThan(0);
  });

  it('says "within noise" for 20 pairs of identical ramps, but for at most one per figure', () => {
    const calls = { p50: 0, p95: 0, avg: 0 };
    for (let i = 0; i < 20; i++) {
      const intervals = changeIntervals(ramp(100 + i), ramp(200 + i), { seed: i + 1, paired: true })!;
      for (const metric of ['p50', 'p95', 'avg'] as const) if (intervals[metric]!.low > 0 || intervals[metric]!.high < 0) calls[metric]++;
    }
    console.log('false calls in 20 identical pairs:', calls);
    for (const count of Object.values(calls)) expect(count).toBeLessThanOrEqual(1);
  });

  it('compares only the seconds both runs have (a run stopped early is compared on its own length)', () => {
    const intervals = changeIntervals(ramp(5, { seconds: 30 }), ramp(5, { seconds: 30 }).slice(0, 12), { seed: 1, paired: true })!;
    // The same seed on the same seconds: the two runs are one, and every draw agrees.
    expect(intervals.p95).toMatchObject({ low: 0, high: 0 });
  });
});
