import { CustomMetricsMerger } from './custom-metrics.js';
import { foldSeconds } from './second-folding.js';
import type { StoredSecond } from './series-merge.js';

/**
 * What the retention of per-second detail (LOADLINE_SECOND_DETAIL_DAYS) keeps of a run's
 * seconds once they are old: each segment's seconds folded into chunks of COARSE_SECONDS, by
 * the fold the live view uses (second-folding.ts: counts and statuses added, histograms
 * merged bucket by bucket, so every percentile of the chunk is that of its seconds; earliest
 * start and latest end of each scope kept, so active time and rates stay), custom metrics
 * merged by their own rules. A chunk starts at the run's first second + a multiple of
 * COARSE_SECONDS in every segment, so segments still merge chunk by chunk. Not kept: how busy
 * the generator was each second (the segment's health, worked out when the run ended, is kept
 * with the segment). Pure.
 */
export const COARSE_SECONDS = 10;

export function coarsenSeconds(seconds: readonly StoredSecond[], every = COARSE_SECONDS): StoredSecond[] {
  if (!seconds.length) return [];
  const firstT = Math.min(...seconds.map((second) => second.sample.t));
  const lastT = Math.max(...seconds.map((second) => second.sample.t + (second.seconds ?? 1) - 1));
  const chunks = new Map<string, StoredSecond[]>();
  for (const second of seconds) {
    const start = firstT + Math.floor((second.sample.t - firstT) / every) * every;
    const key = `${second.segmentIndex}:${start}`;
    const chunk = chunks.get(key) ?? [];
    chunk.push(second);
    chunks.set(key, chunk);
  }
  return [...chunks.values()]
    .map((chunk) => {
      chunk.sort((a, b) => a.sample.t - b.sample.t);
      const start = firstT + Math.floor((chunk[0]!.sample.t - firstT) / every) * every;
      const folded = foldSeconds(chunk.map((second) => second.sample));
      folded.t = start;
      const metrics = new CustomMetricsMerger();
      for (const second of chunk) metrics.add(second.sample.customMetrics);
      if (metrics.size) folded.customMetrics = metrics.result();
      return { segmentIndex: chunk[0]!.segmentIndex, sample: folded, generator: null, seconds: Math.min(every, lastT - start + 1) };
    })
    .sort((a, b) => a.sample.t - b.sample.t || a.segmentIndex - b.segmentIndex);
}
