/** Number formatting for reports: fixed locale so tables line up and tests are stable. */
const LOCALE = 'en-US';

function withDigits(value: number, digits: number): string {
  return value.toLocaleString(LOCALE, { minimumFractionDigits: 0, maximumFractionDigits: digits });
}

/** Milliseconds without a unit, with precision that shrinks as the value grows: 0.421, 1.86, 12.3, 1,234. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  const abs = Math.abs(ms);
  if (abs === 0) return '0';
  if (abs < 1) return withDigits(ms, 3);
  if (abs < 10) return withDigits(ms, 2);
  if (abs < 100) return withDigits(ms, 1);
  return withDigits(ms, 0);
}

/** Milliseconds with a unit; seconds from 10 s on: "1.86 ms", "12.4 s". */
export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (Math.abs(ms) >= 10_000) return `${withDigits(ms / 1000, 1)} s`;
  return `${formatMs(ms)} ms`;
}

/** Requests per second: "1,234", "56.7", "0.5". */
export function formatRps(rps: number | null | undefined): string {
  if (rps === null || rps === undefined || !Number.isFinite(rps)) return '—';
  const abs = Math.abs(rps);
  if (abs === 0) return '0';
  if (abs < 10) return withDigits(rps, 2);
  if (abs < 100) return withDigits(rps, 1);
  return withDigits(rps, 0);
}

/** A fraction as a percentage: 0.0123 -> "1.23 %"; tiny non-zero values do not round to 0. */
export function formatPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '—';
  const percent = fraction * 100;
  if (percent === 0) return '0 %';
  if (Math.abs(percent) < 0.01) return '<0.01 %';
  if (Math.abs(percent) < 10) return `${withDigits(percent, 2)} %`;
  return `${withDigits(percent, 1)} %`;
}

/** Whole counts with grouping: 12,345. */
export function formatCount(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return '—';
  return Math.round(count).toLocaleString(LOCALE);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in binary steps: "512 B", "1.5 KB", "12.3 MB". */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? Math.round(value) : withDigits(value, value < 10 ? 2 : 1)} ${BYTE_UNITS[unit]}`;
}

/** A relative error as a ± note: 0.005 -> "±0.5 %". */
export function formatRelativeError(fraction: number): string {
  return `±${withDigits(fraction * 100, 2)} %`;
}
