import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditEventView } from '@loadline/shared';
import { Card } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDateTime } from '../../format/time';
import { SelectField } from '../../forms/Fields';
import { NO_ERRORS } from '../../forms/field-errors';
import { RequirePermission } from '../../session';
import { actorLabel, detailsSummary, subjectLabel } from './audit-format';
import { useAuditLog } from './hooks';

const ACTION_OPTIONS = [{ value: '', label: 'All actions' }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: action }))];

export function AuditPage() {
  return (
    <RequirePermission permission="audit:read" what="read the audit log">
      <AuditLog />
    </RequirePermission>
  );
}

function AuditLog() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const log = useAuditLog(action || undefined);
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <Card
      title="Audit log"
      actions={
        <SelectField
          path="audit.action"
          label="Action"
          className="field--inline"
          errors={NO_ERRORS}
          value={action}
          options={ACTION_OPTIONS}
          onValueChange={(value) => setAction(value as AuditAction | '')}
        />
      }
    >
      <p className="muted small card__intro">Sign-ins, membership and role changes, API keys, quotas and runs in this organization, newest first.</p>
      {log.isPending ? (
        <LoadingState label="Loading the audit log…" />
      ) : log.data === undefined ? (
        // Only when nothing loaded: a failed "Load more" keeps the pages already shown.
        <ErrorState title="Could not load the audit log" error={log.error} onRetry={() => void log.refetch()} />
      ) : events.length === 0 ? (
        <EmptyState title={action ? `No “${action}” events` : 'No events yet'}>
          {action ? 'Choose “All actions” to see everything.' : 'What people and keys do in this organization shows here.'}
        </EmptyState>
      ) : (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="table table--dense" data-testid="audit-table">
              <caption className="sr-only">Audit events, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Actor</th>
                  <th scope="col">Action</th>
                  <th scope="col">Subject</th>
                  <th scope="col">IP</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <AuditRow key={event.id} event={event} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="load-more">
            {log.hasNextPage ? (
              <button type="button" className="button button--secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            ) : (
              <span className="muted small">That is everything{action ? ` for “${action}”` : ''}.</span>
            )}
            {log.isError ? (
              <span className="text-danger small" role="alert">
                {errorMessage(log.error)}
              </span>
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}

function AuditRow({ event }: { event: AuditEventView }) {
  const details = detailsSummary(event.details);
  return (
    <tr data-testid="audit-event" data-action={event.action}>
      <td className="nowrap" title={event.createdAt}>
        {formatDateTime(event.createdAt)}
      </td>
      <td>{actorLabel(event.actor)}</td>
      <td className="audit__action">
        <code>{event.action}</code>
        {details ? <div className="muted small audit__details">{details}</div> : null}
      </td>
      <td className="mono small nowrap" title={event.subject ? `${event.subject.type} ${event.subject.id}` : undefined}>
        {subjectLabel(event.subject)}
      </td>
      <td className="mono small" title={event.userAgent ?? undefined}>
        {event.ip ?? '—'}
      </td>
    </tr>
  );
}
