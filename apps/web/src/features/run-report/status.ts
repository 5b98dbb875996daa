import type { RunStatus, Verdict } from '@loadline/shared';

/** Visual tone of a run status or verdict; maps to `.badge--<tone>` in the stylesheet. */
export type Tone = 'neutral' | 'info' | 'success' | 'danger' | 'warning' | 'muted';

export const STATUS_TONE: Record<RunStatus, Tone> = {
  QUEUED: 'neutral',
  STARTING: 'info',
  RUNNING: 'info',
  FINISHING: 'info',
  PASSED: 'success',
  FAILED: 'danger',
  INCONCLUSIVE: 'warning',
  ERRORED: 'danger',
  CANCELLED: 'muted',
};

export const VERDICT_TONE: Record<Verdict, Tone> = { PASS: 'success', FAIL: 'danger', INCONCLUSIVE: 'warning' };

export const STATUS_LABEL: Record<RunStatus, string> = {
  QUEUED: 'Queued',
  STARTING: 'Starting',
  RUNNING: 'Running',
  FINISHING: 'Finishing',
  PASSED: 'Passed',
  FAILED: 'Failed',
  INCONCLUSIVE: 'Inconclusive',
  ERRORED: 'Errored',
  CANCELLED: 'Cancelled',
};

/** The steps a run goes through before its outcome, for the progress indicator. */
export const PROGRESS_STEPS = ['QUEUED', 'STARTING', 'RUNNING', 'FINISHING'] as const satisfies readonly RunStatus[];

/**
 * Index of the step the run is at (0-3), or 4 once it has an outcome. A run that ended early
 * (ERRORED or CANCELLED before running) still counts as past all steps: the outcome is what
 * the last step shows.
 */
export function progressIndex(status: RunStatus): number {
  const index = (PROGRESS_STEPS as readonly RunStatus[]).indexOf(status);
  return index === -1 ? PROGRESS_STEPS.length : index;
}

/** The headline of the verdict banner for a finished run. */
export function outcomeHeadline(status: RunStatus, thresholdCount: number, failed: number): string {
  switch (status) {
    case 'PASSED':
      return thresholdCount === 0
        ? 'Passed: the run completed (no thresholds to check)'
        : `Passed: all ${thresholdCount} requirement${thresholdCount === 1 ? '' : 's'} met`;
    case 'FAILED':
      return `Failed: ${failed} of ${thresholdCount} requirement${thresholdCount === 1 ? '' : 's'} not met`;
    case 'INCONCLUSIVE':
      return 'Inconclusive: the run could not support a verdict';
    case 'ERRORED':
      return 'Errored: the run did not complete';
    case 'CANCELLED':
      return 'Cancelled: the run was stopped';
    default:
      return STATUS_LABEL[status];
  }
}
