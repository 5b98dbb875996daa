import type { TelemetryFinding } from '../report.js';
import type { TelemetryFindingsInput } from './index.js';
import { keysOf, phaseAt, pointsOf, roleSum, type SourceView } from './series.js';
import { leastSquares, type Line } from './stats.js';
import type { Steady } from './steady.js';
import { count, duration, fmt, seriesWords } from './words.js';

export const BACKLOG_LIMITS = {
  /** Growth over the steady stretch below this many jobs is noise, whatever its slope. */
  minGrowthJobs: 10,
  /** The slope must be this many standard errors above zero... */
  minSlopeErrors: 3,
  /** ...and the line explain this share of the depth's variance. */
  minR2: 0.5,
  /** Sustained (critical): a line this good, and the second half of the stretch still growing at half the rate. */
  sustainedR2: 0.8,
  sustainedHalfRate: 0.5,
} as const;

const B = BACKLOG_LIMITS;
const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null);
const rateWords = (value: number) => `${fmt(value)}/s`;

interface Drain {
  /** Net jobs/s leaving the queue after the load stopped; null when nothing was read after it. */
  perSecond: number | null;
  /** Seconds from the end of the load until it was empty, when seen. */
  clearedAfter: number | null;
}

/**
 * How fast the queue went down once the load stopped: seconds from the end of the load to an
 * empty queue when that was seen; else the processed rate (less any still enqueued) when the
 * source has one queue and those rates; else the fall of its depth.
 */
function drainAfter(input: TelemetryFindingsInput, view: SourceView, depth: [number, number][], rates: boolean): Drain {
  // The load's last second (loadEnd) ends at loadEnd + 1, and a rate read at t covers the
  // second before it: only seconds from loadEnd + 2 on tell the drain without the load.
  const after = depth.filter(([t]) => t > input.loadEnd + 1);
  const empty = after.find(([, value]) => value <= 0);
  if (empty) return { perSecond: null, clearedAfter: empty[0] - input.loadEnd };
  if (rates) {
    const seconds = new Set(after.map(([t]) => t));
    const processed = mean([...roleSum(view, 'queue_processed_rate')].filter(([t]) => seconds.has(t)).map(([, value]) => value));
    const enqueued = mean([...roleSum(view, 'queue_enqueued_rate')].filter(([t]) => seconds.has(t)).map(([, value]) => value)) ?? 0;
    if (processed !== null) return { perSecond: processed - enqueued, clearedAfter: null };
  }
  const fall = leastSquares(after);
  return { perSecond: fall ? -fall.slope : null, clearedAfter: null };
}

/**
 * A queue's growth over the steady stretch: the least-squares line through its depth there;
 * null when it was read for fewer than half the stretch's seconds (or 5). Also the figure
 * "backlog growth" of the source's figures (figures.ts) and its thresholds.
 */
export function steadyGrowth(depth: readonly [number, number][], steady: Steady): { line: Line; during: [number, number][] } | null {
  const during = depth.filter(([t]) => t >= steady.start && t <= steady.end);
  if (during.length < Math.max(5, (steady.end - steady.start + 1) / 2)) return null;
  const line = leastSquares(during);
  return line ? { line, during } : null;
}

/**
 * Queues that grew while the load was steady: the growth per second (a least-squares line
 * through the depth over the steady stretch), the size when the load stopped, and how long it
 * takes to clear at the rate it drained after the load. A queue growing without bound behind
 * a fast HTTP front is critical: the run is not healthy however good its latency.
 */
export function backlogFindings(input: TelemetryFindingsInput, views: readonly SourceView[], steady: Steady | null): TelemetryFinding[] {
  if (!steady) return [];
  const found: TelemetryFinding[] = [];
  const steadySeconds = steady.end - steady.start + 1;
  for (const view of views) {
    const queues = keysOf(view, 'queue_depth');
    // Rates can be paired with a depth only when the source has a single queue.
    const rates = queues.length === 1;
    for (const key of queues) {
      const depth = pointsOf(view, key);
      const growth = steadyGrowth(depth, steady);
      if (!growth) continue;
      const { line, during } = growth;
      if (line.slope <= 0 || line.slope * (steady.end - steady.start) < B.minGrowthJobs) continue;
      if (line.r2 < B.minR2 || line.slope < B.minSlopeErrors * line.slopeError) continue;
      const secondHalf = leastSquares(during.filter(([t]) => t >= (steady.start + steady.end) / 2));
      const sustained = line.r2 >= B.sustainedR2 && secondHalf !== null && secondHalf.slope >= line.slope * B.sustainedHalfRate;

      const atEnd = depth.filter(([t]) => t <= input.loadEnd).at(-1)![1];
      const inSteady = (series: Map<number, number>) => mean([...series].filter(([t]) => t >= steady.start && t <= steady.end).map(([, value]) => value));
      const enqueued = rates ? inSteady(roleSum(view, 'queue_enqueued_rate')) : null;
      const processed = rates ? inSteady(roleSum(view, 'queue_processed_rate')) : null;
      const drain = drainAfter(input, view, depth, rates);
      const drainSeconds = drain.perSecond !== null && drain.perSecond > 0 ? atEnd / drain.perSecond : null;

      const name = seriesWords(view.name, 'queue', key, queues.length > 1);
      const flow = enqueued !== null && processed !== null ? `; ${rateWords(enqueued)} enqueued vs ~${rateWords(processed)} processed` : '';
      const from = steady.start - input.loadStart;
      let after: string;
      if (drain.clearedAfter !== null) after = `it was empty ${drain.clearedAfter} s after the load stopped`;
      else if (drainSeconds !== null) after = `at the ~${rateWords(drain.perSecond!)} it drained after the load, ~${duration(drainSeconds)} to clear`;
      else if (drain.perSecond !== null) after = 'it was not draining after the load stopped';
      else after = 'nothing was read after the load to say how fast it drains';
      const phase = phaseAt(input.phases, Math.round((steady.start + steady.end) / 2));
      found.push({
        code: 'BACKLOG_GROWING',
        severity: sustained ? 'critical' : 'warning',
        source: view.name,
        message: `${name} grew by ${fmt(line.slope)} jobs/s while the load was steady (${steadySeconds} s from ${from} s${flow}): ${count(atEnd)} pending when the load stopped; ${after}.`,
        atSeconds: from,
        ...(phase !== undefined ? { phase } : {}),
        evidence: {
          key,
          growthPerSecond: Math.round(line.slope * 100) / 100,
          r2: Math.round(line.r2 * 1000) / 1000,
          steadySeconds,
          sizeAtEnd: atEnd,
          ...(enqueued !== null ? { enqueuedPerSecond: Math.round(enqueued * 100) / 100 } : {}),
          ...(processed !== null ? { processedPerSecond: Math.round(processed * 100) / 100 } : {}),
          ...(drain.perSecond !== null ? { drainPerSecond: Math.round(drain.perSecond * 100) / 100 } : {}),
          ...(drainSeconds !== null ? { drainSeconds: Math.round(drainSeconds) } : {}),
          ...(drain.clearedAfter !== null ? { clearedAfterSeconds: drain.clearedAfter } : {}),
        },
      });
    }
  }
  return found;
}
