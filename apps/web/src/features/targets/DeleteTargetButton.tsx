import { useNavigate } from 'react-router';
import type { TargetView } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ActionError } from '../../components/States';
import { deleteTargetQuestion } from './delete-target';
import { useDeleteTarget, usePlansOfTarget } from './hooks';

/**
 * "Delete target", asked in place with what goes and what stays (the API keeps runs and their
 * reports; plans that point at the target stay but cannot run until moved to another target).
 */
export function DeleteTargetButton({ target }: { target: TargetView }) {
  const remove = useDeleteTarget(target.id);
  const plans = usePlansOfTarget(target.id);
  const navigate = useNavigate();
  return (
    <div className="stack stack--tight">
      <ConfirmButton
        label="Delete target"
        question={deleteTargetQuestion(
          target.name,
          plans.data?.map((plan) => plan.name),
        )}
        confirmLabel="Delete target"
        pending={remove.isPending}
        pendingLabel="Deleting…"
        testId="delete-target"
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => void navigate('/targets', { state: { deleted: `Target “${target.name}” deleted. Its runs and their reports are kept.` } }),
          })
        }
      />
      <ActionError error={remove.error} testId="delete-target-error" />
    </div>
  );
}
