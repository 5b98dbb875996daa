import type { TelemetryFinding } from '../report.js';
import type { TelemetryRole } from '../sample.js';
import type { TelemetryFindingsInput } from './index.js';
import { keysOf, phaseAt, pointsOf, roleSum, type SourceView } from './series.js';
import { leastSquares } from './stats.js';
import type { Steady } from './steady.js';
import { bytes, duration, fmt, seriesWords } from './words.js';

export const LEAK_LIMITS = {
  /** A leak is a line: the fit must explain this share of the variance... */
  minR2: 0.9,
  /** ...its slope be this many standard errors above zero... */
  minSlopeErrors: 5,
  /** ...and it must have grown by this share of where it began (not a wobble of a few pages). */
  minGrowthShare: 0.05,
  /** The second half of the stretch must still grow at this share of the rate: a warm-up levels off, a leak does not. */
  minHalfRate: 0.5,
  /** Critical when the limit is this close at that rate (s). */
  criticalTimeToLimit: 3600,
} as const;

const K = LEAK_LIMITS;

interface Resource {
  role: TelemetryRole;
  limitRole: TelemetryRole;
  what: string;
  amount: (value: number) => string;
  /** Growth below this is too little to call a leak whatever the share (a few fds). */
  minGrowth: number;
}

const RESOURCES: readonly Resource[] = [
  { role: 'memory_bytes', limitRole: 'memory_limit_bytes', what: 'memory', amount: bytes, minGrowth: 0 },
  { role: 'open_fds', limitRole: 'max_fds', what: 'open file descriptors', amount: (value) => fmt(value), minGrowth: 5 },
];

/**
 * Memory or file descriptors that grew linearly through the load's steady stretch: the rate
 * per minute, and when the limit is known, how long until it is reached at that rate.
 */
export function leakFindings(input: TelemetryFindingsInput, views: readonly SourceView[], steady: Steady | null): TelemetryFinding[] {
  if (!steady) return [];
  const found: TelemetryFinding[] = [];
  const steadySeconds = steady.end - steady.start + 1;
  for (const view of views) {
    for (const resource of RESOURCES) {
      const keys = keysOf(view, resource.role);
      // A limit can be paired with a series only when the source has one of each.
      const limits = keys.length === 1 ? roleSum(view, resource.limitRole) : new Map<number, number>();
      for (const key of keys) {
        const points = pointsOf(view, key).filter(([t]) => t >= steady.start && t <= steady.end);
        if (points.length < Math.max(10, steadySeconds / 2)) continue;
        const line = leastSquares(points);
        if (!line || line.slope <= 0 || line.r2 < K.minR2 || line.slope < K.minSlopeErrors * line.slopeError) continue;
        const from = line.intercept + line.slope * steady.start;
        const to = line.intercept + line.slope * steady.end;
        if (to - from < Math.max(resource.minGrowth, from * K.minGrowthShare)) continue;
        const secondHalf = leastSquares(points.filter(([t]) => t >= (steady.start + steady.end) / 2));
        if (!secondHalf || secondHalf.slope < line.slope * K.minHalfRate) continue;

        const last = points.at(-1)!;
        const limit = [...limits].filter(([t]) => t <= last[0]).at(-1)?.[1];
        const toLimit = limit !== undefined && limit > last[1] ? (limit - last[1]) / line.slope : null;
        const perMinute = line.slope * 60;
        const name = seriesWords(view.name, resource.what, key, keys.length > 1);
        const projection = toLimit !== null ? `; at that rate it reaches its ${resource.amount(limit!)} limit in ~${duration(toLimit)}` : '';
        const phase = phaseAt(input.phases, Math.round((steady.start + steady.end) / 2));
        found.push({
          code: 'RESOURCE_LEAK',
          severity: toLimit !== null && toLimit <= K.criticalTimeToLimit ? 'critical' : 'warning',
          source: view.name,
          message: `${name} grew linearly by ${resource.amount(perMinute)}/min while the load was steady (${steadySeconds} s from ${steady.start - input.loadStart} s), from ${resource.amount(points[0]![1])} to ${resource.amount(last[1])}${projection}.`,
          atSeconds: steady.start - input.loadStart,
          ...(phase !== undefined ? { phase } : {}),
          evidence: {
            key,
            resource: resource.what,
            perMinute: Math.round(perMinute * 100) / 100,
            r2: Math.round(line.r2 * 1000) / 1000,
            steadySeconds,
            first: points[0]![1],
            last: last[1],
            ...(limit !== undefined ? { limit } : {}),
            ...(toLimit !== null ? { secondsToLimit: Math.round(toLimit) } : {}),
          },
        });
      }
    }
  }
  return found;
}
