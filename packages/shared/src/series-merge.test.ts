import { describe, expect, it } from 'vitest';
import { mergeSegmentsBySecond, secondsEverySegmentReported, toSeriesPoints } from './series-merge.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

describe('mergeSegmentsBySecond and toSeriesPoints', () => {
  it('adds the segments of one second: counts, VUs and histograms', () => {
    const merged = mergeSegmentsBySecond([
      {
        segmentIndex: 1,
        sample: second(11, [requestSecond('Get', 200, repeat(10, 90))], { vus: 5 }),
        generator: { hostCpu: 0.5, k6Cpu: 0.4, cores: 2, runnerRssMb: 1 },
      },
      { segmentIndex: 0, sample: second(10, [requestSecond('Get', 200, repeat(1, 10))], { vus: 5 }), generator: null },
      {
        segmentIndex: 0,
        sample: second(11, [requestSecond('Get', 200, repeat(1, 10)), requestSecond('Get', 500, repeat(2, 5))], { vus: 5 }),
        generator: { hostCpu: 0.7, k6Cpu: 0.9, cores: 2, runnerRssMb: 1 },
      },
    ]);
    expect(merged.map((m) => m.t)).toEqual([10, 11]);
    const points = toSeriesPoints(merged);
    expect(points[1]).toMatchObject({ t: 11, elapsed: 1, vus: 10, rps: 105, errors: 5, generatorCpu: 0.7 });
    // 100 requests at 1 ms and 10 ms: the merged p50 is 10 ms, not an average of two medians.
    expect(points[1]!.requests.Get!.p50).toBeCloseTo(10, 0);
    expect(points[1]!.requests.Get!.count).toBe(105);
    expect(points[0]).toMatchObject({ t: 10, rps: 10, generatorCpu: null });
  });

  it('does not modify the stored samples it merges', () => {
    const sample = second(1, [requestSecond('Get', 200, [1, 2])]);
    const before = JSON.stringify(sample);
    mergeSegmentsBySecond([
      { segmentIndex: 0, sample, generator: null },
      { segmentIndex: 1, sample, generator: null },
    ]);
    expect(JSON.stringify(sample)).toBe(before);
  });

  it('keeps only the seconds every segment has reported, so a lagging segment does not read as a drop', () => {
    const at = (segmentIndex: number, t: number) => ({ segmentIndex, sample: second(t, [requestSecond('Get', 200, [1])]), generator: null });
    // Segment 1 lags: it has reported up to second 11, segment 0 up to 13 (and its 12 is late).
    const stored = [at(0, 10), at(1, 10), at(0, 11), at(1, 11), at(0, 13), at(0, 12)];
    expect(secondsEverySegmentReported(stored, 2).map((s) => `${s.segmentIndex}@${s.sample.t}`)).toEqual(['0@10', '1@10', '0@11', '1@11']);
    expect(secondsEverySegmentReported(stored, 1)).toHaveLength(6);
  });
});
