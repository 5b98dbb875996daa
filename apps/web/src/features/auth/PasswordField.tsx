import { useEffect, useState } from 'react';
import { hasPasswordEstimator, passwordProblem } from '@loadline/shared';
import { TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';

interface PasswordFieldProps {
  /** The field's path in the form (and the API's error details); `password` unless told. */
  path?: string;
  label?: string;
  value: string;
  onValueChange: (value: string) => void;
  errors: FieldErrors;
  /** The name, e-mail and organization typed so far: a password must not contain them. */
  personal: readonly string[];
}

/** Loads zxcvbn-ts and its dictionaries (megabytes) on the first page that asks for a new password. */
function usePasswordEstimator(): boolean {
  const [ready, setReady] = useState(hasPasswordEstimator);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void import('@loadline/shared/password-estimator').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/**
 * A new password with the strength rule of @loadline/shared checked as the user types, so the
 * message is the one the API would answer (WEAK_PASSWORD) without a round trip. Until the
 * estimator has loaded only the rules that need no dictionary speak.
 */
export function PasswordField({ path = 'password', label = 'Password', value, onValueChange, errors, personal }: PasswordFieldProps) {
  const estimating = usePasswordEstimator();
  const problem = value ? passwordProblem(value, personal) : null;
  const hint = !value ? (
    'At least 10 characters; a few unrelated words make a strong one.'
  ) : problem ? (
    <span className="strength strength--weak" data-testid="password-strength">
      Too weak: password {problem}.
    </span>
  ) : (
    <span className="strength strength--ok" data-testid="password-strength" data-estimated={estimating}>
      {estimating ? 'Strong enough.' : 'Long enough; checking how guessable it is…'}
    </span>
  );
  return (
    <TextField
      path={path}
      label={label}
      type="password"
      autoComplete="new-password"
      hint={<span aria-live="polite">{hint}</span>}
      errors={errors}
      value={value}
      onValueChange={onValueChange}
      required
    />
  );
}
