import { useState } from 'react';
import type { CreatedTrigger, TriggerView } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { OneTimeSecret } from '../../components/OneTimeSecret';
import { Card } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDateTime, formatRelative } from '../../format/time';
import { useCan } from '../auth/hooks';
import { triggerCurl } from './automation-format';
import { useCreateTrigger, useRevokeTrigger, useTriggers } from './hooks';

/** The plan page's trigger URLs: a secret URL that starts a run when POSTed to (CI, deploy hooks). */
export function TriggersSection({ planId }: { planId: string }) {
  const triggers = useTriggers(planId);
  const canManage = useCan('runs:start');
  const create = useCreateTrigger(planId);
  const [name, setName] = useState('deploy hook');
  const [created, setCreated] = useState<CreatedTrigger | null>(null);
  return (
    <Card title="Trigger URLs">
      <div className="stack stack--tight" data-testid="triggers">
        <p className="muted small card__intro">
          A secret URL that starts a run of this plan without signing in, e.g. from a deploy pipeline. Send an <code>Idempotency-Key</code> so a
          retried call starts one run, not two.
        </p>
        {created ? (
          <OneTimeSecret title="Copy the trigger URL now" label={`URL of “${created.trigger.name}”`} value={created.url} onDone={() => setCreated(null)} doneLabel="I have stored it" testId="trigger-url">
            <p>
              <strong>You will not see this URL again.</strong> Anyone who has it can start this plan; revoke it below if it leaks.
            </p>
            <p className="small">From CI:</p>
            <pre className="code-block" data-testid="trigger-curl">{triggerCurl(created.url)}</pre>
            <p className="muted small">
              An optional JSON body may set <code>baseUrl</code> (a preview deployment) and <code>variables</code> for this run.
            </p>
          </OneTimeSecret>
        ) : canManage ? (
          <form
            className="form--inline inline-fields"
            aria-label="New trigger URL"
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate(name.trim() || 'deploy hook', { onSuccess: setCreated });
            }}
          >
            <label className="field">
              <span className="field__label">Name</span>
              <input className="input" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} data-testid="trigger-name" />
            </label>
            <button type="submit" className="button button--secondary button--small" disabled={create.isPending} data-testid="create-trigger">
              {create.isPending ? 'Creating…' : 'Create trigger URL'}
            </button>
            {create.isError ? (
              <p className="text-danger small" role="alert">
                {errorMessage(create.error)}
              </p>
            ) : null}
          </form>
        ) : null}
        {triggers.isPending ? (
          <LoadingState label="Loading triggers…" />
        ) : triggers.isError ? (
          <ErrorState title="Could not load triggers" error={triggers.error} onRetry={() => void triggers.refetch()} />
        ) : triggers.data.length === 0 ? (
          <EmptyState title="No trigger URLs">Create one to start this plan from a pipeline.</EmptyState>
        ) : (
          <div className="table-wrap" tabIndex={0}>
            <table className="table table--dense" data-testid="triggers-table">
              <caption className="sr-only">Trigger URLs of this plan</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {triggers.data.map((trigger) => (
                  <TriggerRow key={trigger.id} planId={planId} trigger={trigger} canManage={canManage} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Card>
  );
}

function TriggerRow({ planId, trigger, canManage }: { planId: string; trigger: TriggerView; canManage: boolean }) {
  const revoke = useRevokeTrigger(planId);
  const revoked = Boolean(trigger.revokedAt);
  return (
    <tr data-testid={`trigger-${trigger.name}`} data-status={revoked ? 'revoked' : 'active'} className={revoked ? 'row--inactive' : undefined}>
      <th scope="row">{trigger.name}</th>
      <td title={formatDateTime(trigger.createdAt)}>
        {formatRelative(trigger.createdAt)}
        {trigger.createdBy ? <span className="muted small"> by {trigger.createdBy}</span> : null}
      </td>
      <td data-testid="trigger-last-used">{trigger.lastUsedAt ? formatRelative(trigger.lastUsedAt) : 'Never'}</td>
      <td>
        <span className={`pill ${revoked ? 'pill--danger' : 'pill--success'}`}>{revoked ? 'Revoked' : 'Active'}</span>
      </td>
      <td className="cell-actions">
        {!revoked && canManage ? (
          <ConfirmButton
            label="Revoke"
            ariaLabel={`Revoke trigger ${trigger.name}`}
            question="Revoke this URL? Calls to it get 404 from now on."
            confirmLabel="Revoke URL"
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(trigger.id)}
          />
        ) : null}
        {revoke.isError ? (
          <p className="text-danger small" role="alert">
            {errorMessage(revoke.error)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
