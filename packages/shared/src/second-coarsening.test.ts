import { describe, expect, it } from 'vitest';
import { emptyHistogram, recordValue } from './histogram.js';
import { COARSE_SECONDS, coarsenSeconds } from './second-coarsening.js';
import { mergeSegmentsBySecond, toSeriesPoints, type StoredSecond } from './series-merge.js';
import type { RequestSecond, SecondSample } from './series.js';
import { summarizeSeconds } from './summary.js';

function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** 37 seconds of 2 segments: two names, errors in one scenario, a custom trend, spans as k6 gives them. */
function run(seed: number): StoredSecond[] {
  const random = lcg(seed);
  const t0 = 1_795_000_000;
  const out: StoredSecond[] = [];
  for (let i = 0; i < 37; i++) {
    for (const segmentIndex of [0, 1]) {
      if (segmentIndex === 1 && i === 20) continue; // a second one segment never sent
      const row = (name: string, status: number, scenario: string, n: number): RequestSecond => {
        const latency = emptyHistogram();
        for (let k = 0; k < n; k++) recordValue(latency, Math.round(Math.exp(1 + random() * 3) * 1e6) / 1e6);
        const start = (t0 + i) * 1000 + Math.round(random() * 50);
        return { name, method: 'GET', status, expected: status < 400, errorCode: '', scenario, count: n, latency, spanStartMs: start, spanEndMs: start + 900 };
      };
      const trend = emptyHistogram();
      recordValue(trend, 1 + random() * 9);
      const sample: SecondSample = {
        v: 1,
        t: t0 + i,
        requests: [row('a', 200, 'default', 20 + Math.floor(random() * 30)), row('b', 200, 'browse', 10), row('b', 503, 'browse', Math.floor(random() * 3))],
        vus: 5,
        vusMax: 5,
        iterations: 40,
        droppedIterations: i % 7 === 0 ? 1 : 0,
        bytesReceived: 4000,
        bytesSent: 400,
        spanStartMs: (t0 + i) * 1000,
        spanEndMs: (t0 + i) * 1000 + 950,
        checks: [{ name: 'ok', passes: 40, fails: i % 5 === 0 ? 1 : 0 }],
        scenarioIterations: [{ name: 'browse', iterations: 12, droppedIterations: 0 }],
        customMetrics: [{ name: 'waiting', type: 'trend', contains: 'time', histogram: trend }],
      };
      out.push({ segmentIndex, sample, generator: { hostCpu: 0.5, k6Cpu: 0.3, cores: 2, runnerRssMb: 100 } });
    }
  }
  return out;
}

/** Numbers to 12 significant digits: a sum of latencies added in another order differs in its last bits. */
const rounded = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v)));

const summaryOf = (seconds: StoredSecond[]) =>
  summarizeSeconds(
    mergeSegmentsBySecond(seconds).map((second) => second.sample),
    ['a', 'b'],
  );

describe('coarsening old seconds into chunks', () => {
  it('keeps the summary: counts, every scope’s percentiles and rates, checks, custom metrics', () => {
    for (const seed of [1, 2, 3]) {
      const seconds = run(seed);
      const coarse = coarsenSeconds(seconds);
      expect(coarse.length).toBe(2 * Math.ceil(37 / COARSE_SECONDS));
      const { vusMax: vusMaxFine, ...fine } = summaryOf(seconds);
      const { vusMax: vusMaxCoarse, ...coarseSummary } = summaryOf(coarse);
      // The peak of VUs is the sum over segments of each chunk's peak: at least the peak of the sums.
      expect(vusMaxCoarse).toBeGreaterThanOrEqual(vusMaxFine);
      expect(rounded(coarseSummary)).toEqual(rounded(fine));
    }
  });

  it('starts every chunk at the run’s first second plus a multiple of 10 in every segment, and reads its rate per second', () => {
    const coarse = coarsenSeconds(run(4));
    expect([...new Set(coarse.map((second) => second.sample.t - 1_795_000_000))]).toEqual([0, 10, 20, 30]);
    expect(coarse.map((second) => second.seconds)).toEqual([10, 10, 10, 10, 10, 10, 7, 7]);
    expect(coarse.every((second) => second.generator === null)).toBe(true);
    const points = toSeriesPoints(mergeSegmentsBySecond(coarse));
    const fine = toSeriesPoints(mergeSegmentsBySecond(run(4)));
    const perSecond = (from: number, to: number) => fine.slice(from, to).reduce((sum, point) => sum + point.rps, 0) / (to - from);
    expect(points.map((point) => point.rps)).toEqual([perSecond(0, 10), perSecond(10, 20), perSecond(20, 30), perSecond(30, 37)]);
  });

  it('gives back the same chunks when coarsened again', () => {
    const coarse = coarsenSeconds(run(5));
    expect(coarsenSeconds(coarse)).toEqual(coarse);
  });
});
