import type { KvRow } from './form-types';
import { newKvRow } from './form-types';

/**
 * Name/value rows (query parameters, headers, form fields, gRPC metadata) <-> the contract's
 * records. Errors found while reading rows are reported at `<at>.<row>.key`; errors the schema
 * or the API report at `<at>.<record key>` are moved to the row holding that key.
 */
export function rowsToRecord(
  rows: readonly KvRow[],
  at: string,
  errors: Record<string, string>,
  options: { caseInsensitive?: boolean; what?: string } = {},
): Record<string, string> {
  const record: Record<string, string> = {};
  const seen = new Set<string>();
  const what = options.what ?? 'name';
  rows.forEach((row, index) => {
    const key = row.key.trim();
    if (!key && !row.value.trim()) return;
    if (!key) {
      errors[`${at}.${index}.key`] = `enter a ${what} or remove the row`;
      return;
    }
    const folded = options.caseInsensitive ? key.toLowerCase() : key;
    if (seen.has(folded)) {
      errors[`${at}.${index}.key`] = `"${key}" is already set above`;
      return;
    }
    seen.add(folded);
    record[key] = row.value;
  });
  return record;
}

export function recordToRows(record: Readonly<Record<string, string>> | undefined): KvRow[] {
  return Object.entries(record ?? {}).map(([key, value]) => newKvRow(key, value));
}

/** The row path of a record key (`headers.Authorization` -> `headers.1.value`), or the list when no row has it. */
export function rowPathForKey(rows: readonly KvRow[], at: string, key: string): string {
  const index = rows.findIndex((row) => row.key.trim() === key);
  return index >= 0 ? `${at}.${index}.value` : at;
}
