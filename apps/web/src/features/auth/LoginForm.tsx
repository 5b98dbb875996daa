import { useState, type FormEvent } from 'react';
import { loginSchema } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import { NO_ERRORS, detailsToFieldErrors, focusFirstError, zodErrorToFieldErrors, type FieldErrors } from '../../forms/field-errors';
import { loginErrorMessage } from './auth-errors';
import type { LoginInput } from './hooks';

const FIELDS = ['email', 'password'] as const;

interface LoginFormProps {
  /** Runs the login (plain, or login-and-accept-invite); the form shows what it throws. */
  onLogin: (input: LoginInput, handlers: { onError: (error: Error) => void }) => void;
  pending: boolean;
  submitLabel?: string;
  /** Turns errors the caller handles itself into null (e.g. a failure after a successful login). */
  describeError?: (error: unknown) => string | null;
  label?: string;
}

export function LoginForm({ onLogin, pending, submitLabel = 'Sign in', describeError = loginErrorMessage, label = 'Sign in' }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = loginSchema.safeParse({ email: email.trim(), password });
    if (!parsed.success) {
      const fieldErrors = zodErrorToFieldErrors(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(fieldErrors, FIELDS);
      return;
    }
    setErrors(NO_ERRORS);
    onLogin(parsed.data, {
      onError: (error) => {
        if (isApiError(error)) setErrors(detailsToFieldErrors(error.details));
        setFormError(describeError(error));
      },
    });
  }

  return (
    <>
      <FormErrorSummary message={formError} />
      <form className="form" onSubmit={submit} noValidate aria-label={label}>
        <TextField
          path="email"
          label="Email"
          type="email"
          autoComplete="email"
          errors={errors}
          value={email}
          onValueChange={setEmail}
          required
        />
        <TextField
          path="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          errors={errors}
          value={password}
          onValueChange={setPassword}
          required
        />
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? 'Signing in…' : submitLabel}
        </button>
      </form>
    </>
  );
}
