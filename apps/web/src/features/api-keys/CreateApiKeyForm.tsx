import { useState, type FormEvent } from 'react';
import { createApiKeySchema, type CreatedApiKey, type Role } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { errorMessage } from '../../components/States';
import { SelectField, TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import {
  NO_ERRORS,
  detailsToFieldErrors,
  focusFirstError,
  unclaimedErrors,
  zodErrorToFieldErrors,
  type FieldErrors,
} from '../../forms/field-errors';
import { useAccount } from '../auth/hooks';
import { grantableRoles, roleOptions, roleSentence } from '../members/roles';
import { useCreateApiKey } from './hooks';

const FIELDS = ['name', 'role', 'expiresInDays'] as const;

const EXPIRY_OPTIONS = [
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
  { value: '', label: 'Never (until revoked)' },
] as const;

export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const me = useAccount();
  const create = useCreateApiKey();
  const roles = grantableRoles(me.role);
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>(roles.includes('MEMBER') ? 'MEMBER' : roles[roles.length - 1]!);
  const [expiry, setExpiry] = useState('90');
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = createApiKeySchema.safeParse({ name, role, ...(expiry ? { expiresInDays: Number(expiry) } : {}) });
    if (!parsed.success) {
      const fieldErrors = zodErrorToFieldErrors(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(fieldErrors, FIELDS);
      return;
    }
    setErrors(NO_ERRORS);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
      onError: (error) => {
        setFormError(errorMessage(error));
        if (isApiError(error)) setErrors(detailsToFieldErrors(error.details));
      },
    });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="New API key">
      <FormErrorSummary message={formError} details={unclaimedErrors(errors, FIELDS)} />
      <div className="grid grid--3">
        <TextField
          path="name"
          label="Name"
          placeholder="GitHub Actions"
          hint="Where it is used, so you know what breaks if you revoke it."
          autoComplete="off"
          errors={errors}
          value={name}
          onValueChange={setName}
          required
        />
        <SelectField
          path="role"
          label="Role"
          hint={roleSentence(role)}
          errors={errors}
          value={role}
          options={roleOptions(roles)}
          onValueChange={(value) => setRole(value as Role)}
        />
        <SelectField
          path="expiresInDays"
          label="Expires"
          errors={errors}
          value={expiry}
          options={EXPIRY_OPTIONS}
          onValueChange={setExpiry}
        />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create API key'}
        </button>
      </div>
    </form>
  );
}
