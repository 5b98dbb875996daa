import { describe, expect, it } from 'vitest';
import { TELEMETRY_LIMITS, telemetryMinuteSchema, type TelemetryCatalog, type TelemetrySecond } from '@loadline/shared';
import { mergeSecond, secondsOf, sourceView } from './telemetry-minute.js';

const T0 = 29_403_420 * 60; // the start of a minute
const second = (t: number, values: Record<string, number>, error?: TelemetrySecond['error']): TelemetrySecond => ({
  v: 1,
  t,
  source: 'api',
  values,
  ...(error ? { error } : {}),
});
const catalog: TelemetryCatalog = {
  source: 'api',
  kind: 'scrape',
  cpuCores: 4,
  series: [
    { key: 'cpu', kind: 'rate', role: 'cpu_cores', unit: 'cores' },
    { key: 'process_start_time_seconds', kind: 'gauge', role: 'start_time', unit: 'seconds' },
  ],
};

describe('telemetry minutes', () => {
  it('keeps each second at its offset, rates and p95s to 3 significant digits, gauges to 4, start times whole', () => {
    const described: TelemetryCatalog = {
      ...catalog,
      series: [...catalog.series, { key: 'rss', kind: 'gauge', role: 'memory_bytes', unit: 'bytes' }, { key: 'p95', kind: 'p95', unit: 'seconds' }],
    };
    let minute = mergeSecond(
      null,
      second(T0 + 5, { cpu: 3.14159265, process_start_time_seconds: 1_764_205_123.25, rss: 123_456_789, p95: 0.0123456 }),
      described,
    );
    minute = mergeSecond(minute, second(T0 + 2, { cpu: 0.000123456 }), described);
    expect(telemetryMinuteSchema.parse(minute)).toEqual(minute);
    expect(minute.at).toEqual([2, 5]);
    expect(minute.keys).toEqual(['cpu', 'process_start_time_seconds', 'rss', 'p95']);
    expect(minute.values.map((values) => values[5])).toEqual([3.14, 1_764_205_123.25, 123_500_000, 0.0123]);
    expect(minute.values[0]![2]).toBe(0.000123);
    // A series the catalog does not describe (stored before it arrived) is left out once it is known.
    const early = mergeSecond(minute, second(T0 + 9, { stray: 1 }), null);
    expect(secondsOf('api', [{ minute: T0 / 60, data: early }], described).map((entry) => entry.values)).toEqual([
      { cpu: 0.000123 },
      { cpu: 3.14, process_start_time_seconds: 1_764_205_123.25, rss: 123_500_000, p95: 0.0123 },
      {},
    ]);
    expect(secondsOf('api', [{ minute: T0 / 60, data: minute }])).toEqual([
      second(T0 + 2, { cpu: 0.000123 }),
      second(T0 + 5, { cpu: 3.14, process_start_time_seconds: 1_764_205_123.25, rss: 123_500_000, p95: 0.0123 }),
    ]);
  });

  it('keeps a second that came before its catalog whole: a start time rounded to 4 digits would read as a restart', () => {
    const early = mergeSecond(null, second(T0 + 1, { 'started{job="api"}': 1_795_749_545.355, cpu: 0.123456 }), null);
    expect(early.values.map((values) => values[1])).toEqual([1_795_749_545.355, 0.123]);
  });

  it('is idempotent: the same second twice is the same row', () => {
    const once = mergeSecond(null, second(T0 + 7, { cpu: 1 }, { code: 'TIMEOUT', message: 'slower than 2000 ms' }), null);
    expect(mergeSecond(once, second(T0 + 7, { cpu: 1 }, { code: 'TIMEOUT', message: 'slower than 2000 ms' }), null)).toEqual(once);
    expect(once.errors).toEqual([[7, 'TIMEOUT', 'slower than 2000 ms']]);
  });

  it('keeps the counters that went backwards in a second, and gives them back with it', () => {
    const reset = { ...second(T0 + 12, { cpu: 0.5 }), resets: ['cpu'] };
    let minute = mergeSecond(null, second(T0 + 11, { cpu: 2 }), catalog);
    minute = mergeSecond(minute, reset, catalog);
    expect(mergeSecond(minute, reset, catalog)).toEqual(minute);
    expect(secondsOf('api', [{ minute: T0 / 60, data: telemetryMinuteSchema.parse(minute) }], catalog)).toEqual([second(T0 + 11, { cpu: 2 }), reset]);
  });

  it(`keeps at most ${TELEMETRY_LIMITS.maxKeptSeries} series, the catalog's when it is known`, () => {
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`s${i}`, i]));
    expect(mergeSecond(null, second(T0, many), null).keys).toHaveLength(TELEMETRY_LIMITS.maxKeptSeries);
    expect(mergeSecond(null, second(T0, { ...many, cpu: 1 }), catalog).keys).toEqual(['cpu']);
  });

  it('shows a source on one axis, its catalog first, and a refused source as a read error', () => {
    const seconds = [second(T0, { cpu: 1, other: 2 }), second(T0 + 1, {}, { code: 'REFUSED', message: 'connection refused' }), second(T0 + 2, { cpu: 3 })];
    const view = sourceView({ source: 'api', kind: 'scrape', catalog, refused: null, registeredAt: T0 }, seconds);
    expect(view.t).toEqual([T0, T0 + 1, T0 + 2]);
    expect(view.series.map((series) => [series.key, series.values])).toEqual([
      ['cpu', [1, null, 3]],
      ['process_start_time_seconds', [null, null, null]],
      ['other', [2, null, null]],
    ]);
    expect(view.errors).toEqual([{ t: T0 + 1, code: 'REFUSED', message: 'connection refused' }]);
    const refused = sourceView({ source: 'db', kind: 'scrape', catalog: null, refused: 'not allowed', registeredAt: T0 }, []);
    expect(refused.errors).toEqual([{ t: T0, code: 'NOT_ALLOWED', message: 'not allowed' }]);
  });
});
