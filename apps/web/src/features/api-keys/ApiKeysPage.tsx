import { useState } from 'react';
import type { ApiKeyView, CreatedApiKey } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { OneTimeSecret } from '../../components/OneTimeSecret';
import { Card } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDate, formatDateTime, formatRelative } from '../../format/time';
import { ROLE_LABEL, aRole } from '../members/roles';
import { RequirePermission } from '../settings/RequirePermission';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { keyStatus, useApiKeys, useRevokeApiKey } from './hooks';

export function ApiKeysPage() {
  return (
    <RequirePermission permission="keys:manage" what="manage API keys">
      <ApiKeys />
    </RequirePermission>
  );
}

function ApiKeys() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <div className="stack">
      <Card title="New API key">
        {created ? (
          <OneTimeSecret
            title="Copy your new API key now"
            label={`Secret of “${created.key.name}”`}
            value={created.secret}
            onDone={() => setCreated(null)}
            doneLabel="I have stored it"
            testId="api-key-secret"
          >
            <p>
              <strong>You will not see this again.</strong> Loadline keeps only a hash of the key, so it cannot show it
              later; if it is lost, revoke the key and create another.
            </p>
            <p className="muted small">
              Send it as <code>Authorization: Bearer …</code>. It acts as {aRole(created.key.role)} of this organization.
            </p>
          </OneTimeSecret>
        ) : (
          <>
            <p className="muted small card__intro">
              For CI and scripts: a key acts for this organization with the role you give it, never more than yours.
            </p>
            <CreateApiKeyForm onCreated={setCreated} />
          </>
        )}
      </Card>
      <KeysCard />
    </div>
  );
}

function KeysCard() {
  const keys = useApiKeys();
  return (
    <Card title="API keys">
      {keys.isPending ? (
        <LoadingState label="Loading API keys…" />
      ) : keys.isError ? (
        <ErrorState title="Could not load API keys" error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <EmptyState title="No API keys yet">Create one above for your CI pipeline or scripts.</EmptyState>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table className="table table--dense" data-testid="api-keys-table">
            <caption className="sr-only">API keys of this organization</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Role</th>
                <th scope="col">Created by</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <KeyRow key={key.id} apiKey={key} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

const STATUS_PILL = { active: 'pill--success', revoked: 'pill--danger', expired: 'pill--muted' } as const;
const STATUS_LABEL = { active: 'Active', revoked: 'Revoked', expired: 'Expired' } as const;

function KeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const revoke = useRevokeApiKey();
  const status = keyStatus(apiKey);
  return (
    <tr data-testid={`api-key-${apiKey.name}`} data-status={status} className={status === 'active' ? undefined : 'row--inactive'}>
      <th scope="row">{apiKey.name}</th>
      <td className="nowrap">
        <code>{apiKey.prefix}…</code>
      </td>
      <td>{ROLE_LABEL[apiKey.role]}</td>
      <td>{apiKey.createdBy ?? '—'}</td>
      <td title={formatDateTime(apiKey.lastUsedAt)}>{apiKey.lastUsedAt ? formatRelative(apiKey.lastUsedAt) : 'Never'}</td>
      <td className="nowrap" title={apiKey.expiresAt ? formatDateTime(apiKey.expiresAt) : undefined}>
        {apiKey.expiresAt ? formatDate(apiKey.expiresAt) : 'Never'}
      </td>
      <td>
        <span className={`pill ${STATUS_PILL[status]}`} data-testid="api-key-status" title={apiKey.revokedAt ? `Revoked ${formatDateTime(apiKey.revokedAt)}` : undefined}>
          {STATUS_LABEL[status]}
        </span>
      </td>
      <td className="cell-actions">
        {status === 'revoked' ? null : (
          <ConfirmButton
            label="Revoke"
            ariaLabel={`Revoke API key ${apiKey.name}`}
            question={`Revoke “${apiKey.name}”? Anything using it gets 401 from now on.`}
            confirmLabel="Revoke key"
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(apiKey.id)}
            testId={`revoke-key-${apiKey.name}`}
          />
        )}
        {revoke.isError ? (
          <p className="text-danger small" role="alert">
            {errorMessage(revoke.error)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
