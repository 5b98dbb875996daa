import { isDataIdentifier } from '@loadline/shared';

/**
 * What the upload form can tell from a chosen file before sending it: its format (by name)
 * and its column names, so that the secret columns can be ticked. Only a preview for the
 * form: the API parses the file properly and has the last word.
 */
export type DataSetFileFormat = 'csv' | 'json';

export function formatOfFile(fileName: string): DataSetFileFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return null;
}

/** A set name suggested by the file's name ("users.csv" -> "users"), or "" when it would not be valid. */
export function suggestedName(fileName: string): string {
  const base = fileName.replace(/\.(csv|json)$/i, '');
  return isDataIdentifier(base) ? base : '';
}

/** The fields of a CSV header line: commas outside quotes split, doubled quotes are one quote. */
function csvHeader(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** How many JSON rows are read for their keys (the API takes every row's). */
const JSON_ROWS_FOR_COLUMNS = 1_000;

/** The column names of a file's text: a CSV's header line, or the keys of a JSON array's first objects; [] when unreadable. */
export function columnsOfText(text: string, format: DataSetFileFormat): string[] {
  const body = text.replace(/^\uFEFF/, '');
  if (format === 'csv') {
    const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
    return firstLine ? csvHeader(firstLine) : [];
  }
  try {
    const value: unknown = JSON.parse(body);
    if (!Array.isArray(value)) return [];
    const keys = new Set<string>();
    for (const row of value.slice(0, JSON_ROWS_FOR_COLUMNS)) {
      if (row && typeof row === 'object' && !Array.isArray(row)) for (const key of Object.keys(row)) keys.add(key);
    }
    return [...keys];
  } catch {
    return [];
  }
}
