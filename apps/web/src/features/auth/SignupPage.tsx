import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { signupSchema, type SignupInput } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import {
  NO_ERRORS,
  detailsToFieldErrors,
  focusFirstError,
  hasErrors,
  unclaimedErrors,
  zodErrorToFieldErrors,
  type FieldErrors,
} from '../../forms/field-errors';
import { errorMessage } from '../../components/States';
import { AuthLayout } from './AuthLayout';
import { useSignup } from './hooks';

const FIELDS = ['name', 'email', 'password', 'organizationName'] as const;
const EMPTY: SignupInput = { name: '', email: '', password: '', organizationName: '' };

export function SignupPage() {
  const signup = useSignup();
  const [values, setValues] = useState<SignupInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);

  const set = (key: keyof SignupInput) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = signupSchema.safeParse({ ...values, email: values.email.trim() });
    if (!parsed.success) {
      const fieldErrors = zodErrorToFieldErrors(parsed.error);
      setErrors(fieldErrors);
      focusFirstError(fieldErrors, FIELDS);
      return;
    }
    setErrors(NO_ERRORS);
    signup.mutate(parsed.data, {
      onError: (error) => {
        const fieldErrors = isApiError(error) ? detailsToFieldErrors(error.details) : NO_ERRORS;
        setErrors(fieldErrors);
        setFormError(errorMessage(error));
        if (hasErrors(fieldErrors)) focusFirstError(fieldErrors, FIELDS);
      },
    });
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start load testing your services in a couple of minutes."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <FormErrorSummary message={formError} details={unclaimedErrors(errors, FIELDS)} />
      <form className="form" onSubmit={submit} noValidate aria-label="Create your account">
        <TextField path="name" label="Your name" autoComplete="name" errors={errors} value={values.name} onValueChange={set('name')} required />
        <TextField
          path="email"
          label="Work email"
          type="email"
          autoComplete="email"
          errors={errors}
          value={values.email}
          onValueChange={set('email')}
          required
        />
        <TextField
          path="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters."
          errors={errors}
          value={values.password}
          onValueChange={set('password')}
          required
        />
        <TextField
          path="organizationName"
          label="Organization name"
          autoComplete="organization"
          hint="Your team's workspace; you can invite colleagues later."
          errors={errors}
          value={values.organizationName}
          onValueChange={set('organizationName')}
          required
        />
        <button type="submit" className="button button--primary button--block" disabled={signup.isPending}>
          {signup.isPending ? 'Creating account…' : 'Create account'}
        </button>
      </form>
    </AuthLayout>
  );
}
