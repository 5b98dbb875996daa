import { describe, expect, it } from 'vitest';
import { decodeStoredMinute, StoredJsonError } from '../stored-json.js';
import { packMinute, unpackMinute } from './stored-pack.js';
import type { TelemetryMinute } from './stored.js';

/** A deterministic generator (LCG), so a failing case can be replayed. */
function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const row = (fill: (offset: number) => number | null) => Array.from({ length: 60 }, (_, offset) => fill(offset));
const allOffsets = Array.from({ length: 60 }, (_, i) => i);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('packed telemetry minutes (stored version 2)', () => {
  it('gives back exactly the minute it packed: nulls, negatives, zeros, mixed scales, whole start times, errors and resets', () => {
    const minute: TelemetryMinute = {
      v: 1,
      keys: [
        'cpu',
        'rss',
        'process_start_time_seconds',
        'http_requests_total{route="/a"}',
        'http_requests_total{route="/ab"}',
        'delta',
        'zero',
        'ünïcode{x="😀"}',
        'ünïcode{x="😁"}',
        'gone',
      ],
      at: [0, 1, 2, 5, 7, 30, 58, 59],
      values: [
        row((i) => [0.5, 0.625, 0.75, 1.25, 2, 0.0001235, 3.142, 11.5][[0, 1, 2, 5, 7, 30, 58, 59].indexOf(i)] ?? null),
        row(() => 123_500_000),
        row(() => 1_764_205_123.25),
        row((i) => (i === 5 ? null : i * 1.5)),
        row((i) => (i % 2 ? 1e-7 : 9.999e12)),
        row((i) => (i % 3) - 1.5),
        row(() => 0),
        row((i) => (i === 7 ? 42 : null)),
        row((i) => (i === 58 ? -42 : null)),
        row(() => null),
      ],
      errors: [[30, 'TIMEOUT', 'no answer in 2 s']],
      resets: [[7, ['http_requests_total{route="/a"}']]],
    };
    const unpacked = unpackMinute(packMinute(minute));
    expect(unpacked).toEqual({ ...minute, values: minute.values.map((values) => values.map((value, offset) => (minute.at.includes(offset) ? value : null))) });
  });

  it('keeps a value no common exponent fits as it was (a value kept whole, unrounded)', () => {
    const minute: TelemetryMinute = { v: 1, keys: ['raw'], at: [0, 1, 2], values: [row((i) => [Math.PI * 1e9, Math.E / 1e9, -1 / 3][i] ?? null)], errors: [] };
    expect(unpackMinute(packMinute(minute)).values[0]!.slice(0, 3)).toEqual([Math.PI * 1e9, Math.E / 1e9, -1 / 3]);
  });

  it('packs ranges up to the widest safe integers without losing a bit', () => {
    for (const top of [2 ** 50 + 1, 2 ** 52 + 3, 2 ** 53 - 1, 255, 256, 257]) {
      const minute: TelemetryMinute = { v: 1, keys: ['wide'], at: [0, 1, 2], values: [row((i) => [0, top, top - 1][i] ?? null)], errors: [] };
      expect(unpackMinute(packMinute(minute)).values[0]!.slice(0, 3)).toEqual([0, top, top - 1]);
    }
  });

  it('round-trips random minutes at 4 significant digits', () => {
    const random = lcg(7);
    for (let run = 0; run < 200; run++) {
      const at = allOffsets.filter(() => random() < 0.9);
      const keys = Array.from({ length: 1 + Math.floor(random() * 50) }, (_, k) => `metric_${k}{pod="p-${k % 3}"}`);
      const values = keys.map(() => {
        const scale = 10 ** Math.floor(random() * 24 - 12);
        return row((offset) => (at.includes(offset) && random() < 0.95 ? Number(((random() - 0.3) * scale).toPrecision(4)) : null));
      });
      const minute: TelemetryMinute = { v: 1, keys, at, values, errors: [] };
      expect(unpackMinute(packMinute(minute))).toEqual(minute);
    }
  });

  it('stores a series that did not change once, and a minute of 50 moving series in about a fifth of its JSON', () => {
    const steady: TelemetryMinute = { v: 1, keys: ['a', 'b'], at: allOffsets, values: [row(() => 1_234), row(() => 0.5)], errors: [] };
    // version byte, 2 keys of one letter (head, tail, length, letter), 8 bytes of offsets,
    // 2 x (header, base of up to 2 bytes, width), the empty tail.
    expect(packMinute(steady).length).toBeLessThanOrEqual(1 + 1 + 2 * 4 + 8 + 2 * 4 + 1);
    const random = lcg(42);
    const keys = Array.from({ length: 50 }, (_, k) => `metric_${k}{pod="p-${k % 3}"}`);
    const moving: TelemetryMinute = {
      v: 1,
      keys,
      at: allOffsets,
      values: keys.map((_, k) => row(() => Number((10 ** (k % 9) * (1 + random())).toPrecision(4)))),
      errors: [],
    };
    expect(packMinute(moving).length).toBeLessThan(JSON.stringify(moving).length / 4);
  });

  it('reads version-1 rows (JSON text) and version-2 rows (packed) through stored-json.ts, and refuses what is neither', () => {
    const minute: TelemetryMinute = { v: 1, keys: ['cpu'], at: [3], values: [row((i) => (i === 3 ? 1.5 : null))], errors: [] };
    expect(decodeStoredMinute(utf8(JSON.stringify(minute)))).toEqual(minute);
    expect(decodeStoredMinute(packMinute(minute))).toEqual(minute);
    const packed = packMinute(minute);
    expect(() => decodeStoredMinute(packed.subarray(0, packed.length - 2), 'r/api/1')).toThrow(StoredJsonError);
    expect(() => decodeStoredMinute(Uint8Array.from([2, 0, ...new Uint8Array(8), 0, 9]))).toThrow(/bytes after the end|cut short/);
    expect(() => decodeStoredMinute(Uint8Array.from([9, 1, 2]))).toThrow(/no version 9/);
    expect(() => decodeStoredMinute(utf8('{"v":1,'))).toThrow(StoredJsonError);
    // Too many keys for a minute: refused by version 1's bounds, packed or not.
    const wide: TelemetryMinute = {
      v: 1,
      keys: Array.from({ length: 51 }, (_, k) => `k${k}`),
      at: [],
      values: Array.from({ length: 51 }, () => row(() => null)),
      errors: [],
    };
    expect(() => decodeStoredMinute(packMinute(wide))).toThrow(/keys/);
  });
});
