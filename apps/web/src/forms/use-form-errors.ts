import { useState } from 'react';
import type { ErrorDetail } from '@loadline/shared';
import type { z } from 'zod';
import { isApiError } from '../api/client';
import { errorMessage } from '../components/States';
import { NO_ERRORS, detailsToFieldErrors, focusFirstError, prefixErrors, unclaimedErrors, zodErrorToFieldErrors, type FieldErrors } from './field-errors';

export interface FormErrors {
  /** Messages by field path, for the fields' `errors` prop. */
  errors: FieldErrors;
  /** The form's headline for `FormErrorSummary` (the API's message), or null. */
  formError: string | null;
  /** Problems no field of the form shows by itself, for the summary's list. */
  unclaimed: ErrorDetail[];
  /**
   * On submit, before sending: the input as the schema parses it, or null after showing its
   * problems on the fields and moving focus to the first one. Clears the previous attempt's errors.
   */
  check: <S extends z.ZodType>(schema: S, input: unknown) => z.output<S> | null;
  /** When the API refused: its message in the summary (or `message`, null for none), its details on the fields. */
  fail: (error: unknown, message?: string | null) => void;
}

/**
 * The error handling of a form checked against a shared contract: the same zod schema is
 * checked in the browser before sending, and the API's answer names fields by the same paths,
 * so both end up in one map of field errors plus a headline for the summary box.
 *
 * `fields` are the paths the form shows, in order (for focus and for what counts as unclaimed);
 * `prefix` keeps the ids unique when the form shares a page with another one of the same fields
 * (the paths in `fields` carry it already).
 */
export function useFormErrors(fields: readonly string[], prefix?: string): FormErrors {
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);
  const place = (found: FieldErrors) => (prefix ? prefixErrors(found, prefix) : found);

  function check<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null {
    setFormError(null);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = place(zodErrorToFieldErrors(parsed.error));
      setErrors(fieldErrors);
      focusFirstError(fieldErrors, fields);
      return null;
    }
    setErrors(NO_ERRORS);
    return parsed.data;
  }

  function fail(error: unknown, message: string | null = errorMessage(error)) {
    setFormError(message);
    if (isApiError(error)) setErrors(place(detailsToFieldErrors(error.details)));
  }

  return { errors, formError, unclaimed: unclaimedErrors(errors, fields), check, fail };
}
