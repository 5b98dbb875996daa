/** Plain-text tables and numbers for terminals and CI logs (no colours: logs keep them as escapes). */

export type Align = 'left' | 'right';

export interface Column {
  header: string;
  align?: Align;
}

/**
 * A table with a header row, columns separated by two spaces and padded to their widest cell.
 * The last column is not padded (no trailing blanks in logs).
 */
export function formatTable(columns: readonly (Column | string)[], rows: readonly (readonly string[])[]): string {
  const cols = columns.map((column) => (typeof column === 'string' ? { header: column, align: 'left' as const } : { align: 'left' as const, ...column }));
  const widths = cols.map((column, index) => Math.max(column.header.length, ...rows.map((row) => (row[index] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cols
      .map((column, index) => {
        const cell = cells[index] ?? '';
        const last = index === cols.length - 1;
        if (column.align === 'right') return cell.padStart(widths[index]!);
        return last ? cell : cell.padEnd(widths[index]!);
      })
      .join('  ')
      .trimEnd();
  return [line(cols.map((column) => column.header)), ...rows.map(line)].join('\n');
}

/** 12,345 */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Requests per second: one decimal under 1,000 ("411.5"), whole above ("1,234"). */
export function formatRps(value: number): string {
  return value >= 1000 ? formatCount(value) : value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Milliseconds with three significant digits or so: "0.412 ms", "3.41 ms", "48.2 ms", "1,204 ms". */
export function formatMs(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ms`;
}

/** A fraction as a percentage: 0.0123 -> "1.23 %". */
export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(2)} %`;
}

/** Seconds as "45s", "2m05s", "1h02m". */
export function formatSeconds(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total}s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes}m${String(total % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** An ISO time as "2026-11-21 22:42Z" (UTC, to the minute); "-" when absent. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')}Z`;
}
