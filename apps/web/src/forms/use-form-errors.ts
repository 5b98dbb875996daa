import { useState } from 'react';
import type { ErrorDetail } from '@loadline/shared';
import type { z } from 'zod';
import { isApiError } from '../api/client';
import { errorMessage } from '../components/States';
import {
  NO_ERRORS,
  detailsToFieldErrors,
  focusFirstError,
  hasErrors,
  mergeFieldErrors,
  prefixErrors,
  unclaimedErrors,
  zodErrorToFieldErrors,
  type FieldErrors,
} from './field-errors';
import { lookup } from './issue-messages';

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

export interface FormErrorsOptions {
  /** Keeps the DOM ids unique when the form shares a page with another one of the same fields (the paths in `fields` carry it already). */
  prefix?: string;
  /**
   * The input as the form would send it now (the same object `check` gets on submit). With it,
   * a message goes as soon as its field is fixed: after a refused submit the schema is checked
   * again on every change, and an API message goes once its field's value changes.
   */
  input?: unknown;
  /** "Enter …" nouns by (unprefixed) path, where the default by the path's last segment does not fit. */
  nouns?: Readonly<Record<string, string>>;
}

interface Attempt {
  /** The schema the last refused submit was checked against; null once a submit passed it. */
  schema: z.ZodType | null;
  /** What the check found then (shown as is when the form gives no live `input`). */
  clientErrors: FieldErrors;
  /** The API's field messages, and the input they were about. */
  serverErrors: FieldErrors;
  serverInput: unknown;
}

const NO_ATTEMPT: Attempt = { schema: null, clientErrors: NO_ERRORS, serverErrors: NO_ERRORS, serverInput: undefined };

function unchanged(before: unknown, now: unknown, path: string): boolean {
  const a = lookup(before, path);
  const b = lookup(now, path);
  return JSON.stringify(a?.value) === JSON.stringify(b?.value);
}

/**
 * The error handling of a form checked against a shared contract: the same zod schema is
 * checked in the browser before sending, and the API's answer names fields by the same paths,
 * so both end up in one map of field errors (in words, see `humanMessage`) plus a headline for
 * the summary box.
 *
 * `fields` are the paths the form shows, in order (for focus and for what counts as unclaimed).
 */
export function useFormErrors(fields: readonly string[], options: FormErrorsOptions = {}): FormErrors {
  const { prefix, input: liveInput, nouns } = options;
  const [attempt, setAttempt] = useState<Attempt>(NO_ATTEMPT);
  const [formError, setFormError] = useState<string | null>(null);
  const place = (found: FieldErrors) => (prefix ? prefixErrors(found, prefix) : found);
  const live = liveInput !== undefined;

  function check<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null {
    setFormError(null);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const clientErrors = zodErrorToFieldErrors(parsed.error, { input, nouns });
      setAttempt({ ...NO_ATTEMPT, schema, clientErrors });
      focusFirstError(place(clientErrors), fields);
      return null;
    }
    setAttempt(NO_ATTEMPT);
    return parsed.data;
  }

  function fail(error: unknown, message: string | null = errorMessage(error)) {
    setFormError(message);
    const serverInput = liveInput;
    const serverErrors = isApiError(error) ? detailsToFieldErrors(error.details, { input: serverInput, nouns }) : NO_ERRORS;
    setAttempt({ ...NO_ATTEMPT, serverErrors, serverInput });
    if (hasErrors(serverErrors)) focusFirstError(place(serverErrors), fields);
  }

  // Derived on every render rather than stored, so a fixed field loses its message at once.
  let client = attempt.clientErrors;
  if (live && attempt.schema) {
    const parsed = attempt.schema.safeParse(liveInput);
    client = parsed.success ? NO_ERRORS : zodErrorToFieldErrors(parsed.error, { input: liveInput, nouns });
  }
  const server = live
    ? Object.fromEntries(Object.entries(attempt.serverErrors).filter(([path]) => unchanged(attempt.serverInput, liveInput, path)))
    : attempt.serverErrors;
  const errors = place(mergeFieldErrors(client, server));

  return { errors, formError, unclaimed: unclaimedErrors(errors, fields), check, fail };
}
