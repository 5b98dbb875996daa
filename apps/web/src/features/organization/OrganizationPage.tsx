import { useEffect, useState, type FormEvent } from 'react';
import { can, updateOrganizationSchema, type OrganizationView } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { Card } from '../../components/PageHeader';
import { ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDateTime } from '../../format/time';
import { TextField } from '../../forms/Fields';
import { NO_ERRORS, detailsToFieldErrors, prefixErrors, zodErrorToFieldErrors, type FieldErrors, withoutField } from '../../forms/field-errors';
import { useAccount, ROLE_LABEL } from '../../session';
import { QuotasCard } from './QuotasCard';
import { UsageCard } from './UsageCard';
import { useDeleteOrganization, useOrganization, useRenameOrganization } from './hooks';

export function OrganizationPage() {
  const organization = useOrganization();
  const me = useAccount();
  if (organization.isPending) return <LoadingState label="Loading the organization…" />;
  if (organization.isError) {
    return <ErrorState title="Could not load the organization" error={organization.error} onRetry={() => void organization.refetch()} />;
  }
  return (
    <div className="stack">
      <NameCard organization={organization.data} />
      <UsageCard />
      <QuotasCard organization={organization.data} />
      {can(me.role, 'org:delete') ? <DangerZone organization={organization.data} /> : null}
    </div>
  );
}

function NameCard({ organization }: { organization: OrganizationView }) {
  const me = useAccount();
  const rename = useRenameOrganization();
  const [name, setName] = useState(organization.name);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  const editable = can(me.role, 'org:update');

  useEffect(() => setName(organization.name), [organization.name]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = updateOrganizationSchema.safeParse({ name });
    if (!parsed.success)
      return setErrors(prefixErrors(zodErrorToFieldErrors(parsed.error, { input: { name }, nouns: { name: 'a name for the organization' } }), 'organization'));
    setErrors(NO_ERRORS);
    rename.mutate(parsed.data.name, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const fieldErrors = isApiError(error) ? prefixErrors(detailsToFieldErrors(error.details), 'organization') : NO_ERRORS;
        setErrors(fieldErrors['organization.name'] ? fieldErrors : { 'organization.name': errorMessage(error) });
      },
    });
  }

  return (
    <Card title="Organization">
      <dl className="facts facts--inline">
        <div>
          <dt>Slug</dt>
          <dd>
            <code data-testid="org-slug">{organization.slug}</code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(organization.createdAt)}</dd>
        </div>
        <div>
          <dt>Your role</dt>
          <dd>{ROLE_LABEL[me.role]}</dd>
        </div>
      </dl>
      {editable ? (
        <form className="form form--inline" onSubmit={submit} noValidate aria-label="Rename organization">
          <TextField
            path="organization.name"
            label="Name"
            autoComplete="organization"
            errors={errors}
            value={name}
            onValueChange={(value) => {
              setSaved(false);
              setName(value);
              setErrors((shown) => withoutField(shown, 'organization.name'));
            }}
          />
          <button type="submit" className="button button--primary" disabled={rename.isPending || name.trim() === organization.name}>
            {rename.isPending ? 'Saving…' : 'Rename'}
          </button>
          <span className="muted small" role="status">
            {saved ? 'Renamed.' : ''}
          </span>
        </form>
      ) : (
        <p className="muted small card__outro">Admins and owners can rename the organization.</p>
      )}
    </Card>
  );
}

function DangerZone({ organization }: { organization: OrganizationView }) {
  const remove = useDeleteOrganization();
  const [confirmSlug, setConfirmSlug] = useState('');
  const matches = confirmSlug.trim() === organization.slug;
  const errors: FieldErrors = remove.isError ? { confirmSlug: errorMessage(remove.error) } : NO_ERRORS;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!matches) return;
    // The session then acts for another organization, on the dashboard (see useDeleteOrganization).
    remove.mutate({ confirmSlug: confirmSlug.trim(), name: organization.name });
  }

  return (
    <Card title="Danger zone" className="card--danger">
      <form className="form" onSubmit={submit} noValidate aria-label="Delete organization">
        <p>
          Deleting <strong>{organization.name}</strong> removes its targets, plans, runs, reports, API keys and members for good. It cannot be undone. Runs
          still going must be cancelled first.
        </p>
        <TextField
          path="confirmSlug"
          label={`Type ${organization.slug} to confirm`}
          autoComplete="off"
          spellCheck={false}
          errors={errors}
          value={confirmSlug}
          onValueChange={setConfirmSlug}
        />
        <div className="form__actions">
          <button type="submit" className="button button--danger" disabled={!matches || remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete this organization'}
          </button>
        </div>
      </form>
    </Card>
  );
}
