import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { personalWords, resetPasswordSchema, type PasswordResetPreview } from '@loadline/shared';
import { isApiError } from '../../api/client';
import { ErrorState, LoadingState, errorMessage } from '../../components/States';
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
import { formatDateTime } from '../../format/time';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from './PasswordField';
import { usePasswordReset, useResetPassword } from './password-hooks';

const FIELDS = ['password'] as const;

/** Why a reset link cannot be used, when the API said so. */
function deadLink(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'RESET_LINK_EXPIRED') return 'This link was used, has expired or was withdrawn. Ask an admin of your organization for a new one.';
  if (error.code === 'RESET_LINK_NOT_FOUND' || error.status === 404) return 'This link is not valid. Check that you opened all of it.';
  return null;
}

/** `/reset-password/:token`: a link an admin handed over; the person chooses a new password. */
export function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const reset = usePasswordReset(token);
  const footer = <Link to="/login">Sign in</Link>;
  if (reset.isPending) {
    return (
      <AuthLayout title="Choose a new password" subtitle="Checking your link…" footer={footer}>
        <LoadingState label="Checking the link…" />
      </AuthLayout>
    );
  }
  if (reset.isError) {
    const dead = deadLink(reset.error);
    return (
      <AuthLayout title="Choose a new password" subtitle="This link cannot be used." footer={footer}>
        {dead ? (
          <p className="alert alert--error" role="alert" data-testid="reset-dead">
            {dead}
          </p>
        ) : (
          <ErrorState title="Could not check this link" error={reset.error} onRetry={() => void reset.refetch()} />
        )}
      </AuthLayout>
    );
  }
  return <ResetForm token={token} preview={reset.data} />;
}

function ResetForm({ token, preview }: { token: string; preview: PasswordResetPreview }) {
  const submitReset = useResetPassword(token);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = resetPasswordSchema.safeParse({ password });
    if (!parsed.success) {
      const fieldErrors = zodErrorToFieldErrors(parsed.error, { input: { password } });
      setErrors(fieldErrors);
      focusFirstError(fieldErrors, FIELDS);
      return;
    }
    setErrors(NO_ERRORS);
    submitReset.mutate(password, {
      onError: (error) => {
        setErrors(isApiError(error) ? detailsToFieldErrors(error.details) : NO_ERRORS);
        setFormError(deadLink(error) ?? (isApiError(error) && error.code === 'WEAK_PASSWORD' ? 'Please choose a stronger password.' : errorMessage(error)));
      },
    });
  }

  if (submitReset.isSuccess) {
    return (
      <AuthLayout title="Password changed" subtitle={`For ${preview.email}`} footer={null}>
        <p className="alert alert--success" role="status" data-testid="reset-done">
          Your password is changed and every session of yours was signed out.
        </p>
        <Link className="button button--primary button--block" to="/login">
          Sign in with it
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle={
        <>
          For <strong>{preview.email}</strong> in {preview.organization.name}; this link works once, until {formatDateTime(preview.expiresAt)}.
        </>
      }
      footer={<Link to="/login">Sign in</Link>}
    >
      <FormErrorSummary message={formError ?? undefined} details={unclaimedErrors(errors, FIELDS)} />
      <form className="form" onSubmit={submit} noValidate aria-label="Choose a new password">
        <PasswordField
          label="New password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setErrors((shown) => withoutField(shown, 'password'));
          }}
          errors={errors}
          personal={personalWords(preview.email, '')}
        />
        <button type="submit" className="button button--primary button--block" disabled={submitReset.isPending}>
          {submitReset.isPending ? 'Saving…' : 'Set password'}
        </button>
      </form>
    </AuthLayout>
  );
}
