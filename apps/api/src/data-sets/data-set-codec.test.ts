import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { StoredJsonError } from '@loadline/shared';
import { decodeCells, encodeCells, mergeSecretCells } from './data-set-codec.js';

const columns = [
  { name: 'user', secret: false },
  { name: 'token', secret: true },
  { name: 'tier', secret: false },
];
const rows = [
  ['alice', 'tok-a', 'gold'],
  ['bob', 'tok-b', 'basic'],
];

describe('data set cells codec', () => {
  it('keeps secret cells out of the public part and puts them back from the secret part', async () => {
    const encoded = await encodeCells(columns, rows);
    expect(gunzipSync(encoded.rows).toString()).toBe('{"v":1,"rows":[["alice","","gold"],["bob","","basic"]]}');
    expect(gunzipSync(encoded.secrets!).toString()).toBe('{"v":1,"rows":[["tok-a"],["tok-b"]]}');
    const publicRows = await decodeCells('DataSetVersion.rows', encoded.rows, 'v1');
    const secretRows = await decodeCells('DataSetVersion.sealedSecrets', encoded.secrets!, 'v1');
    expect(mergeSecretCells(columns, publicRows, secretRows, 'v1')).toEqual(rows);
  });

  it('has no secret part when no column is secret', async () => {
    const encoded = await encodeCells([{ name: 'user', secret: false }], [['alice']]);
    expect(encoded.secrets).toBeNull();
    expect(await decodeCells('DataSetVersion.rows', encoded.rows, 'v1')).toEqual([['alice']]);
  });

  it('refuses what it did not write: another version, another shape, not gzip, a secret part of the wrong length', async () => {
    const gz = (value: unknown) => gzipSync(Buffer.from(JSON.stringify(value)));
    await expect(decodeCells('DataSetVersion.rows', gz({ v: 2, rows: [] }), 'x')).rejects.toThrow(/no version 2/);
    await expect(decodeCells('DataSetVersion.rows', gz({ v: 1, rows: [[1]] }), 'x')).rejects.toBeInstanceOf(StoredJsonError);
    await expect(decodeCells('DataSetVersion.rows', Buffer.from('plain'), 'x')).rejects.toBeInstanceOf(StoredJsonError);
    expect(() => mergeSecretCells(columns, [['a', '', 'b']], [], 'x')).toThrow(StoredJsonError);
  });
});
