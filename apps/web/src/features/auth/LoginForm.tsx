import { useState, type FormEvent } from 'react';
import { loginSchema } from '@loadline/shared';
import { TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import { SubmitButton } from '../../forms/SubmitButton';
import { useFormErrors } from '../../forms/use-form-errors';
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
  const draft = { email: email.trim(), password };
  const { errors, formError, check, fail } = useFormErrors(FIELDS, { input: draft });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = check(loginSchema, draft);
    if (input === null) return;
    onLogin(input, { onError: (error) => fail(error, describeError(error)) });
  }

  return (
    <>
      <FormErrorSummary message={formError} />
      <form className="form" onSubmit={submit} noValidate aria-label={label}>
        <TextField path="email" label="Email" type="email" autoComplete="email" errors={errors} value={email} onValueChange={setEmail} required />
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
        <SubmitButton pending={pending} pendingLabel="Signing in…" className="button button--primary button--block">
          {submitLabel}
        </SubmitButton>
      </form>
    </>
  );
}
