import { isTerminalRunStatus, type RunStatus, type Verdict } from '@loadline/shared';
import { STATUS_LABEL, STATUS_TONE, VERDICT_TONE } from './status';

interface RunStatusBadgeProps {
  status: RunStatus;
  testId?: string;
}

export function RunStatusBadge({ status, testId }: RunStatusBadgeProps) {
  const live = !isTerminalRunStatus(status);
  return (
    <span className={`badge badge--${STATUS_TONE[status]}${live ? ' badge--live' : ''}`} data-testid={testId} data-status={status} title={STATUS_LABEL[status]}>
      {live ? <span className="badge__dot" aria-hidden="true" /> : null}
      {status}
    </span>
  );
}

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return (
    <span className={`badge badge--${VERDICT_TONE[verdict]}`} data-verdict={verdict}>
      {verdict}
    </span>
  );
}
