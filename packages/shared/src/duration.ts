import { z } from 'zod';

const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
const DURATION_WHOLE = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/;
const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/** A k6 duration string such as "30s", "2m" or "1m30s". */
export const durationSchema = z.string().regex(DURATION_WHOLE, 'must be a k6 duration such as "30s", "2m" or "1m30s"');

/** Seconds in a k6 duration string; throws on a malformed one (validate with durationSchema first). */
export function durationToSeconds(duration: string): number {
  if (!DURATION_WHOLE.test(duration)) throw new Error(`not a k6 duration: ${duration}`);
  let seconds = 0;
  for (const match of duration.matchAll(DURATION_PART)) {
    seconds += Number(match[1]) * (UNIT_SECONDS[match[2]!] ?? 0);
  }
  return seconds;
}

/** The shortest k6 duration string for a whole number of seconds. */
export function secondsToDuration(seconds: number): string {
  return `${Math.max(0, Math.round(seconds))}s`;
}
