import { ByteReader, ByteWriter, PackedBytesError } from './packed-bytes.js';
import { packSecond, unpackSecond } from './second-pack.js';
import type { SecondSample } from './series.js';

/**
 * Version 2 of a finished run's merged seconds (RunDigest.seconds, what comparisons resample):
 * the seconds one after another, each packed as a stored second is (second-pack.ts), instead
 * of version 1's gzip'd JSON array, which was several times the size of the run's own seconds.
 *
 * Layout: byte 2 (version 1 is gzip, whose first byte is 0x1f), varint n, then n times a
 * varint length and that many bytes of packSecond (no generator).
 */
export const PACKED_SECOND_LIST_VERSION = 2;
const MAX_SECONDS = 10_000_000;

export function packSecondList(seconds: readonly SecondSample[]): Uint8Array<ArrayBuffer> {
  const out = new ByteWriter();
  out.byte(PACKED_SECOND_LIST_VERSION);
  out.varint(seconds.length);
  for (const second of seconds) {
    const bytes = packSecond(second, null);
    out.varint(bytes.length);
    out.raw(bytes);
  }
  return out.done();
}

/** The seconds packSecondList wrote, not yet held to the sample's schema; throws PackedBytesError on bytes it did not write. */
export function unpackSecondList(bytes: Uint8Array): unknown[] {
  const input = new ByteReader(bytes);
  const version = input.byte();
  if (version !== PACKED_SECOND_LIST_VERSION) throw new PackedBytesError(`not version ${PACKED_SECOND_LIST_VERSION} (first byte ${version})`);
  const count = input.bounded(MAX_SECONDS, 'seconds');
  const seconds: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const { sample, generator } = unpackSecond(input.raw(input.varint()));
    if (generator !== null) throw new PackedBytesError('a merged second with a generator reading');
    seconds.push(sample);
  }
  if (!input.atEnd) throw new PackedBytesError('bytes after the end');
  return seconds;
}
