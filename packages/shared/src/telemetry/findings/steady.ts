import type { TelemetryFindingsInput } from './index.js';

export const STEADY_LIMITS = {
  /** The load is steady while its VUs (or its requests/s) stay within 10 % of their highest level. */
  tolerance: 0.1,
  /** Shorter stretches say too little about a trend (a backlog's growth, a leak's rate). */
  minSeconds: 10,
} as const;

/** First and last Unix second of the longest stretch of the load that held one level. */
export interface Steady {
  start: number;
  end: number;
  /** What held steady: the VUs or the requests per second. */
  by: 'vus' | 'rps';
}

/**
 * The longest window of consecutive values, all positive, none more than `tolerance` below
 * the window's highest (a ramp's steps further below are not part of it); two pointers
 * with min/max queues, so a long run costs one pass.
 */
function longestFlat(values: readonly (number | null)[], tolerance: number): [number, number] | null {
  const mins: number[] = [];
  const maxs: number[] = [];
  let best: [number, number] | null = null;
  let left = 0;
  for (let right = 0; right < values.length; right++) {
    const value = values[right];
    if (value === null || value === undefined || value <= 0) {
      mins.length = 0;
      maxs.length = 0;
      left = right + 1;
      continue;
    }
    while (mins.length && values[mins.at(-1)!]! >= value) mins.pop();
    mins.push(right);
    while (maxs.length && values[maxs.at(-1)!]! <= value) maxs.pop();
    maxs.push(right);
    // The small margin keeps a value exactly 10 % below in, whatever the float rounding.
    while (values[maxs[0]!]! * (1 - tolerance) > values[mins[0]!]! + 1e-9) {
      left++;
      if (mins[0]! < left) mins.shift();
      if (maxs[0]! < left) maxs.shift();
    }
    if (!best || right - left > best[1] - best[0]) best = [left, right];
  }
  return best;
}

/**
 * Where the load was steady: the longest stretch of the load's seconds in which the VUs, or
 * the requests per second, held one level; null when no stretch lasted `minSeconds`. A missing
 * second breaks a stretch.
 */
export function steadyStretch(
  input: Pick<TelemetryFindingsInput, 'load' | 'loadStart' | 'loadEnd'>,
  minSeconds: number = STEADY_LIMITS.minSeconds,
): Steady | null {
  const byT = new Map(input.load.map((second) => [second.t, second]));
  const times: number[] = [];
  for (let t = input.loadStart; t <= input.loadEnd; t++) times.push(t);
  let found: Steady | null = null;
  for (const by of ['vus', 'rps'] as const) {
    const flat = longestFlat(
      times.map((t) => byT.get(t)?.[by] ?? null),
      STEADY_LIMITS.tolerance,
    );
    if (!flat || flat[1] - flat[0] + 1 < minSeconds) continue;
    if (!found || flat[1] - flat[0] > found.end - found.start) found = { start: times[flat[0]]!, end: times[flat[1]]!, by };
  }
  return found;
}
