/**
 * Days typed and shown the way the app writes them ("Nov 26, 2026", in UTC like the ranges
 * they bound), rather than a browser date input's mm/dd/yyyy. Values travel as YYYY-MM-DD.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls Feb 30 over into March: a day that does not exist is refused instead.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function monthOf(word: string): number | null {
  const index = MONTHS.indexOf(word.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
}

/**
 * "Nov 26, 2026", "November 26 2026", "26 Nov 2026" or "2026-11-26" -> "2026-11-26"; "" for
 * an empty field; null for anything else (the field says how to write a day).
 */
export function parseDay(text: string): string | null | '' {
  const value = text.trim();
  if (!value) return '';
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (match) return isoDay(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(value);
  if (match) {
    const month = monthOf(match[1]!);
    return month ? isoDay(Number(match[3]), month, Number(match[2])) : null;
  }
  match = /^(\d{1,2})\s+([A-Za-z]+)\.?,?\s+(\d{4})$/.exec(value);
  if (match) {
    const month = monthOf(match[2]!);
    return month ? isoDay(Number(match[3]), month, Number(match[1])) : null;
  }
  return null;
}

/** "2026-11-26" -> "Nov 26, 2026"; "" for anything that is not such a day. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
