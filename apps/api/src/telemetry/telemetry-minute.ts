import { TELEMETRY_LIMITS, type RunTelemetrySource, type TelemetryCatalog, type TelemetryMinute, type TelemetrySecond } from '@loadline/shared';

/**
 * How one source's seconds are kept: one row per minute (telemetry/stored.ts, stored packed:
 * telemetry/stored-pack.ts), each value rounded to the significant digits its kind carries
 * (`precisionOf`): a chart or a finding reads nothing finer, and every digit kept costs about
 * 3.3 bits of the budget of 20 KB per run-minute. Pure.
 */

export const minuteOf = (t: number) => Math.floor(t / 60);

/**
 * Significant digits kept of a series' values, or 'whole' (to the millisecond):
 * - a start time (process_start_time_seconds) is compared to the second: rounding a Unix
 *   time would hide every restart, or make one where the rounding changes: whole;
 * - a rate (a counter's increase over the ~1 s between two reads) and a histogram's p95
 *   (interpolated inside a bucket whose bounds are often 2x apart) carry no more than 3;
 * - a gauge as read (memory, queue depth, connections) keeps 4, so that a slow leak or a
 *   backlog's growth still shows: 0.01 % of 1 GB is 100 KB.
 * Known from the catalog; before it arrived (the consumer takes results in parallel, so a
 * second can come first) nothing is known of a series, so every value is kept whole then.
 */
export function precisionOf(key: string, catalog: TelemetryCatalog | null): number | 'whole' {
  if (!catalog) return 'whole';
  const series = catalog.series.find((entry) => entry.key === key);
  if (series?.role === 'start_time' || /start_time/.test(key)) return 'whole';
  return series?.kind === 'rate' || series?.kind === 'p95' ? 3 : 4;
}

export function roundValue(value: number, precision: number | 'whole'): number {
  if (!Number.isFinite(value)) return value;
  if (precision === 'whole') return Math.round(value * 1000) / 1000;
  return value === 0 ? 0 : Number(value.toPrecision(precision));
}

const emptyMinute = (): TelemetryMinute => ({ v: 1, keys: [], at: [], values: [], errors: [] });

/**
 * The minute with one second merged in. A second already there is replaced by the same
 * values (a redelivered job changes nothing). At most TELEMETRY_LIMITS.maxKeptSeries keys:
 * the catalog's first, when it is known, else the first that came; others are dropped.
 * Non-finite values (NaN from an empty histogram) are kept as null.
 */
export function mergeSecond(current: TelemetryMinute | null, second: TelemetrySecond, catalog: TelemetryCatalog | null): TelemetryMinute {
  const minute = current ? structuredClone(current) : emptyMinute();
  const offset = second.t - minuteOf(second.t) * 60;
  const allowed = catalog ? new Set(catalog.series.slice(0, TELEMETRY_LIMITS.maxKeptSeries).map((series) => series.key)) : null;
  for (const [key, raw] of Object.entries(second.values)) {
    if (allowed && !allowed.has(key) && !minute.keys.includes(key)) continue;
    let index = minute.keys.indexOf(key);
    if (index < 0) {
      if (minute.keys.length >= TELEMETRY_LIMITS.maxKeptSeries) continue;
      index = minute.keys.push(key) - 1;
      minute.values.push(Array<number | null>(60).fill(null));
    }
    minute.values[index]![offset] = Number.isFinite(raw) ? roundValue(raw, precisionOf(key, catalog)) : null;
  }
  if (!minute.at.includes(offset)) {
    minute.at.push(offset);
    minute.at.sort((a, b) => a - b);
  }
  minute.errors = minute.errors.filter(([at]) => at !== offset);
  const resets = (minute.resets ?? []).filter(([at]) => at !== offset);
  if (second.resets?.length) resets.push([offset, second.resets.slice(0, 200)]);
  if (resets.length) minute.resets = resets.sort((a, b) => a[0] - b[0]);
  else delete minute.resets;
  if (second.error) {
    minute.errors.push([offset, second.error.code, second.error.message.slice(0, 500)]);
    minute.errors.sort((a, b) => a[0] - b[0]);
  }
  return minute;
}

/**
 * A source's stored minutes as the seconds the runner sent (for the findings), in time order.
 * With its catalog, only the series it describes: the runner keys every value as its catalog
 * does, and a second stored before the catalog arrived may hold one it then left out.
 */
export function secondsOf(
  source: string,
  minutes: readonly { minute: number; data: TelemetryMinute }[],
  catalog: TelemetryCatalog | null = null,
): TelemetrySecond[] {
  const described = catalog ? new Set(catalog.series.map((series) => series.key)) : null;
  const seconds: TelemetrySecond[] = [];
  for (const { minute, data } of [...minutes].sort((a, b) => a.minute - b.minute)) {
    const errors = new Map(data.errors.map(([at, code, message]) => [at, { code, message }]));
    const resets = new Map(data.resets ?? []);
    for (const at of data.at) {
      const values: Record<string, number> = {};
      data.keys.forEach((key, k) => {
        if (described && !described.has(key)) return;
        const value = data.values[k]![at];
        if (value !== null && value !== undefined) values[key] = value;
      });
      const error = errors.get(at);
      const reset = resets.get(at);
      seconds.push({ v: 1, t: minute * 60 + at, source, values, ...(reset?.length ? { resets: reset } : {}), ...(error ? { error } : {}) });
    }
  }
  return seconds;
}

/**
 * One source as charts read it: every second read on one axis, each series (the catalog's
 * first, then any the catalog does not describe, up to the limit) aligned to it.
 */
export function sourceView(
  source: { source: string; kind: 'scrape' | 'promql'; catalog: TelemetryCatalog | null; refused: string | null; registeredAt: number },
  seconds: readonly TelemetrySecond[],
): RunTelemetrySource {
  const described = source.catalog?.series ?? [];
  const keys = new Set(described.map((series) => series.key));
  const extra = [...new Set(seconds.flatMap((second) => Object.keys(second.values)))].filter((key) => !keys.has(key)).sort();
  const series = [...described, ...extra.map((key) => ({ key, kind: 'gauge' as const, unit: 'none' as const }))].slice(0, TELEMETRY_LIMITS.maxKeptSeries);
  const errors = seconds.flatMap((second) => (second.error ? [{ t: second.t, code: second.error.code, message: second.error.message }] : []));
  if (source.refused) errors.unshift({ t: source.registeredAt, code: 'NOT_ALLOWED', message: source.refused });
  return {
    source: source.source,
    kind: source.kind,
    cpuCores: source.catalog?.cpuCores ?? null,
    t: seconds.map((second) => second.t),
    series: series.map((entry) => ({ ...entry, values: seconds.map((second) => second.values[entry.key] ?? null) })),
    errors,
  };
}
