import type { TelemetryCatalog, TelemetryReadError, TelemetryRole, TelemetrySecond, TelemetrySeries } from '../sample.js';
import type { TelemetryFindingsInput } from './index.js';

/** Builders of synthetic telemetry for the findings' tests: the tests set the ground truth. */

/** The load's first second (Unix); test times are offsets from it. */
export const T0 = 1_700_000_000;

export function series(key: string, role?: TelemetryRole, kind: TelemetrySeries['kind'] = 'gauge'): TelemetrySeries {
  return { key, kind, unit: 'none', ...(role ? { role } : {}) };
}

export function catalog(source: string, kept: TelemetrySeries[], extra: Partial<TelemetryCatalog> = {}): TelemetryCatalog {
  return { source, kind: 'scrape', series: kept, ...extra };
}

/** What one second of a source was: its values, or a failed read. */
export type Reading = Record<string, number> | { error: TelemetryReadError };

/** A source's seconds from offset `from` to `to` (inclusive), each made by `at(offset)`. */
export function seconds(source: string, from: number, to: number, at: (offset: number) => Reading): TelemetrySecond[] {
  const result: TelemetrySecond[] = [];
  for (let offset = from; offset <= to; offset++) {
    const reading = at(offset);
    const error = 'error' in reading ? reading.error : undefined;
    result.push(
      typeof error === 'string'
        ? { v: 1, t: T0 + offset, source, values: {}, error: { code: error, message: `read failed: ${error}` } }
        : { v: 1, t: T0 + offset, source, values: reading as Record<string, number> },
    );
  }
  return result;
}

type LoadSecond = TelemetryFindingsInput['load'][number];

/** The load's seconds from offset 0 to `to`, each made by `at(offset)` (VUs 10, 100 rps, p95 20 ms unless said). */
export function load(to: number, at: (offset: number) => Partial<LoadSecond> = () => ({})): LoadSecond[] {
  return Array.from({ length: to + 1 }, (_, offset) => ({ t: T0 + offset, vus: 10, rps: 100, p95: 20, errorRate: 0, ...at(offset) }));
}

/** A run of `duration` seconds of load with the given sources; no generator, one phase, no knee unless said. */
export function findingsInput(duration: number, partial: Partial<TelemetryFindingsInput> = {}): TelemetryFindingsInput {
  return {
    loadStart: T0,
    loadEnd: T0 + duration - 1,
    sources: [],
    load: load(duration - 1),
    generator: [],
    phases: [{ name: 'default', start: T0, end: T0 + duration - 1 }],
    knee: null,
    ...partial,
  };
}

/** A small deterministic wobble in [-1, 1], so the series are not perfectly smooth. */
export const wobble = (offset: number) => Math.sin(offset * 1.7) * Math.cos(offset * 0.3);
