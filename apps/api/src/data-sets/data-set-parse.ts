import { Readable } from 'node:stream';
import { isUtf8 } from 'node:buffer';
import { CsvError, parse } from 'csv-parse';
import { DATA_SET_MAX_COLUMNS, isDataIdentifier, type DataSetFormat } from '@loadline/shared';
import { firstInvalidUtf8, lineAt } from './utf8.js';

/**
 * Turns an uploaded file into a header and rows of strings, or says exactly what is wrong
 * with it and where: CSV problems name the line (1-based, the header is line 1), JSON
 * problems the row (0-based index in the array). Nothing is stored here.
 */
export interface ParsedTable {
  columns: string[];
  rows: string[][];
}

/** What is wrong with a file, and where. */
export class DataFileProblem extends Error {
  constructor(
    message: string,
    readonly where: { line?: number; row?: number; column?: string },
  ) {
    super(message);
    this.name = 'DataFileProblem';
  }
}

export interface ParseLimits {
  maxRows: number;
}

export async function parseDataFile(bytes: Buffer, format: DataSetFormat, limits: ParseLimits): Promise<ParsedTable> {
  if (!isUtf8(bytes)) {
    const offset = firstInvalidUtf8(bytes);
    const line = lineAt(bytes, offset);
    throw new DataFileProblem(`Line ${line} is not valid UTF-8 (byte ${offset}): save the file as UTF-8`, { line });
  }
  return format === 'csv' ? parseCsv(bytes, limits) : parseJson(bytes, limits);
}

/** Chunks fed to the parser: between them the event loop serves other requests. */
const CHUNK_BYTES = 1 << 20;

async function parseCsv(bytes: Buffer, limits: ParseLimits): Promise<ParsedTable> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) chunks.push(bytes.subarray(at, at + CHUNK_BYTES));
  // RFC 4180 as csv-parse reads it: quotes, escaped quotes, CRLF or LF; a BOM is dropped.
  // Empty lines are skipped (a trailing one is common); every record must have the header's width.
  // The row limit is checked as each record is made, where csv-parse knows its line (the
  // parser runs ahead of this loop, so its running count would name a later line, and the
  // header's width is taken there too: the loop may not have seen the header when a row fails).
  let records = 0;
  let headerWidth: number | undefined;
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    on_record: (record: string[], context: { lines: number }) => {
      records += 1;
      if (records === 1) headerWidth = record.length;
      if (records > limits.maxRows + 1) {
        throw new DataFileProblem(`Line ${context.lines}: more than ${limits.maxRows.toLocaleString('en-US')} rows (the limit of a data set)`, {
          line: context.lines,
        });
      }
      return record;
    },
  });
  Readable.from(chunks).pipe(parser);
  let columns: string[] | null = null;
  const rows: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = checkHeader(record, (message, column) => new DataFileProblem(`Line 1: ${message}`, { line: 1, column }));
        continue;
      }
      rows.push(record);
    }
  } catch (error) {
    if (error instanceof DataFileProblem) throw error;
    if (error instanceof CsvError) throw csvProblem(error, headerWidth);
    throw error;
  }
  if (!columns) throw new DataFileProblem('Line 1: the file is empty; a data set needs a header row naming its columns', { line: 1 });
  if (rows.length === 0) throw new DataFileProblem('Line 2: the file has a header but no rows', { line: 2 });
  return { columns, rows };
}

/**
 * csv-parse's problems in words. Its own messages quote the offending field, which may be a
 * secret: they are not passed on.
 */
const CSV_PROBLEMS: Readonly<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a closing quote is followed by something other than a comma or the end of the line',
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted field (quote the whole field and double the quotes inside it)',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a closing quote is followed by something other than a comma or the end of the line',
  CSV_MAX_RECORD_SIZE: 'a record is too large',
};

function csvProblem(error: CsvError, headerWidth: number | undefined): DataFileProblem {
  const line = typeof error.lines === 'number' && error.lines > 0 ? error.lines : 1;
  if (error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
    const record: unknown = error.record;
    const got = Array.isArray(record) ? `${record.length}` : 'a different number of';
    const expected = headerWidth === undefined ? 'as many as the header' : `the header's ${headerWidth}`;
    return new DataFileProblem(`Line ${line} has ${got} fields instead of ${expected}`, { line });
  }
  return new DataFileProblem(`Line ${line}: ${CSV_PROBLEMS[error.code] ?? `not valid CSV (${error.code})`}`, { line });
}

/** The header: identifiers, none empty, none twice, not too many. */
function checkHeader(names: readonly string[], problem: (message: string, column?: string) => DataFileProblem): string[] {
  if (names.length > DATA_SET_MAX_COLUMNS) throw problem(`${names.length} columns; a data set may have at most ${DATA_SET_MAX_COLUMNS}`);
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (name === '') throw problem(`column ${index + 1} of the header has no name`);
    if (!isDataIdentifier(name)) {
      throw problem(`column name "${name}" must be letters, digits and _ (not starting with a digit), at most 64 characters`, name);
    }
    if (seen.has(name)) throw problem(`column name "${name}" appears twice`, name);
    seen.add(name);
  });
  return [...names];
}

function parseJson(bytes: Buffer, limits: ParseLimits): ParsedTable {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const position = /at position (\d+)/.exec((error as Error).message);
    const line = position ? lineAt(Buffer.from(text.slice(0, Number(position[1])), 'utf8'), Number.MAX_SAFE_INTEGER) : undefined;
    // V8's own message may quote the text around the problem, which may be a secret: not passed on.
    const reason = /end of JSON input/.test((error as Error).message) ? 'it ends before the array is closed' : 'check the syntax there';
    throw new DataFileProblem(`The file is not valid JSON${line ? ` (line ${line})` : ''}: ${reason}`, line ? { line } : {});
  }
  if (!Array.isArray(value)) throw new DataFileProblem('The JSON value must be an array of objects, one per row', {});
  if (value.length === 0) throw new DataFileProblem('The JSON array is empty; a data set needs at least one row', {});
  if (value.length > limits.maxRows) {
    throw new DataFileProblem(`Row ${limits.maxRows}: more than ${limits.maxRows.toLocaleString('en-US')} rows (the limit of a data set)`, {
      row: limits.maxRows,
    });
  }
  // Columns are the union of keys in first-seen order; a missing key is "".
  const index = new Map<string, number>();
  const objects = value.map((item, row) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new DataFileProblem(`Row ${row} is ${describe(item)}; every row must be an object of column values`, { row });
    }
    for (const [key, cell] of Object.entries(item as Record<string, unknown>)) {
      if (!index.has(key)) {
        if (!isDataIdentifier(key)) {
          throw new DataFileProblem(`Row ${row}: column name "${key}" must be letters, digits and _ (not starting with a digit), at most 64 characters`, {
            row,
            column: key,
          });
        }
        if (index.size === DATA_SET_MAX_COLUMNS) throw new DataFileProblem(`Row ${row}: more than ${DATA_SET_MAX_COLUMNS} columns`, { row, column: key });
        index.set(key, index.size);
      }
      if (cell !== null && typeof cell === 'object') {
        throw new DataFileProblem(`Row ${row}, column "${key}" is ${describe(cell)}; values must be strings, numbers, booleans or null`, { row, column: key });
      }
    }
    return item as Record<string, unknown>;
  });
  const columns = [...index.keys()];
  const rows = objects.map((object) => columns.map((column) => cellText(object[column])));
  return { columns, rows };
}

/** Numbers and booleans as their JSON text (1.5, true); null and a missing key as "". */
function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
