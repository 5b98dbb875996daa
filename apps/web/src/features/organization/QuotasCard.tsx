import { useEffect, useState, type FormEvent } from 'react';
import { can, updateQuotasSchema, type OrganizationView } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { Card } from '../../components/PageHeader';
import { errorMessage } from '../../components/States';
import { formatCount } from '../../format/numbers';
import { TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import { NO_ERRORS, detailsToFieldErrors, hasErrors, prefixErrors, zodErrorToFieldErrors, type FieldErrors, withoutField } from '../../forms/field-errors';
import { useAccount } from '../../session';
import { useUpdateQuotas } from './hooks';
import { QUOTA_FIELDS, changedQuotas, draftOf, type QuotaDraft } from './usage-model';

const PREFIX = 'quotas';

/** The organization's limits: owners edit them, everyone else reads them. */
export function QuotasCard({ organization }: { organization: OrganizationView }) {
  const me = useAccount();
  const editable = can(me.role, 'quotas:manage');
  return (
    <Card title="Quotas">
      {editable ? (
        <QuotasForm organization={organization} />
      ) : (
        <>
          <dl className="facts facts--inline" data-testid="quotas">
            {QUOTA_FIELDS.map((field) => (
              <div key={field.key}>
                <dt>{field.label}</dt>
                <dd>
                  {formatCount(organization.quotas[field.key])} {field.unit}
                </dd>
              </div>
            ))}
          </dl>
          <p className="muted small card__outro">Only owners change quotas.</p>
        </>
      )}
    </Card>
  );
}

function QuotasForm({ organization }: { organization: OrganizationView }) {
  const update = useUpdateQuotas();
  const [draft, setDraft] = useState<QuotaDraft>(() => draftOf(organization.quotas));
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  // Follow the organization when it changes underneath (another owner, another tab).
  useEffect(() => setDraft(draftOf(organization.quotas)), [organization.quotas]);

  const changes = changedQuotas(draft, organization.quotas);
  const dirty = Object.keys(changes).length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setSaved(false);
    const parsed = updateQuotasSchema.safeParse(changes);
    if (!parsed.success) return setErrors(prefixErrors(zodErrorToFieldErrors(parsed.error, { input: changes }), PREFIX));
    setErrors(NO_ERRORS);
    update.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        setFormError(errorMessage(error));
        if (isApiError(error)) setErrors(prefixErrors(detailsToFieldErrors(error.details), PREFIX));
      },
    });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Quotas">
      <FormErrorSummary message={formError} inlineCount={formError ? 0 : hasErrors(errors) ? Object.keys(errors).length : 0} />
      <div className="grid grid--2">
        {QUOTA_FIELDS.map((field) => (
          <TextField
            key={field.key}
            path={`${PREFIX}.${field.key}`}
            label={`${field.label} (${field.unit})`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            errors={errors}
            value={draft[field.key]}
            onValueChange={(value) => {
              setSaved(false);
              setDraft((current) => ({ ...current, [field.key]: value }));
              setErrors((shown) => withoutField(shown, `${PREFIX}.${field.key}`));
            }}
          />
        ))}
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={!dirty || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save quotas'}
        </button>
        {dirty ? (
          <button type="button" className="button button--secondary" onClick={() => setDraft(draftOf(organization.quotas))}>
            Undo changes
          </button>
        ) : null}
        <span className="muted small" role="status">
          {saved && !dirty ? 'Quotas saved.' : ''}
        </span>
      </div>
    </form>
  );
}
