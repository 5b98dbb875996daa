import { zodIssuesToDetails, type ErrorDetail } from '@loadline/shared';
import type { z } from 'zod';
import { humanMessage, lookup } from './issue-messages';

/**
 * Field errors keyed by the contract's JSON path ("requests.0.path"), the same path the API
 * puts in `error.details[].path`. Client-side zod checks and API answers land in one map, so
 * the form shows them the same way.
 */
export type FieldErrors = Readonly<Record<string, string>>;

export const NO_ERRORS: FieldErrors = Object.freeze({});

export interface WordingOptions {
  /** What the form sent (or checked), so an empty field reads "Enter your email address". */
  input?: unknown;
  /** "Enter …" nouns by path, where the default by the path's last segment does not fit. */
  nouns?: Readonly<Record<string, string>>;
}

/**
 * First message per path wins, so the most specific check (listed first) is what shows. zod's
 * wording, from the API or from the browser's own check alike, becomes a sentence in words
 * (`humanMessage`).
 */
export function detailsToFieldErrors(details: readonly ErrorDetail[], options: WordingOptions = {}): FieldErrors {
  const errors: Record<string, string> = {};
  for (const detail of details) {
    const path = detail.path || '(root)';
    if (path in errors) continue;
    const found = options.input === undefined ? null : lookup(options.input, path);
    errors[path] = humanMessage(detail.message, { path, noun: options.nouns?.[path], ...(found ? { value: found.value } : {}) });
  }
  return errors;
}

export function zodErrorToFieldErrors(error: z.ZodError, options: WordingOptions = {}): FieldErrors {
  return detailsToFieldErrors(zodIssuesToDetails(error), options);
}

/** Earlier maps win over later ones. */
export function mergeFieldErrors(...maps: FieldErrors[]): FieldErrors {
  const merged: Record<string, string> = {};
  for (const map of maps) {
    for (const [path, message] of Object.entries(map)) {
      if (!(path in merged)) merged[path] = message;
    }
  }
  return merged;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * The message for a field: its own path, else the first nested one ("requests.0.expect" shows
 * "requests.0.expect.status.1" too, since the form has one input for the whole list).
 */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  if (errors[path] !== undefined) return errors[path];
  const prefix = `${path}.`;
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(prefix)) return message;
  }
  return undefined;
}

/** Errors no visible field claims (e.g. "(root)" or a list-level "requests"), for a summary box. */
export function unclaimedErrors(errors: FieldErrors, fieldPaths: readonly string[]): ErrorDetail[] {
  return Object.entries(errors)
    .filter(([path]) => !fieldPaths.some((field) => path === field || path.startsWith(`${field}.`)))
    .map(([path, message]) => ({ path, message }));
}

/** DOM id of the input for a contract path: "requests.0.path" -> "field-requests-0-path". */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/** Moves focus to the first field that has an error, in document order. */
export function focusFirstError(errors: FieldErrors, fieldPaths: readonly string[]): void {
  const first = fieldPaths.find((path) => errorAt(errors, path) !== undefined);
  if (!first || typeof document === 'undefined') return;
  const element = document.getElementById(fieldId(first));
  element?.focus();
}

/**
 * The API names fields by their contract path ("name"); a form that shares its page with
 * another form of the same fields puts its inputs under a prefix ("newOrganization.name") so
 * their DOM ids stay unique, and moves the API's errors there too.
 */
export function prefixErrors(errors: FieldErrors, prefix: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [`${prefix}.${path}`, message]));
}

/**
 * The errors without a field's own (and its nested ones): a form that checks only on submit
 * drops a field's message as soon as the field is edited, so a stale message never sits under
 * a value it no longer describes.
 */
export function withoutField(errors: FieldErrors, path: string): FieldErrors {
  const kept = Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(`${path}.`));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}
