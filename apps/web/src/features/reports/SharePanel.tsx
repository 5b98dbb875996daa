import { useState } from 'react';
import { Link } from 'react-router';
import type { CreatedShare } from '@loadline/shared';
import { OneTimeSecret } from '../../components/OneTimeSecret';
import { errorMessage } from '../../components/States';
import { EXPIRY_CHOICES, expiryLabel } from './report-format';
import { useCreateShare, type ShareSubject } from './hooks';

/**
 * "Share": an inline panel that makes a public, read-only link (expiry to choose) and shows
 * its URL once with Copy. Links are listed and revoked under Settings → Share links.
 */
export function SharePanel({ subject, onClose }: { subject: ShareSubject; onClose: () => void }) {
  const create = useCreateShare(subject);
  const [days, setDays] = useState('30');
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const what = subject.kind === 'run' ? 'this run report' : subject.targetId ? "this plan's trend on the target chosen" : "this plan's trend";

  if (created) {
    return (
      <div className="share-panel no-print">
        <OneTimeSecret title="Copy the share link now" label="Share link" value={created.url} onDone={onClose} doneLabel="Done" testId="share-link">
          <p>
            Anyone with this link can read {what} without signing in ({expiryLabel(created.share.expiresAt).toLowerCase()}). It holds no target address or
            secret. <strong>It is shown only once</strong>; revoke it any time in <Link to="/settings/shares">Share links</Link>.
          </p>
        </OneTimeSecret>
      </div>
    );
  }
  return (
    <form
      className="share-panel card no-print"
      aria-label="Create a share link"
      data-testid="share-form"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(days ? Number(days) : undefined, { onSuccess: setCreated });
      }}
    >
      <p className="share-panel__title">Share {what}</p>
      <p className="muted small">A read-only page anyone with the link can open, without signing in.</p>
      <div className="inline-fields">
        <label className="field">
          <span className="field__label">Link expires after</span>
          <select className="input select" value={days} onChange={(event) => setDays(event.target.value)} data-testid="share-expiry">
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {create.isError ? (
        <p className="text-danger small" role="alert">
          {errorMessage(create.error)}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button button--primary button--small" disabled={create.isPending} data-testid="share-create">
          {create.isPending ? 'Creating…' : 'Create link'}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
