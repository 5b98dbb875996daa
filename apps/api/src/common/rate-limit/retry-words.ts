/**
 * When a refused caller may try again, in words for the error message: "in 56 minutes (at
 * 10:42 UTC)". The clock time saves the reader the sum; UTC because the API does not know the
 * reader's zone (the Retry-After header carries the seconds for programs).
 */
export function retryInWords(resetInMs: number, now: Date = new Date()): string {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  // Rounded up to the minute: trying at the clock time said must succeed.
  const at = new Date(Math.ceil((now.getTime() + seconds * 1000) / 60_000) * 60_000);
  const clock = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')} UTC`;
  if (seconds < 60) return `in ${plural(seconds, 'second')} (at ${clock})`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `in ${plural(minutes, 'minute')} (at ${clock})`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `in ${plural(hours, 'hour')}${rest ? ` ${plural(rest, 'minute')}` : ''} (at ${clock})`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
