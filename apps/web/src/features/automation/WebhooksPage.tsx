import { useState } from 'react';
import {
  DEFAULT_WEBHOOK_EVENTS,
  WEBHOOK_EVENTS,
  createWebhookSchema,
  updateWebhookSchema,
  type WebhookDeliveryView,
  type WebhookView,
  type WebhookWithSecret,
} from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { CreateWithSecretCard } from '../../components/CreateWithSecretCard';
import { ActionsCell, DataTable } from '../../components/DataTable';
import { OneTimeSecret } from '../../components/OneTimeSecret';
import { Card } from '../../components/PageHeader';
import { ActionError, EmptyState, LoadedList } from '../../components/States';
import { formatDateTime, formatRelative } from '../../format/time';
import { TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import { SubmitButton } from '../../forms/SubmitButton';
import { errorAt, fieldId } from '../../forms/field-errors';
import { useFormErrors } from '../../forms/use-form-errors';
import { RequirePermission } from '../../session';
import { DELIVERY_STATUS, deliveryError, deliverySummary } from './automation-format';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliver,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from './hooks';

const EVENT_HINT: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'run.started': 'a run started',
  'run.finished': 'a run passed (or ended without thresholds)',
  'run.failed': 'a run failed its SLA',
  'run.errored': 'a run errored',
  'run.inconclusive': 'a run was inconclusive',
  'schedule.skipped': 'a scheduled slot was skipped',
  'plan.regression': "a new run confirmed a step for the worse in a plan's trend (change point)",
};

/** Settings → Webhooks (admins): endpoints Loadline POSTs signed events to, and what happened to each delivery. */
export function WebhooksPage() {
  return (
    <RequirePermission permission="webhooks:manage" what="manage webhooks">
      <Webhooks />
    </RequirePermission>
  );
}

function Webhooks() {
  const webhooks = useWebhooks();
  return (
    <div className="stack">
      <CreateWithSecretCard<WebhookWithSecret>
        title="New webhook"
        intro={
          <>
            Loadline POSTs a JSON event, signed per Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>),
            and retries for about 23 hours until your endpoint answers 2xx.
          </>
        }
        form={(onCreated) => <WebhookForm onSaved={(value) => onCreated(value as WebhookWithSecret)} />}
        secret={(created, onDone) => <SecretBox value={created} title="Copy the signing secret now" onDone={onDone} />}
      />
      <Card title="Webhooks">
        <LoadedList
          query={webhooks}
          loadingLabel="Loading webhooks…"
          errorTitle="Could not load webhooks"
          empty={<EmptyState title="No webhooks yet">Add an endpoint above to hear about runs as they start and finish.</EmptyState>}
        >
          {(items) => (
            <div className="stack stack--tight" data-testid="webhooks">
              {items.map((webhook) => (
                <WebhookItem key={webhook.id} webhook={webhook} />
              ))}
            </div>
          )}
        </LoadedList>
      </Card>
    </div>
  );
}

function SecretBox({ value, title, onDone }: { value: WebhookWithSecret; title: string; onDone: () => void }) {
  return (
    <OneTimeSecret
      title={title}
      label={`Signing secret of ${value.webhook.url}`}
      value={value.secret}
      onDone={onDone}
      doneLabel="I have stored it"
      testId="webhook-secret"
    >
      <p>
        <strong>You will not see this again.</strong> Your endpoint checks each event's signature with it.
      </p>
      {value.webhook.previousSecretValidUntil ? (
        <p className="small" data-testid="previous-secret-until">
          The previous secret also signs until {formatDateTime(value.webhook.previousSecretValidUntil)}, so the receiver can switch without missing an event.
        </p>
      ) : null}
    </OneTimeSecret>
  );
}

const WEBHOOK_FIELDS = ['url', 'description', 'events'] as const;

function WebhookForm({
  webhook,
  onSaved,
  onCancel,
}: {
  webhook?: WebhookView;
  onSaved: (value: WebhookWithSecret | WebhookView) => void;
  onCancel?: () => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const mutation = webhook ? update : create;
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? [...DEFAULT_WEBHOOK_EVENTS]);
  const draft = { url: url.trim(), description: description.trim(), events: WEBHOOK_EVENTS.filter((e) => events.includes(e)) };
  const form = useFormErrors(WEBHOOK_FIELDS, { input: draft, nouns: { url: 'the endpoint URL, such as https://hooks.example.com/loadline' } });
  const toggle = (event: string) => setEvents((current) => (current.includes(event) ? current.filter((e) => e !== event) : [...current, event]));
  const eventsError = errorAt(form.errors, 'events');
  return (
    <form
      className="webhook-form"
      aria-label={webhook ? 'Edit webhook' : 'New webhook'}
      data-testid="webhook-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const input = form.check(webhook ? updateWebhookSchema : createWebhookSchema, draft);
        if (input === null) return;
        const callbacks = { onSuccess: onSaved, onError: (error: unknown) => form.fail(error) };
        if (webhook) update.mutate({ id: webhook.id, ...draft }, callbacks);
        else create.mutate(draft, callbacks);
      }}
    >
      <FormErrorSummary message={form.formError} details={form.unclaimed} />
      <div className="grid grid--2">
        <TextField
          path="url"
          label="Endpoint URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          errors={form.errors}
          value={url}
          onValueChange={setUrl}
          placeholder="https://hooks.example.com/loadline"
          data-testid="webhook-url"
        />
        <TextField
          path="description"
          label="Description"
          errors={form.errors}
          value={description}
          maxLength={200}
          onValueChange={setDescription}
          data-testid="webhook-description"
        />
      </div>
      <fieldset className={`fieldset${eventsError ? ' field--invalid' : ''}`} aria-describedby={eventsError ? `${fieldId('events')}-error` : undefined}>
        <legend className="fieldset__legend">Events</legend>
        <div className="event-choices">
          {WEBHOOK_EVENTS.map((event, index) => (
            <label key={event} className="checkbox-label">
              <input
                type="checkbox"
                id={index === 0 ? fieldId('events') : undefined}
                checked={events.includes(event)}
                onChange={() => toggle(event)}
                data-testid={`webhook-event-${event}`}
              />
              <code>{event}</code> <span className="muted small">{EVENT_HINT[event]}</span>
            </label>
          ))}
        </div>
        {eventsError ? (
          <p className="field__error" id={`${fieldId('events')}-error`} role="alert">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <div className="button-row">
        <SubmitButton pending={mutation.isPending} pendingLabel="Saving…" className="button button--primary button--small" testId="webhook-save">
          {webhook ? 'Save webhook' : 'Add webhook'}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="button button--secondary button--small" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function WebhookItem({ webhook }: { webhook: WebhookView }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const [editing, setEditing] = useState(false);
  const [rotated, setRotated] = useState<WebhookWithSecret | null>(null);
  const [showLog, setShowLog] = useState(false);
  const error = update.error ?? remove.error ?? rotate.error ?? test.error;

  if (editing) return <WebhookForm webhook={webhook} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />;
  return (
    <article className="row-card webhook" data-testid={`webhook-${webhook.url}`} data-enabled={webhook.enabled}>
      <div className="row-card__head">
        <p className="row-card__title">
          <code>{webhook.url}</code>{' '}
          <span className={`pill ${webhook.enabled ? 'pill--success' : 'pill--muted'}`}>{webhook.enabled ? 'Enabled' : 'Disabled'}</span>
        </p>
        <div className="row-card__tools">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={test.isPending}
            onClick={() => test.mutate(webhook.id, { onSuccess: () => setShowLog(true) })}
            data-testid="webhook-test"
          >
            {test.isPending ? 'Sending…' : 'Send test event'}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: webhook.id, enabled: !webhook.enabled })}
          >
            {webhook.enabled ? 'Disable' : 'Enable'}
          </button>
          <ConfirmButton
            label="Rotate secret"
            question="Issue a new signing secret? The current one keeps signing for 24 hours."
            confirmLabel="Rotate"
            pending={rotate.isPending}
            onConfirm={() => rotate.mutate(webhook.id, { onSuccess: setRotated })}
            testId="webhook-rotate"
          />
          <ConfirmButton
            label="Delete"
            ariaLabel={`Delete webhook ${webhook.url}`}
            question="Delete this webhook? No more events go to it."
            confirmLabel="Delete webhook"
            pending={remove.isPending}
            onConfirm={() => remove.mutate(webhook.id)}
          />
        </div>
      </div>
      {webhook.description ? <p className="small">{webhook.description}</p> : null}
      <p className="chips">
        {webhook.events.map((event) => (
          <span key={event} className="chip">
            {event}
          </span>
        ))}
      </p>
      {webhook.previousSecretValidUntil && new Date(webhook.previousSecretValidUntil).getTime() > Date.now() ? (
        <p className="muted small">Previous secret valid until {formatDateTime(webhook.previousSecretValidUntil)}.</p>
      ) : null}
      {rotated ? <SecretBox value={rotated} title="Copy the new signing secret now" onDone={() => setRotated(null)} /> : null}
      <ActionError error={error} />
      {test.isSuccess ? (
        <p className="text-success small" role="status">
          Test event queued; it appears in the delivery log below.
        </p>
      ) : null}
      <button
        type="button"
        className="link-button small"
        aria-expanded={showLog}
        onClick={() => setShowLog((shown) => !shown)}
        data-testid="webhook-log-toggle"
      >
        {showLog ? 'Hide delivery log' : 'Show delivery log'}
      </button>
      {showLog ? <DeliveryLog webhookId={webhook.id} /> : null}
    </article>
  );
}

function DeliveryLog({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId, true);
  return (
    <LoadedList
      query={deliveries}
      loadingLabel="Loading deliveries…"
      errorTitle="Could not load deliveries"
      empty={<p className="muted small">No deliveries yet. “Send test event” sends one.</p>}
    >
      {(items) => (
        <DataTable
          caption="Deliveries of this webhook, newest first"
          columns={['Event', 'Status', 'Response', 'Error', 'Time']}
          actions
          testId="webhook-deliveries"
        >
          {items.map((delivery) => (
            <DeliveryRow key={delivery.id} webhookId={webhookId} delivery={delivery} />
          ))}
        </DataTable>
      )}
    </LoadedList>
  );
}

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: WebhookDeliveryView }) {
  const redeliver = useRedeliver(webhookId);
  const status = DELIVERY_STATUS[delivery.status];
  return (
    <tr data-testid={`delivery-${delivery.eventType}`} data-status={delivery.status}>
      <th scope="row">
        <code>{delivery.eventType}</code>
        <details className="payload">
          <summary className="small">Payload</summary>
          <pre className="code-block code-block--small">{JSON.stringify(delivery.payload, null, 2)}</pre>
        </details>
      </th>
      <td>
        <span className={`pill pill--${status.tone}`} data-testid="delivery-status">
          {status.label}
        </span>
      </td>
      <td className="nowrap" data-testid="delivery-response">
        {deliverySummary(delivery)}
      </td>
      <td className="small" data-testid="delivery-error">
        {deliveryError(delivery) ?? <span className="muted">—</span>}
      </td>
      <td className="nowrap" title={formatDateTime(delivery.createdAt)}>
        {formatRelative(delivery.createdAt)}
      </td>
      <ActionsCell error={redeliver.error}>
        <button type="button" className="button button--secondary button--small" disabled={redeliver.isPending} onClick={() => redeliver.mutate(delivery.id)}>
          {redeliver.isPending ? 'Sending…' : 'Redeliver'}
        </button>
      </ActionsCell>
    </tr>
  );
}
