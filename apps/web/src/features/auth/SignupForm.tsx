import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { signupSchema } from '@loadline/shared';
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
import { PasswordField } from './PasswordField';
import { signupErrorMessage } from './auth-errors';
import { useSignup } from './hooks';

interface SignupValues {
  name: string;
  email: string;
  password: string;
  organizationName: string;
}

const SIGNUP_NOUNS = { name: 'your name', organizationName: 'a name for your organization' };

const EMPTY: SignupValues = { name: '', email: '', password: '', organizationName: '' };

interface SignupFormProps {
  /** Sign up through an invite: the account joins the invite's organization instead of creating one. */
  inviteToken?: string;
  /** The address the invite is for: the account gets it (the link sent there proves it), so it is not typed. */
  invitedEmail?: string | null;
  onSignedUp?: () => void;
  label?: string;
}

export function SignupForm({ inviteToken, invitedEmail, onSignedUp, label = 'Create your account' }: SignupFormProps) {
  const signup = useSignup();
  const [values, setValues] = useState<SignupValues>(() => ({ ...EMPTY, email: invitedEmail ?? '' }));
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<{ message: string; code: string | null } | null>(null);

  const fields = inviteToken ? (['name', 'email', 'password'] as const) : (['name', 'email', 'password', 'organizationName'] as const);
  const set = (key: keyof SignupValues) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A stale message would hide the live feedback for the field being corrected.
    if (errors[key]) setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const input = {
      name: values.name,
      email: values.email.trim(),
      password: values.password,
      ...(inviteToken ? { inviteToken } : { organizationName: values.organizationName }),
    };
    const parsed = signupSchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = zodErrorToFieldErrors(parsed.error, { input, nouns: SIGNUP_NOUNS });
      setErrors(fieldErrors);
      focusFirstError(fieldErrors, fields);
      return;
    }
    setErrors(NO_ERRORS);
    // The API gets the input as typed (not zod's lower-cased output); it parses it itself.
    signup.mutate(input, {
      onSuccess: () => onSignedUp?.(),
      onError: (error) => {
        const fieldErrors = isApiError(error) ? detailsToFieldErrors(error.details, { input, nouns: SIGNUP_NOUNS }) : NO_ERRORS;
        setErrors(fieldErrors);
        setFormError({ message: signupErrorMessage(error), code: isApiError(error) ? error.code : null });
        if (hasErrors(fieldErrors)) focusFirstError(fieldErrors, fields);
      },
    });
  }

  const personal = [values.email.split('@')[0] ?? '', values.name, inviteToken ? '' : values.organizationName];

  return (
    <>
      <FormErrorSummary message={formError?.message} details={unclaimedErrors(errors, fields)} />
      {formError?.code === 'SIGNUP_REFUSED' ? (
        <p className="small">
          <Link to="/login">Sign in</Link>
          {inviteToken ? ' if you have an account, then open the invite link again to accept it.' : ' if you already have an account.'}
        </p>
      ) : null}
      <form className="form" onSubmit={submit} noValidate aria-label={label}>
        <TextField path="name" label="Your name" autoComplete="name" errors={errors} value={values.name} onValueChange={set('name')} required />
        <TextField
          path="email"
          label="Work email"
          type="email"
          autoComplete="email"
          errors={errors}
          value={values.email}
          onValueChange={set('email')}
          readOnly={!!invitedEmail}
          hint={invitedEmail ? 'The invite was sent to this address; your account gets it.' : undefined}
          required
        />
        <PasswordField value={values.password} onValueChange={set('password')} errors={errors} personal={personal} />
        {inviteToken ? null : (
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
        )}
        <button type="submit" className="button button--primary button--block" disabled={signup.isPending}>
          {signup.isPending ? 'Creating account…' : 'Create account'}
        </button>
      </form>
    </>
  );
}
