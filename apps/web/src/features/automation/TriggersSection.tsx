import { useState } from 'react';
import { createTriggerSchema, type CreatedTrigger, type TriggerView } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ActionsCell, DataTable } from '../../components/DataTable';
import { OneTimeSecret } from '../../components/OneTimeSecret';
import { Card } from '../../components/PageHeader';
import { RevocableRow, RevocableStatusPill } from '../../components/Revocable';
import { EmptyState, LoadedList } from '../../components/States';
import { formatDateTime, formatRelative } from '../../format/time';
import { TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import { SubmitButton } from '../../forms/SubmitButton';
import { useFormErrors } from '../../forms/use-form-errors';
import { useCan } from '../../session';
import { TargetSelect } from '../targets';
import { useTargetName } from './target-name';
import { triggerCurl } from './automation-format';
import { useCreateTrigger, useRevokeTrigger, useTriggers } from './hooks';

/** The plan page's trigger URLs: a secret URL that starts a run when POSTed to (CI, deploy hooks). */
export function TriggersSection({ planId, planTargetId }: { planId: string; planTargetId: string }) {
  const triggers = useTriggers(planId);
  const canManage = useCan('runs:start');
  const [created, setCreated] = useState<CreatedTrigger | null>(null);
  return (
    <Card title="Trigger URLs">
      <div className="stack stack--tight" data-testid="triggers">
        <p className="muted small card__intro">
          A secret URL that starts a run of this plan without signing in, e.g. from a deploy pipeline. Send an <code>Idempotency-Key</code> so a retried call
          starts one run, not two.
        </p>
        {created ? (
          <OneTimeSecret
            title="Copy the trigger URL now"
            label={`URL of “${created.trigger.name}”`}
            value={created.url}
            onDone={() => setCreated(null)}
            doneLabel="I have stored it"
            testId="trigger-url"
          >
            <p>
              <strong>You will not see this URL again.</strong> Anyone who has it can start this plan; revoke it below if it leaks.
            </p>
            <p className="small">From CI:</p>
            <pre className="code-block" data-testid="trigger-curl">
              {triggerCurl(created.url)}
            </pre>
            <p className="muted small">
              An optional JSON body may set <code>baseUrl</code> (a preview deployment) and <code>variables</code> for this run.
            </p>
          </OneTimeSecret>
        ) : canManage ? (
          <NewTriggerForm planId={planId} planTargetId={planTargetId} onCreated={setCreated} />
        ) : null}
        <LoadedList
          query={triggers}
          loadingLabel="Loading triggers…"
          errorTitle="Could not load triggers"
          empty={<EmptyState title="No trigger URLs">Create one to start this plan from a pipeline.</EmptyState>}
        >
          {(items) => (
            <DataTable caption="Trigger URLs of this plan" columns={['Name', 'Runs against', 'Created', 'Last used', 'Status']} actions testId="triggers-table">
              {items.map((trigger) => (
                <TriggerRow key={trigger.id} planId={planId} trigger={trigger} canManage={canManage} />
              ))}
            </DataTable>
          )}
        </LoadedList>
      </div>
    </Card>
  );
}

const TRIGGER_FIELDS = ['name', 'targetId'] as const;

/** Names a new trigger URL; an empty name is refused in words (the API would otherwise name it "deploy hook" behind the user's back). */
function NewTriggerForm({ planId, planTargetId, onCreated }: { planId: string; planTargetId: string; onCreated: (created: CreatedTrigger) => void }) {
  const create = useCreateTrigger(planId);
  const [name, setName] = useState('');
  // Fixed when the URL is made: whoever holds it cannot point it elsewhere.
  const [targetId, setTargetId] = useState(planTargetId);
  const draft = { name, targetId: targetId === planTargetId ? null : targetId };
  const form = useFormErrors(TRIGGER_FIELDS, { input: draft, nouns: { name: 'a name for the trigger, such as “deploy hook”' } });
  return (
    <form
      className="form--inline inline-fields"
      aria-label="New trigger URL"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const input = form.check(createTriggerSchema, draft);
        if (input === null) return;
        create.mutate({ name: input.name, targetId: input.targetId }, { onSuccess: onCreated, onError: (error) => form.fail(error) });
      }}
    >
      <TextField
        path="name"
        label="Name"
        placeholder="deploy hook"
        errors={form.errors}
        value={name}
        onValueChange={setName}
        maxLength={200}
        autoComplete="off"
        data-testid="trigger-name"
      />
      <TargetSelect label="Runs against" ownTargetId={planTargetId} value={targetId} onChange={setTargetId} testId="trigger-target" />
      <SubmitButton pending={create.isPending} pendingLabel="Creating…" className="button button--secondary button--small" testId="create-trigger">
        Create trigger URL
      </SubmitButton>
      <FormErrorSummary message={form.formError} details={form.unclaimed} />
    </form>
  );
}

function TriggerRow({ planId, trigger, canManage }: { planId: string; trigger: TriggerView; canManage: boolean }) {
  const revoke = useRevokeTrigger(planId);
  const targetName = useTargetName(trigger.targetId);
  const revoked = Boolean(trigger.revokedAt);
  const status = revoked ? 'revoked' : 'active';
  return (
    <RevocableRow data-testid={`trigger-${trigger.name}`} status={status}>
      <th scope="row">{trigger.name}</th>
      <td data-testid="trigger-target-name">{targetName}</td>
      <td title={formatDateTime(trigger.createdAt)}>
        {formatRelative(trigger.createdAt)}
        {trigger.createdBy ? <span className="muted small"> by {trigger.createdBy}</span> : null}
      </td>
      <td data-testid="trigger-last-used">{trigger.lastUsedAt ? formatRelative(trigger.lastUsedAt) : 'Never'}</td>
      <td>
        <RevocableStatusPill status={status} />
      </td>
      <ActionsCell error={revoke.error}>
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
      </ActionsCell>
    </RevocableRow>
  );
}
