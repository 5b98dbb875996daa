/**
 * Why POST /plans/:id/runs refused to start the run, as the start-error alert's title. The
 * split-run refusals (422) come before anything is queued: the plan itself must change.
 */
export function startErrorTitle(code: string | null): string {
  switch (code) {
    case 'QUOTA_EXCEEDED':
      return "The run would go over your organization's quota.";
    case 'TARGET_UNVERIFIED':
      return 'This plan asks for more than an unverified target may take.';
    case 'SEGMENTS_EXCEED_RUNNERS':
      return 'This plan needs more runners at once than this installation can have.';
    case 'SEGMENTS_EXCEED_VUS':
      return 'This plan has more segments than a scenario has VUs.';
    case 'TARGET_SECRETS_UNREADABLE':
      // The installation's LOADLINE_SECRET_KEY is not the one they were sealed with (a restore).
      return "This target's headers and variables cannot be opened on this installation.";
    default:
      return 'The run could not be started.';
  }
}

/** The start refusals that editing the plan's segments (or VUs) resolves. */
export function startErrorNeedsPlanChange(code: string | null): boolean {
  return code === 'SEGMENTS_EXCEED_RUNNERS' || code === 'SEGMENTS_EXCEED_VUS';
}
