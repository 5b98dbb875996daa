import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { DataSliceError, openDataSliceStream, sealDataSlice } from './run-data.js';

const KEY = 'k'.repeat(40);
const open = (key: string, run: string, set: string, segment: number, sealed: Buffer) => text(openDataSliceStream(key, run, set, segment, sealed));

describe('data slices sealed for runners', () => {
  it('open only for the same run, set and segment, under the same key', async () => {
    const file = '{"set":"users","version":1,"columns":["token"],"rows":[\n["s3cr3t-value"]\n]}\n';
    const sealed = sealDataSlice(KEY, 'run1', 'users', 2, file);
    expect(sealed.includes(Buffer.from('s3cr3t-value'))).toBe(false);
    expect(await open(KEY, 'run1', 'users', 2, sealed)).toBe(file);
    for (const [key, run, set, segment] of [
      ['x'.repeat(40), 'run1', 'users', 2],
      [KEY, 'run2', 'users', 2],
      [KEY, 'run1', 'orders', 2],
      [KEY, 'run1', 'users', 1],
    ] as const) {
      await expect(open(key, run, set, segment, sealed)).rejects.toThrow(DataSliceError);
    }
    expect(() => openDataSliceStream(KEY, 'run1', 'users', 2, Buffer.from('plain text, not sealed at all'))).toThrow(DataSliceError);
  });

  it('streams a slice of several mebibytes whole, and refuses one whose bytes were changed', async () => {
    // Random cells do not compress: the sealed slice spans several of the stream's 1 MiB chunks.
    const rows = Array.from({ length: 60_000 }, () => `["${randomBytes(48).toString('base64')}"]`);
    const file = `{"set":"users","version":1,"columns":["token"],"rows":[\n${rows.join(',\n')}\n]}\n`;
    const sealed = sealDataSlice(KEY, 'run1', 'users', 0, file);
    expect(sealed.length).toBeGreaterThan(2 << 20);
    expect(await open(KEY, 'run1', 'users', 0, sealed)).toBe(file);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 10]! ^= 1;
    await expect(open(KEY, 'run1', 'users', 0, tampered)).rejects.toThrow(DataSliceError);
  });
});
