import { useState, type FormEvent } from 'react';
import { createApiKeySchema, type CreatedApiKey, type Role } from '@loadline/shared';
import { SelectField, TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import { SubmitButton } from '../../forms/SubmitButton';
import { useFormErrors } from '../../forms/use-form-errors';
import { useAccount, grantableRoles, roleOptions, roleSentence } from '../../session';
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
  const draft = { name, role, ...(expiry ? { expiresInDays: Number(expiry) } : {}) };
  const { errors, formError, unclaimed, check, fail } = useFormErrors(FIELDS, { input: draft, nouns: { name: 'a name for the key' } });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = check(createApiKeySchema, draft);
    if (input === null) return;
    create.mutate(input, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
      onError: (error) => fail(error),
    });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="New API key">
      <FormErrorSummary message={formError} details={unclaimed} />
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
        <SelectField path="expiresInDays" label="Expires" errors={errors} value={expiry} options={EXPIRY_OPTIONS} onValueChange={setExpiry} />
      </div>
      <div className="form__actions">
        <SubmitButton pending={create.isPending} pendingLabel="Creating…">
          Create API key
        </SubmitButton>
      </div>
    </form>
  );
}
