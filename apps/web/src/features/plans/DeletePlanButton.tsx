import { useNavigate } from 'react-router';
import type { PlanView } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ActionError } from '../../components/States';
import { useDeletePlan } from './hooks';

/**
 * "Delete plan", asked in place with what goes and what stays, as the API does it: the plan
 * and its versions leave every list, its schedules and trigger URLs can no longer start runs,
 * and its runs and their reports are kept (links to them keep working).
 */
export function DeletePlanButton({ plan }: { plan: PlanView }) {
  const remove = useDeletePlan(plan.id);
  const navigate = useNavigate();
  return (
    <div className="stack stack--tight">
      <ConfirmButton
        label="Delete plan"
        question={`Delete plan “${plan.name}” and its ${plan.version === 1 ? 'version' : `${plan.version} versions`}? Its schedules and trigger URLs will no longer start runs. Its runs and their reports are kept.`}
        confirmLabel="Delete plan"
        pending={remove.isPending}
        pendingLabel="Deleting…"
        testId="delete-plan"
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => void navigate('/', { state: { notice: `Plan “${plan.name}” deleted. Its runs and their reports are kept.` } }),
          })
        }
      />
      <ActionError error={remove.error} testId="delete-plan-error" />
    </div>
  );
}
