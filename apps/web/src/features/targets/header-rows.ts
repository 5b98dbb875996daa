import type { FieldErrors } from '../../forms/field-errors';

/** One editable "default header" row of the target form. */
export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

let nextId = 1;
export function newHeaderRow(name = '', value = ''): HeaderRow {
  return { id: nextId++, name, value };
}

/**
 * Rows -> the contract's `headers` record. Fully blank rows are ignored; a value without a
 * name and a repeated name (HTTP header names are case-insensitive) are errors at
 * `headers.<row>.name`, the path of that row's name input.
 */
export function headerRowsToRecord(rows: readonly HeaderRow[]): { headers: Record<string, string>; errors: FieldErrors } {
  const headers: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const name = row.name.trim();
    if (!name && !row.value.trim()) return;
    if (!name) {
      errors[`headers.${index}.name`] = 'Enter a header name or remove the row';
      return;
    }
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
      errors[`headers.${index}.name`] = 'not a valid HTTP header name';
      return;
    }
    const lower = name.toLowerCase();
    if (seen.has(lower)) {
      errors[`headers.${index}.name`] = `"${name}" is already set above`;
      return;
    }
    seen.set(lower, index);
    headers[name] = row.value;
  });
  return { headers, errors };
}

/**
 * Points errors for `headers.<header name>` (how zod and the API report a record entry) at the
 * row holding that header, so the message shows next to the right input.
 */
export function mapHeaderErrorsToRows(errors: FieldErrors, rows: readonly HeaderRow[]): FieldErrors {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^headers\.(.+)$/.exec(path);
    if (!match || /^\d+\.(name|value)$/.test(match[1]!)) {
      if (!(path in mapped)) mapped[path] = message;
      continue;
    }
    const index = rows.findIndex((row) => row.name.trim() === match[1]);
    const target = index >= 0 ? `headers.${index}.value` : path;
    if (!(target in mapped)) mapped[target] = message;
  }
  return mapped;
}
