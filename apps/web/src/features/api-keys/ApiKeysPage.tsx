import type { ApiKeyView, CreatedApiKey } from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { CreateWithSecretCard } from '../../components/CreateWithSecretCard';
import { ActionsCell, DataTable } from '../../components/DataTable';
import { OneTimeSecret } from '../../components/OneTimeSecret';
import { Card } from '../../components/PageHeader';
import { RevocableRow, RevocableStatusPill } from '../../components/Revocable';
import { EmptyState, LoadedList } from '../../components/States';
import { formatDate, formatDateTime, formatRelative } from '../../format/time';
import { ROLE_LABEL, aRole, RequirePermission } from '../../session';
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
  return (
    <div className="stack">
      <CreateWithSecretCard<CreatedApiKey>
        title="New API key"
        intro="For CI and scripts: a key acts for this organization with the role you give it, never more than yours."
        form={(onCreated) => <CreateApiKeyForm onCreated={onCreated} />}
        secret={(created, onDone) => (
          <OneTimeSecret
            title="Copy your new API key now"
            label={`Secret of “${created.key.name}”`}
            value={created.secret}
            onDone={onDone}
            doneLabel="I have stored it"
            testId="api-key-secret"
          >
            <p>
              <strong>You will not see this again.</strong> Loadline keeps only a hash of the key, so it cannot show it later; if it is lost, revoke the key and
              create another.
            </p>
            <p className="muted small">
              Send it as <code>Authorization: Bearer …</code>. It acts as {aRole(created.key.role)} of this organization.
            </p>
          </OneTimeSecret>
        )}
      />
      <KeysCard />
    </div>
  );
}

function KeysCard() {
  const keys = useApiKeys();
  return (
    <Card title="API keys">
      <LoadedList
        query={keys}
        loadingLabel="Loading API keys…"
        errorTitle="Could not load API keys"
        empty={<EmptyState title="No API keys yet">Create one above for your CI pipeline or scripts.</EmptyState>}
      >
        {(items) => (
          <DataTable
            caption="API keys of this organization"
            columns={['Name', 'Key', 'Role', 'Created by', 'Last used', 'Expires', 'Status']}
            actions
            testId="api-keys-table"
          >
            {items.map((key) => (
              <KeyRow key={key.id} apiKey={key} />
            ))}
          </DataTable>
        )}
      </LoadedList>
    </Card>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const revoke = useRevokeApiKey();
  const status = keyStatus(apiKey);
  return (
    <RevocableRow data-testid={`api-key-${apiKey.name}`} status={status}>
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
        <RevocableStatusPill status={status} revokedAt={apiKey.revokedAt} testId="api-key-status" />
      </td>
      <ActionsCell error={revoke.error}>
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
      </ActionsCell>
    </RevocableRow>
  );
}
