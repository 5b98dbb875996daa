import type { TelemetryCatalog, TelemetryRole, TelemetrySecond } from '../sample.js';
import type { TelemetryFindingsInput } from './index.js';

/**
 * One source as the rules read it: its catalog, and the values of the seconds it was read
 * (a second with a read error carries no values: it is a gap, not zeros).
 */
export interface SourceView {
  name: string;
  catalog: TelemetryCatalog;
  /** All its seconds, in time order, failed reads included. */
  seconds: TelemetrySecond[];
  /** Values of the seconds read without error, by Unix second. */
  good: Map<number, Record<string, number>>;
}

export function viewOf(source: TelemetryFindingsInput['sources'][number]): SourceView {
  const seconds = [...source.seconds].sort((a, b) => a.t - b.t);
  const good = new Map<number, Record<string, number>>();
  for (const second of seconds) if (!second.error) good.set(second.t, second.values);
  return { name: source.catalog.source, catalog: source.catalog, seconds, good };
}

export const keysOf = (view: SourceView, role: TelemetryRole) => view.catalog.series.filter((series) => series.role === role).map((series) => series.key);

/**
 * A role's value per second, its series added up: the processes or containers of one
 * component together (a pod's containers against their summed limits). Seconds in which none
 * of the role's series has a value are left out.
 */
export function roleSum(view: SourceView, role: TelemetryRole): Map<number, number> {
  const keys = keysOf(view, role);
  const result = new Map<number, number>();
  if (!keys.length) return result;
  for (const [t, values] of view.good) {
    let sum = 0;
    let present = false;
    for (const key of keys) {
      const value = values[key];
      if (value === undefined || !Number.isFinite(value)) continue;
      sum += value;
      present = true;
    }
    if (present) result.set(t, sum);
  }
  return result;
}

/** One series' values as [t, value] points in time order. */
export function pointsOf(view: SourceView, key: string): [number, number][] {
  const points: [number, number][] = [];
  for (const [t, values] of view.good) {
    const value = values[key];
    if (value !== undefined && Number.isFinite(value)) points.push([t, value]);
  }
  return points.sort((a, b) => a[0] - b[0]);
}

export interface Usage {
  used: number;
  limit: number;
  share: number;
}

/**
 * A resource's use against its ceiling per second. The ceiling's last known value fills the
 * seconds it was not read (limits rarely change); `fixedLimit` (the cores the user said the
 * source may use) wins over any series, since the user knows the quota the exporter may not.
 */
export function usageOf(view: SourceView, usedRole: TelemetryRole, limitRole: TelemetryRole, fixedLimit?: number): Map<number, Usage> {
  const used = roleSum(view, usedRole);
  const limits = roleSum(view, limitRole);
  const result = new Map<number, Usage>();
  let limit: number | undefined = fixedLimit;
  for (const t of [...used.keys()].sort((a, b) => a - b)) {
    if (fixedLimit === undefined) limit = limits.get(t) ?? limit;
    if (limit === undefined || limit <= 0) continue;
    const value = used.get(t)!;
    result.set(t, { used: value, limit, share: value / limit });
  }
  return result;
}

/** CPU cores busy against the cores the source may use: the user's figure, else its limit series. */
export const cpuUsage = (view: SourceView) => usageOf(view, 'cpu_cores', 'cpu_limit_cores', view.catalog.cpuCores);

/**
 * The first second of the first stretch of at least `hold` consecutive seconds (a missing
 * second breaks it) whose share is at or above `threshold`, with the stretch's length and
 * peak; null when there is none. A single busy second is a blip, not saturation.
 */
export function firstSustained(
  usage: Map<number, Usage>,
  threshold: number,
  hold: number,
  within: (t: number) => boolean,
): { start: number; seconds: number; peak: Usage } | null {
  const times = [...usage.keys()].filter(within).sort((a, b) => a - b);
  for (let i = 0; i < times.length; i++) {
    if (usage.get(times[i]!)!.share < threshold) continue;
    let j = i;
    while (j + 1 < times.length && times[j + 1] === times[j]! + 1 && usage.get(times[j + 1]!)!.share >= threshold) j++;
    if (j - i + 1 >= hold) {
      let peak = usage.get(times[i]!)!;
      for (let k = i; k <= j; k++) if (usage.get(times[k]!)!.share > peak.share) peak = usage.get(times[k]!)!;
      return { start: times[i]!, seconds: j - i + 1, peak };
    }
    i = j;
  }
  return null;
}

/** The scenario running at `t`: the one started last among those running, if any. */
export function phaseAt(phases: TelemetryFindingsInput['phases'], t: number): string | undefined {
  let found: TelemetryFindingsInput['phases'][number] | undefined;
  for (const phase of phases) if (phase.start <= t && t <= phase.end && (!found || phase.start >= found.start)) found = phase;
  return found?.name;
}

/**
 * "during peak", or where `t` lies against the load when no named scenario ran then (k6's
 * unnamed scenario is "default": "during default" would tell nothing).
 */
export function whenWords(input: Pick<TelemetryFindingsInput, 'phases' | 'loadStart' | 'loadEnd'>, t: number): string {
  const phase = phaseAt(input.phases, t);
  if (phase !== undefined && phase !== 'default') return `during ${phase}`;
  if (t < input.loadStart) return 'before the load';
  if (t > input.loadEnd) return 'after the load';
  return 'during the load';
}
