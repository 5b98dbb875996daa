import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { loginSchema } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import {
  NO_ERRORS,
  detailsToFieldErrors,
  focusFirstError,
  zodErrorToFieldErrors,
  type FieldErrors,
} from '../../forms/field-errors';
import { errorMessage } from '../../components/States';
import { AuthLayout } from './AuthLayout';
import { useLogin } from './hooks';

const FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const login = useLogin();
  const location = useLocation();
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
    login.mutate(parsed.data, {
      onError: (error) => {
        if (isApiError(error)) setErrors(detailsToFieldErrors(error.details));
        setFormError(
          isApiError(error) && error.status === 401 ? 'Email or password is not right.' : errorMessage(error),
        );
      },
    });
  }

  const expired = location.state && typeof location.state === 'object' && 'from' in location.state;

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to run and read your load tests."
      footer={
        <>
          New to Loadline? <Link to="/signup">Create an account</Link>
        </>
      }
    >
      {expired && !formError ? <p className="alert alert--info">Please sign in to continue.</p> : null}
      <FormErrorSummary message={formError} />
      <form className="form" onSubmit={submit} noValidate aria-label="Sign in">
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
        <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </AuthLayout>
  );
}
