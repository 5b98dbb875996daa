import { CHANGE_POINT_MIN_RUNS, type TrendPoint } from '@loadline/shared';

/**
 * What the trend says when it found no step: with too few runs to find one, that (a single
 * run has nothing to step from), not that nothing stands out. Pure.
 */
export function noStepText(points: readonly Pick<TrendPoint, 'doubtful'>[], minRuns = CHANGE_POINT_MIN_RUNS): string {
  const usable = points.filter((point) => !point.doubtful).length;
  const left = points.length - usable;
  const doubtful = left ? ` (${left} doubtful run${left === 1 ? '' : 's'} left out)` : '';
  if (usable < minRuns) {
    const have = usable === 0 ? 'No run to use' : usable === 1 ? 'One run so far' : `${usable} runs so far`;
    return `${have}${doubtful}: a step in p50, p95, p99, error rate or throughput can be told from run-to-run noise only with at least ${minRuns} runs (${minRuns / 2} on each side of it).`;
  }
  return `No step in p50, p95, p99, error rate or throughput stands out from run-to-run noise${doubtful}.`;
}
