import { useState, type FormEvent } from 'react';
import { createInviteSchema, type CreatedInvite, type Role } from '@loadline/shared';
import { SelectField, TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import { SubmitButton } from '../../forms/SubmitButton';
import { useFormErrors } from '../../forms/use-form-errors';
import { useAccount, grantableRoles, roleOptions, roleSentence } from '../../session';
import { useCreateInvite } from './hooks';

// The members table has a role select per row; the invite's fields get their own ids.
const PREFIX = 'invite';
const FIELDS = ['invite.role', 'invite.email', 'invite.expiresInHours'] as const;

const EXPIRY_OPTIONS = [
  { value: '24', label: '1 day' },
  { value: '72', label: '3 days' },
  { value: '168', label: '7 days' },
  { value: '720', label: '30 days' },
] as const;

export function InviteForm({ onCreated }: { onCreated: (invite: CreatedInvite) => void }) {
  const me = useAccount();
  const create = useCreateInvite();
  const roles = grantableRoles(me.role);
  const [role, setRole] = useState<Role>(roles.includes('MEMBER') ? 'MEMBER' : roles[roles.length - 1]!);
  const [email, setEmail] = useState('');
  const [hours, setHours] = useState('72');
  const trimmed = email.trim();
  const draft = { role, expiresInHours: Number(hours), ...(trimmed ? { email: trimmed } : {}) };
  const { errors, formError, unclaimed, check, fail } = useFormErrors(FIELDS, { prefix: PREFIX, input: draft });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = check(createInviteSchema, draft);
    if (input === null) return;
    create.mutate(input, {
      onSuccess: (created) => {
        setEmail('');
        onCreated(created);
      },
      onError: (error) => fail(error),
    });
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Invite someone">
      <FormErrorSummary message={formError} details={unclaimed} />
      <div className="grid grid--3">
        <SelectField
          path="invite.role"
          label="Role"
          errors={errors}
          value={role}
          options={roleOptions(roles)}
          onValueChange={(value) => setRole(value as Role)}
        />
        <TextField
          path="invite.email"
          label="Email (optional)"
          type="email"
          autoComplete="off"
          placeholder="colleague@example.com"
          errors={errors}
          value={email}
          onValueChange={setEmail}
        />
        <SelectField path="invite.expiresInHours" label="Link expires in" errors={errors} value={hours} options={EXPIRY_OPTIONS} onValueChange={setHours} />
      </div>
      <p className="muted small">{roleSentence(role)} Anyone holding the link can use it, once. The email only notes who it is for: send the link yourself.</p>
      <div className="form__actions">
        <SubmitButton pending={create.isPending} pendingLabel="Creating link…">
          Create invite link
        </SubmitButton>
      </div>
    </form>
  );
}
