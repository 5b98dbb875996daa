import type { RunView } from '@loadline/shared';

/**
 * Why pinning this run as its plan's baseline deserves a second thought, in words; null when
 * nothing speaks against it. The API pins any finished run (an operator may have reasons), so
 * the warning is the web app's: every later run is compared with the baseline, and
 * thresholds relative to it are judged against its figures.
 */
export function pinWarning(verdict: RunView['verdict'] | undefined): string | null {
  if (verdict === 'INCONCLUSIVE')
    return 'This run is INCONCLUSIVE: its figures could not support a verdict (its diagnostics say why). As the baseline, every later run of this plan would be compared with them, and thresholds relative to the baseline would be judged against them.';
  if (verdict === 'FAIL')
    return 'This run FAILED its thresholds. As the baseline, later runs would be compared with a run that missed the SLA, so a run as bad would read as no regression.';
  return null;
}
