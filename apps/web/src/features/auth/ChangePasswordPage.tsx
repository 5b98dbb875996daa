import { useState, type FormEvent } from 'react';
import { changePasswordSchema, personalWords } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { Card } from '../../components/PageHeader';
import { errorMessage } from '../../components/States';
import { TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import {
  NO_ERRORS,
  detailsToFieldErrors,
  focusFirstError,
  unclaimedErrors,
  zodErrorToFieldErrors,
  type FieldErrors,
  withoutField,
} from '../../forms/field-errors';
import { useAccount } from '../../session';
import { PasswordField } from './PasswordField';
import { loginErrorMessage } from './auth-errors';
import { useChangePassword } from './password-hooks';

const FIELDS = ['currentPassword', 'newPassword'] as const;

function changeErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'WRONG_PASSWORD') return 'The current password is not right.';
    if (error.code === 'WEAK_PASSWORD') return 'Please choose a stronger password.';
    if (error.code === 'LOGIN_LOCKED') return loginErrorMessage(error);
  }
  return errorMessage(error);
}

/** Settings → Password: change one's own password; every other session ends. */
export function ChangePasswordPage() {
  const me = useAccount();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setDone(false);
    const input = { currentPassword: current, newPassword: next };
    const parsed = changePasswordSchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = zodErrorToFieldErrors(parsed.error, { input });
      setErrors(fieldErrors);
      focusFirstError(fieldErrors, FIELDS);
      return;
    }
    setErrors(NO_ERRORS);
    change.mutate(input, {
      onSuccess: () => {
        setCurrent('');
        setNext('');
        setDone(true);
      },
      onError: (error) => {
        const fieldErrors = isApiError(error) ? detailsToFieldErrors(error.details) : NO_ERRORS;
        setErrors(fieldErrors);
        setFormError(changeErrorMessage(error));
        focusFirstError(fieldErrors, FIELDS);
      },
    });
  }

  return (
    <Card title="Your password" intro={<>Changing it signs you out everywhere else, in every organization; this browser stays signed in.</>}>
      {done ? (
        <p className="alert alert--success" role="status" data-testid="password-changed">
          Password changed. Your other sessions were signed out.
        </p>
      ) : null}
      <FormErrorSummary message={formError ?? undefined} details={unclaimedErrors(errors, FIELDS)} />
      <form className="form" onSubmit={submit} noValidate aria-label="Change your password">
        <TextField
          path="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          errors={errors}
          value={current}
          onValueChange={(value) => {
            setCurrent(value);
            setErrors((shown) => withoutField(shown, 'currentPassword'));
          }}
          required
        />
        <PasswordField
          path="newPassword"
          label="New password"
          value={next}
          onValueChange={(value) => {
            setNext(value);
            setErrors((shown) => withoutField(shown, 'newPassword'));
          }}
          errors={errors}
          personal={personalWords(me.user?.email ?? '', me.user?.name ?? '')}
        />
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </Card>
  );
}
