import type { TelemetryFinding } from '../report.js';
import type { TelemetryFindingsInput } from './index.js';
import { cpuUsage, firstSustained, phaseAt, usageOf, whenWords, type SourceView, type Usage } from './series.js';
import { bytes, fmt, pct } from './words.js';

/** When a resource counts as at its ceiling, and for how long before it is more than a blip. */
export const SATURATION_LIMITS = {
  /** CPU: busy cores against the cores it may use (not against 100 % of one core). */
  cpuShare: 0.9,
  /** Memory against its limit: the kernel reclaims and the OOM killer acts just below 100 %. */
  memoryShare: 0.95,
  /** A pool's connections or workers in use against its max (a few are often held back). */
  poolShare: 0.95,
  /** Consecutive seconds at the ceiling: one busy second is a blip (a GC, a scrape at a bad moment). */
  holdSeconds: 2,
  /** Critical when it held this share of the load's seconds (or began before latency broke). */
  criticalShareOfLoad: 0.25,
} as const;

const L = SATURATION_LIMITS;

interface Ceiling {
  resource: string;
  usage: Map<number, Usage>;
  threshold: number;
  /** "97 % of 4 cores" */
  level: (usage: Usage) => string;
}

function ceilingsOf(view: SourceView): Ceiling[] {
  return [
    { resource: 'CPU', usage: cpuUsage(view), threshold: L.cpuShare, level: (u) => `${pct(u.share)} of ${fmt(u.limit)} core${u.limit === 1 ? '' : 's'}` },
    {
      resource: 'memory',
      usage: usageOf(view, 'memory_bytes', 'memory_limit_bytes'),
      threshold: L.memoryShare,
      level: (u) => `${bytes(u.used)}, ${pct(u.share)} of its ${bytes(u.limit)} limit`,
    },
    {
      resource: 'pool',
      usage: usageOf(view, 'pool_in_use', 'pool_max'),
      threshold: L.poolShare,
      level: (u) => `${fmt(u.used)} in use of its ${fmt(u.limit)} max`,
    },
  ];
}

/** "p95 crossed 150 ms at 18 VUs", from the capacity statement's criterion ("p95 < 150 ms"). */
export function kneeWords(knee: NonNullable<TelemetryFindingsInput['knee']>): string {
  const at = `at ${fmt(knee.vus)} VU${knee.vus === 1 ? '' : 's'}`;
  const limit = /^(p\d+)\s*<=?\s*([\d.,]+)\s*ms\b/.exec(knee.criterion.trim());
  if (limit) return `${limit[1]} crossed ${limit[2]} ms ${at}`;
  return `latency broke its criterion (${knee.criterion}) ${at}`;
}

/**
 * Resources at their ceiling during the load: CPU at 90 % of its cores or limit, memory at its
 * limit, a pool at its max, held for at least 2 s; when it began (to the second), and whether
 * that was before latency broke (the likely cause) or after it.
 */
export function saturationFindings(input: TelemetryFindingsInput, views: readonly SourceView[]): TelemetryFinding[] {
  const found: TelemetryFinding[] = [];
  const inLoad = (t: number) => t >= input.loadStart && t <= input.loadEnd;
  const loadSeconds = input.loadEnd - input.loadStart + 1;
  for (const view of views) {
    for (const ceiling of ceilingsOf(view)) {
      const began = firstSustained(ceiling.usage, ceiling.threshold, L.holdSeconds, inLoad);
      if (!began) continue;
      const saturatedSeconds = [...ceiling.usage].filter(([t, usage]) => inLoad(t) && usage.share >= ceiling.threshold).length;
      const atSeconds = began.start - input.loadStart;
      const what = `${view.name} ${ceiling.resource} reached ${ceiling.level(began.peak)}`;
      const held = `it was at or above ${pct(ceiling.threshold)} for ${saturatedSeconds} of the load's ${loadSeconds} s`;
      const knee = input.knee;
      let message: string;
      if (knee && knee.t >= began.start) {
        const lag = knee.t - began.start;
        message =
          lag === 0
            ? `${kneeWords(knee)} as ${what} (at ${atSeconds} s, ${whenWords(input, began.start)}); ${held}.`
            : `${kneeWords(knee)}, ${lag} s after ${what} (at ${atSeconds} s, ${whenWords(input, began.start)}); ${held}.`;
      } else if (knee) {
        message = `${what} at ${atSeconds} s (${whenWords(input, began.start)}), ${began.start - knee.t} s after ${kneeWords(knee)}: latency broke first; ${held}.`;
      } else {
        message = `${what} at ${atSeconds} s (${whenWords(input, began.start)}); ${held}.`;
      }
      const beforeKnee = knee !== null && knee.t >= began.start;
      const phase = phaseAt(input.phases, began.start);
      found.push({
        code: 'TARGET_SATURATED',
        severity: beforeKnee || saturatedSeconds >= loadSeconds * L.criticalShareOfLoad ? 'critical' : 'warning',
        source: view.name,
        message,
        atSeconds,
        ...(phase !== undefined ? { phase } : {}),
        evidence: {
          resource: ceiling.resource,
          peakShare: Math.round(began.peak.share * 1000) / 1000,
          peakUsed: began.peak.used,
          limit: began.peak.limit,
          threshold: ceiling.threshold,
          saturatedSeconds,
          loadSeconds,
          ...(knee ? { kneeAtSeconds: knee.t - input.loadStart, secondsBeforeKnee: knee.t - began.start } : {}),
        },
      });
    }
  }
  return found;
}
