import { describe, expect, it } from 'vitest';
import { DATA_EXHAUSTED_MARKER, encodeDataFile, exhaustedSetOf, partRange, segmentRows } from './data-slices.js';
import { combineDataUsage, describeDataUse, segmentDataUsage, type RunDataUse } from './data-usage.js';

describe('partRange', () => {
  it('tiles the rows between parts without overlap or gap, as k6 splits execution segments', () => {
    for (const [n, count] of [
      [3000, 3],
      [10, 3],
      [2, 5],
      [0, 4],
      [1_000_000, 32],
    ] as const) {
      let next = 0;
      for (let i = 0; i < count; i++) {
        const [start, end] = partRange(n, i, count);
        expect(start).toBe(next);
        expect(end).toBeGreaterThanOrEqual(start);
        next = end;
      }
      expect(next).toBe(n);
    }
    expect([0, 1, 2].map((i) => partRange(10, i, 3))).toEqual([
      [0, 3],
      [3, 6],
      [6, 10],
    ]);
  });

  it('refuses parts that do not exist', () => {
    expect(() => partRange(10, 3, 3)).toThrow(RangeError);
    expect(() => partRange(-1, 0, 1)).toThrow(RangeError);
  });

  it('gives each segment its own rows', () => {
    const rows = Array.from({ length: 7 }, (_, i) => [String(i)]);
    expect([0, 1].map((i) => segmentRows(rows, i, 2).map((row) => row[0]))).toEqual([
      ['0', '1', '2'],
      ['3', '4', '5', '6'],
    ]);
  });
});

describe('data files', () => {
  it('are JSON a script can parse whole, one row per line', () => {
    const text = encodeDataFile(
      'users',
      2,
      ['id', 'name'],
      [
        ['1', 'Zoë "z"'],
        ['2', 'a,b\nc'],
      ],
    );
    expect(JSON.parse(text)).toEqual({
      set: 'users',
      version: 2,
      columns: ['id', 'name'],
      rows: [
        ['1', 'Zoë "z"'],
        ['2', 'a,b\nc'],
      ],
    });
    expect(text.split('\n')).toHaveLength(5);
    expect([...text.slice(text.indexOf('\n'))].every((char) => char.charCodeAt(0) < 0x7f)).toBe(true);
    expect(JSON.parse(encodeDataFile('empty', 1, ['id'], [])).rows).toEqual([]);
  });

  it('the exhaustion message names its set', () => {
    expect(exhaustedSetOf(`test aborted: ${DATA_EXHAUSTED_MARKER} users ran out after 800 rows`)).toBe('users');
    expect(exhaustedSetOf('test aborted: something else')).toBeNull();
  });
});

describe('rows used', () => {
  const evidence = {
    rows: 1000,
    whenExhausted: 'stop' as const,
    scenarios: ['a', 'b'],
    iterations: new Map([
      ['a', 300],
      ['b', 700],
    ]),
    vusMax: 20,
    aborted: false,
  };

  it('unique: each scenario up to its own part; past it, stopped or wrapped as the plan says', () => {
    expect(segmentDataUsage('users', { ...evidence, mode: 'unique' })).toEqual({ set: 'users', rowsUsed: 800, exhausted: null });
    expect(segmentDataUsage('users', { ...evidence, mode: 'unique', aborted: true })).toEqual({ set: 'users', rowsUsed: 800, exhausted: 'stopped' });
    expect(segmentDataUsage('users', { ...evidence, mode: 'unique', whenExhausted: 'wrap' })).toEqual({ set: 'users', rowsUsed: 800, exhausted: 'wrapped' });
  });

  it('per-vu: one row per VU; sequential: as far as the furthest scenario got; random: not counted', () => {
    expect(segmentDataUsage('users', { ...evidence, mode: 'per-vu' }).rowsUsed).toBe(20);
    expect(segmentDataUsage('users', { ...evidence, mode: 'sequential' }).rowsUsed).toBe(700);
    expect(segmentDataUsage('users', { ...evidence, mode: 'random' }).rowsUsed).toBeNull();
  });

  it('adds the segments up for the report, and says when rows ran out', () => {
    const use: RunDataUse = { set: 'users', version: 3, mode: 'unique', whenExhausted: 'stop', rows: 3000, rowsUsed: null, exhausted: null };
    const [run] = combineDataUsage(
      [use],
      [
        [{ set: 'users', rowsUsed: 800, exhausted: null }],
        [{ set: 'users', rowsUsed: 800, exhausted: 'stopped' }],
        [{ set: 'users', rowsUsed: 800, exhausted: null }],
      ],
      3,
    );
    expect(run).toEqual({ ...use, rowsUsed: 2400, exhausted: 'stopped' });
    expect(describeDataUse(run!)).toBe('Data set users (v3) ran out after 2,400 rows: the run stopped, as the plan says.');
    expect(combineDataUsage([use], [[{ set: 'users', rowsUsed: 800, exhausted: null }], undefined], 2)[0]!.rowsUsed).toBeNull();
    expect(describeDataUse({ ...use, rowsUsed: 2400 })).toBe('Data set users (v3, unique): 2,400 of 3,000 rows used.');
  });
});
