import { useMemo } from 'react';
import { stoppedAtSeconds, type LiveProgress, type RunView } from '@loadline/shared';
import { limitLines, phaseBands, stopMarks, type ChartAnnotations } from '../run-report';

/**
 * The run's chart annotations: its latency limits (the judged thresholds once it is over, the
 * live standing's before), its phases (from the manifest: the load as it ran) and the moment a
 * stop rule stopped it. Kept the same object while nothing in it changes, so the charts are
 * not rebuilt every live second for it.
 */
export function useRunAnnotations(run: RunView, progress: LiveProgress | null): ChartAnnotations {
  const thresholds = run.thresholds.length ? run.thresholds.map((result) => result.threshold) : (progress?.thresholds.map((status) => status.threshold) ?? []);
  const limitsKey = JSON.stringify(limitLines(thresholds));
  const stopAt = stoppedAtSeconds(run.error) ?? progress?.thresholds.find((status) => status.stop?.stoppedAtSeconds != null)?.stop?.stoppedAtSeconds ?? null;
  const load = run.manifest?.load;
  return useMemo(
    () => ({ limits: JSON.parse(limitsKey) as ChartAnnotations['limits'], phases: phaseBands(load), marks: stopMarks(stopAt) }),
    [limitsKey, load, stopAt],
  );
}
