import { Link } from 'react-router';
import type { RunView } from '@loadline/shared';
import { usePlan } from '../plans';
import { useTarget } from '../targets';

/**
 * " · against staging (not the plan's own target)": said only when the run went to another
 * target than its plan's (an environment chosen for the run), since its figures are that
 * environment's and its trend and baseline are kept there.
 */
export function RunTargetNote({ run }: { run: Pick<RunView, 'planId' | 'targetId'> }) {
  const plan = usePlan(run.planId);
  const elsewhere = plan.data !== undefined && plan.data.targetId !== run.targetId;
  const target = useTarget(elsewhere ? run.targetId : undefined);
  if (!elsewhere) return null;
  return (
    <span data-testid="run-other-target">
      {' · against '}
      <Link to={`/targets/${encodeURIComponent(run.targetId)}`}>
        <strong>{target.data?.name ?? (target.isError ? 'a deleted target' : '…')}</strong>
      </Link>{' '}
      <span className="pill pill--muted">not the plan's own target</span>
    </span>
  );
}
