/**
 * How a data set's rows are split for a run, and the file a segment's k6 reads them from.
 *
 * Between segments: by the same fractions as k6's execution segments (segment i of N runs
 * i/N:(i+1)/N of the load and gets rows [floor(i·n/N), floor((i+1)·n/N))), so N runners never
 * hold the same row. Within a segment, for `unique`, between the scenarios that use the set,
 * the same way (scenario j of k gets [floor(j·m/k), floor((j+1)·m/k)) of the segment's m
 * rows): each scenario counts its own iterations from 0 and must not meet another's rows.
 * The generated script computes the scenario split from its file's length with the same
 * formula (scenarioRange in the runtime), so the script stays a pure function of the plan.
 */

/** Rows [start, end) of part `index` of `count` equal parts of `n` rows (floor at both ends: parts tile 0..n). */
export function partRange(n: number, index: number, count: number): [number, number] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`row count must be a whole number >= 0, not ${n}`);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(index) || index < 0 || index >= count)
    throw new RangeError(`part ${index} of ${count} does not exist`);
  // Integer arithmetic: n·index stays far below 2^53 for any allowed set (1e6 rows × 32 segments).
  return [Math.floor((n * index) / count), Math.floor((n * (index + 1)) / count)];
}

/** The rows of a set that segment `index` of `count` gets. */
export function segmentRows<T>(rows: readonly T[], index: number, count: number): T[] {
  const [start, end] = partRange(rows.length, index, count);
  return rows.slice(start, end);
}

/** The environment variable a custom script finds a set's file path in: LOADLINE_DATA_USERS. */
export function dataEnvName(set: string): string {
  return `LOADLINE_DATA_${set.toUpperCase()}`;
}

/** The file a segment's rows of `set` are written to, in k6's work folder (beside script.js). */
export function dataFileName(set: string): string {
  return `data-${set}.json`;
}

/**
 * The text of a data file: JSON that `JSON.parse(open(path))` reads as
 * `{ set, version, columns: string[], rows: string[][] }`, one row per line, so that the
 * runner can write it (and pick out secret cells) a line at a time without holding a parsed
 * copy of a million rows.
 */
export function dataFileHead(set: string, version: number, columns: readonly string[]): string {
  return `{"set":${JSON.stringify(set)},"version":${version},"columns":${JSON.stringify(columns)},"rows":[\n`;
}
export const DATA_FILE_TAIL = ']}\n';

/**
 * One row's line of a data file (a comma ends every row but the last). Characters beyond ASCII
 * are written as \u escapes: k6 holds a file with any of them as UTF-16, twice its size.
 */
export function dataFileRow(row: readonly string[], last: boolean): string {
  const line = JSON.stringify(row).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return line + (last ? '\n' : ',\n');
}

export function encodeDataFile(set: string, version: number, columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return dataFileHead(set, version, columns) + rows.map((row, i) => dataFileRow(row, i === rows.length - 1)).join('') + DATA_FILE_TAIL;
}

/**
 * The message the generated script aborts the test with when a `unique` set runs out and the
 * plan says stop; the runner finds the marker in k6's output and reports the exhaustion.
 */
export const DATA_EXHAUSTED_MARKER = 'loadline: data set exhausted:';

/** The set named in an exhaustion message k6 printed, or null. */
export function exhaustedSetOf(text: string): string | null {
  const at = text.indexOf(DATA_EXHAUSTED_MARKER);
  if (at < 0) return null;
  const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(at + DATA_EXHAUSTED_MARKER.length));
  return match ? match[1]! : null;
}
