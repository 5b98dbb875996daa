import type { SessionListItem } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ItemList, ItemListItem } from '../../components/ItemList';
import { Card } from '../../components/PageHeader';
import { EmptyState, LoadedList } from '../../components/States';
import { formatDateTime, formatRelative } from '../../format/time';
import { useRevokeSession, useSessions } from './hooks';
import { describeUserAgent } from './user-agent';

/** Where the signed-in person is signed in; any other session can be ended from here. */
export function SessionsPage() {
  const sessions = useSessions();
  return (
    <Card
      title="Your sessions"
      intro={<>Every browser you are signed in on, in any of your organizations. End a session you do not recognise; to end this one, log out.</>}
    >
      <LoadedList
        query={sessions}
        loadingLabel="Loading sessions…"
        errorTitle="Could not load your sessions"
        empty={<EmptyState title="No sessions">You are signed in with something other than a session.</EmptyState>}
      >
        {(items) => (
          <ItemList label="Sessions" testId="sessions-list">
            {items.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ItemList>
        )}
      </LoadedList>
    </Card>
  );
}

function SessionItem({ session }: { session: SessionListItem }) {
  const revoke = useRevokeSession();
  const client = describeUserAgent(session.userAgent);
  return (
    <ItemListItem
      data-testid="session-item"
      data-current={session.current ? 'true' : undefined}
      title={
        <>
          {client}
          {session.current ? <span className="pill pill--success session__current">This browser</span> : null}
        </>
      }
      titleHint={session.userAgent ?? undefined}
      sub={
        <>
          {session.ip ?? 'unknown address'} · signed in {formatDateTime(session.createdAt)} · last active{' '}
          {session.lastUsedAt ? formatRelative(session.lastUsedAt) : '—'} · ends {formatDateTime(session.expiresAt)}
        </>
      }
      error={revoke.error}
      action={
        session.current ? null : (
          <ConfirmButton
            label="End session"
            ariaLabel={`End session on ${client} from ${session.ip ?? 'unknown address'}`}
            question="End this session? That browser is signed out at once."
            confirmLabel="End session"
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(session.id)}
          />
        )
      }
    />
  );
}
