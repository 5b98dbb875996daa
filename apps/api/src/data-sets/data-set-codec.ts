import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { StoredJsonError, decodeStored, type DataColumn } from '@loadline/shared';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * How a data set version's cells are stored (DataSetVersion.rows / sealedSecrets), in one
 * place: gzip'd JSON `{"v":1,"rows":string[][]}`. The public part keeps every cell with the
 * secret ones emptied; the secret part keeps only the secret columns' cells, in row order,
 * and is sealed by the caller (SecretBox.sealBytes) before it is written. Async gzip: a 50 MB
 * upload must not stall the event loop.
 */
export interface EncodedCells {
  rows: Buffer;
  /** Null when no column is secret. Plain gzip here: the repository seals it. */
  secrets: Buffer | null;
}

const STORED_CELLS_VERSION = 1;

export async function encodeCells(columns: readonly DataColumn[], rows: readonly string[][]): Promise<EncodedCells> {
  const secretAt = columns.flatMap((column, index) => (column.secret ? [index] : []));
  if (secretAt.length === 0) return { rows: await gzipJson(rows), secrets: null };
  const secretSet = new Set(secretAt);
  const open = rows.map((row) => row.map((cell, index) => (secretSet.has(index) ? '' : cell)));
  const secret = rows.map((row) => secretAt.map((index) => row[index] ?? ''));
  return { rows: await gzipJson(open), secrets: await gzipJson(secret) };
}

async function gzipJson(rows: readonly string[][]): Promise<Buffer> {
  return gzipAsync(Buffer.from(JSON.stringify({ v: STORED_CELLS_VERSION, rows }), 'utf8'));
}

/** Un-gzips and decodes one stored table strictly: an unknown `v` or a wrong shape is a StoredJsonError naming the column. */
export async function decodeCells(column: 'DataSetVersion.rows' | 'DataSetVersion.sealedSecrets', stored: Uint8Array, rowId: string): Promise<string[][]> {
  let raw: { v?: unknown };
  try {
    raw = JSON.parse((await gunzipAsync(stored)).toString('utf8')) as { v?: unknown };
  } catch (error) {
    throw new StoredJsonError(column, 0, rowId, [`not gzip'd JSON: ${(error as Error).message}`]);
  }
  const version = typeof raw?.v === 'number' ? raw.v : 0;
  return decodeStored(column, raw, version, rowId).rows;
}

/** Puts the secret columns' cells (as encodeCells split them off) back into the public rows. */
export function mergeSecretCells(columns: readonly DataColumn[], rows: string[][], secretRows: readonly string[][], rowId: string): string[][] {
  const secretAt = columns.flatMap((column, index) => (column.secret ? [index] : []));
  if (secretRows.length !== rows.length) {
    throw new StoredJsonError('DataSetVersion.sealedSecrets', STORED_CELLS_VERSION, rowId, [`${secretRows.length} rows of secrets for ${rows.length} rows`]);
  }
  return rows.map((row, r) => {
    const merged = row.slice();
    const secrets = secretRows[r]!;
    secretAt.forEach((index, s) => {
      merged[index] = secrets[s] ?? '';
    });
    return merged;
  });
}
