import type { SessionListItem } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Card } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDateTime, formatRelative } from '../../format/time';
import { useRevokeSession, useSessions } from './hooks';
import { describeUserAgent } from './user-agent';

/** Where the signed-in person is signed in; any other session can be ended from here. */
export function SessionsPage() {
  const sessions = useSessions();
  return (
    <Card title="Your sessions">
      <p className="muted small card__intro">
        Every browser you are signed in on, in any of your organizations. End a session you do not recognise; to end this one,
        log out.
      </p>
      {sessions.isPending ? (
        <LoadingState label="Loading sessions…" />
      ) : sessions.isError ? (
        <ErrorState title="Could not load your sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyState title="No sessions">You are signed in with something other than a session.</EmptyState>
      ) : (
        <ul className="item-list" aria-label="Sessions" data-testid="sessions-list">
          {sessions.data.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SessionItem({ session }: { session: SessionListItem }) {
  const revoke = useRevokeSession();
  const client = describeUserAgent(session.userAgent);
  return (
    <li className="item-list__item" data-testid="session-item" data-current={session.current ? 'true' : undefined}>
      <div className="item-list__main">
        <span className="item-list__title" title={session.userAgent ?? undefined}>
          {client}
          {session.current ? <span className="pill pill--success session__current">This browser</span> : null}
        </span>
        <span className="item-list__sub">
          {session.ip ?? 'unknown address'} · signed in {formatDateTime(session.createdAt)} · last active{' '}
          {session.lastUsedAt ? formatRelative(session.lastUsedAt) : '—'} · ends {formatDateTime(session.expiresAt)}
        </span>
        {revoke.isError ? (
          <span className="text-danger small" role="alert">
            {errorMessage(revoke.error)}
          </span>
        ) : null}
      </div>
      <div className="item-list__meta">
        {session.current ? null : (
          <ConfirmButton
            label="End session"
            ariaLabel={`End session on ${client} from ${session.ip ?? 'unknown address'}`}
            question="End this session? That browser is signed out at once."
            confirmLabel="End session"
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(session.id)}
          />
        )}
      </div>
    </li>
  );
}
