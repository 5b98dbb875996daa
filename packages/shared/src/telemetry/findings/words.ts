/** How the findings write numbers, sizes and durations: for a person reading a report. */

export const fmt = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) < 10 ? 1 : 0 });

export const pct = (share: number) => `${Math.round(share * 100)} %`;

/** 1,800 jobs; 1.3 M jobs. */
export function count(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${(value / 1e9).toLocaleString('en-US', { maximumFractionDigits: 1 })} G`;
  if (abs >= 1e6) return `${(value / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} M`;
  return fmt(value);
}

const BYTE_UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

export function bytes(value: number): string {
  let unit = 0;
  let scaled = value;
  while (Math.abs(scaled) >= 1024 && unit < BYTE_UNITS.length - 1) {
    scaled /= 1024;
    unit++;
  }
  return `${fmt(scaled)} ${BYTE_UNITS[unit]}`;
}

/** ~45 s, ~3 minutes, ~18 hours, ~4 days: a drain or a time to a limit, not a stopwatch. */
export function duration(seconds: number): string {
  const plural = (value: number, unit: string) => `${fmt(value)} ${unit}${value === 1 ? '' : 's'}`;
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return plural(Math.round(seconds / 60), 'minute');
  if (seconds < 48 * 3600) return plural(Math.round((seconds / 3600) * 10) / 10, 'hour');
  return plural(Math.round((seconds / 86400) * 10) / 10, 'day');
}

/** A series named in a message: its role's words, with its key when the source has several. */
export const seriesWords = (source: string, what: string, key: string, several: boolean) => (several ? `${source} ${what} (${key})` : `${source} ${what}`);
