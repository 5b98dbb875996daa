import { describe, expect, it } from 'vitest';
import { DataSliceError, openDataSlice, sealDataSlice } from './run-data.js';

const KEY = 'k'.repeat(40);

describe('data slices sealed for runners', () => {
  it('open only for the same run, set and segment, under the same key', () => {
    const file = '{"set":"users","version":1,"columns":["token"],"rows":[\n["s3cr3t-value"]\n]}\n';
    const sealed = sealDataSlice(KEY, 'run1', 'users', 2, file);
    expect(sealed.includes(Buffer.from('s3cr3t-value'))).toBe(false);
    expect(openDataSlice(KEY, 'run1', 'users', 2, sealed).toString('utf8')).toBe(file);
    for (const [key, run, set, segment] of [
      ['x'.repeat(40), 'run1', 'users', 2],
      [KEY, 'run2', 'users', 2],
      [KEY, 'run1', 'orders', 2],
      [KEY, 'run1', 'users', 1],
    ] as const) {
      expect(() => openDataSlice(key, run, set, segment, sealed)).toThrow(DataSliceError);
    }
    expect(() => openDataSlice(KEY, 'run1', 'users', 2, Buffer.from('plain text, not sealed at all'))).toThrow(DataSliceError);
  });
});
