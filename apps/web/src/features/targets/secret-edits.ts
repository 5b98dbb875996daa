import type { FieldErrors } from '../../forms/field-errors';
import { newHeaderRow, type HeaderRow } from './header-rows';

/**
 * Headers and variables of a target are secrets: the API sends back their names only. An
 * edit says what changes (PATCH semantics): a value sets, null removes, a name left out keeps
 * its stored value. This is that edit, for one of the two records.
 */
export type SecretKind = 'headers' | 'variables';
export type ExistingAction = 'keep' | 'replace' | 'remove';

export interface SecretEdits {
  /** Stored names and what happens to each. */
  existing: { name: string; action: ExistingAction; value: string }[];
  /** New entries. */
  added: HeaderRow[];
}

export function secretEdits(names: readonly string[] = []): SecretEdits {
  return { existing: names.map((name) => ({ name, action: 'keep', value: '' })), added: [] };
}

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The record to send: on create every added row is a value; on edit also the replaced
 * (value) and removed (null) stored names. Errors are at `<kind>.<row>.name` (added rows)
 * and `<kind>.existing.<index>` (a replacement without a value is kept as is, not an error).
 */
export function secretPatch(edits: SecretEdits, kind: SecretKind): { record: Record<string, string | null>; errors: FieldErrors } {
  const record: Record<string, string | null> = {};
  const errors: Record<string, string> = {};
  const fold = (name: string) => (kind === 'headers' ? name.toLowerCase() : name);
  const seen = new Set<string>();
  for (const entry of edits.existing) {
    seen.add(fold(entry.name));
    if (entry.action === 'remove') record[entry.name] = null;
    if (entry.action === 'replace' && entry.value !== '') record[entry.name] = entry.value;
  }
  edits.added.forEach((row, index) => {
    const name = row.name.trim();
    if (!name && !row.value.trim()) return;
    const at = `${kind}.${index}.name`;
    if (!name) errors[at] = `enter a ${kind === 'headers' ? 'header' : 'variable'} name or remove the row`;
    else if (kind === 'headers' && !HEADER_NAME.test(name)) errors[at] = 'not a valid HTTP header name';
    else if (kind === 'variables' && !VARIABLE_NAME.test(name)) errors[at] = 'letters, digits and _ (not starting with a digit)';
    else if (seen.has(fold(name)))
      errors[at] = `"${name}" is already set${edits.existing.some((entry) => fold(entry.name) === fold(name)) ? ' (use Replace above)' : ' above'}`;
    else {
      seen.add(fold(name));
      record[name] = row.value;
    }
  });
  return { record, errors };
}

/** Only the values (for POST /targets, where nothing is stored yet). */
export function secretValues(edits: SecretEdits, kind: SecretKind): { record: Record<string, string>; errors: FieldErrors } {
  const { record, errors } = secretPatch({ existing: [], added: edits.added }, kind);
  return { record: record as Record<string, string>, errors };
}

/** API and schema errors at `<kind>.<name>` move to the row (new) or stored entry holding that name. */
export function mapSecretErrors(errors: FieldErrors, kind: SecretKind, edits: SecretEdits): FieldErrors {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = path.startsWith(`${kind}.`) ? path.slice(kind.length + 1) : null;
    let target = path;
    if (match !== null && !/^\d+\.name$/.test(match) && !/^existing\.\d+$/.test(match)) {
      const added = edits.added.findIndex((row) => row.name.trim() === match);
      const existing = edits.existing.findIndex((entry) => entry.name === match);
      target = added >= 0 ? `${kind}.${added}.value` : existing >= 0 ? `${kind}.existing.${existing}` : path;
    }
    if (!(target in mapped)) mapped[target] = message;
  }
  return mapped;
}

export { newHeaderRow as newSecretRow };
