import { ByteReader, ByteWriter, PackedBytesError } from './packed-bytes.js';
import { packSecond, unpackSecond, type PackedSecond } from './second-pack.js';

/**
 * Version 3 of RunSecond.packed: a block of a finished run's seconds in one row. A second is
 * about 500 bytes packed at one request name, and PostgreSQL adds ~150 bytes to every row
 * (tuple header, the run's and tenant's ids, the primary-key index entry): a row per second
 * is a quarter overhead. Once a run has finished its seconds do not change, so each segment's
 * seconds are rewritten into blocks of up to BLOCK_SECONDS consecutive ones (RunSecondCompactor).
 *
 * Layout: byte 3 (a version-2 second starts with 2), varint n, then n times a varint length
 * and that many bytes of packSecond (sample and generator reading, as a single row holds them).
 */
export const PACKED_SECOND_BLOCK_VERSION = 3;
/** A block holds seconds t0 .. t0 + BLOCK_SECONDS - 1 at most (t0 its row's t): readers by time rely on it. */
export const BLOCK_SECONDS = 60;

export function packSecondBlock(seconds: readonly PackedSecond[]): Uint8Array<ArrayBuffer> {
  const first = seconds[0]?.sample.t;
  if (first === undefined) throw new PackedBytesError('an empty block');
  const out = new ByteWriter();
  out.byte(PACKED_SECOND_BLOCK_VERSION);
  out.varint(seconds.length);
  for (const { sample, generator } of seconds) {
    if (sample.t < first || sample.t >= first + BLOCK_SECONDS) throw new PackedBytesError(`second ${sample.t} outside the block of ${first}`);
    const bytes = packSecond(sample, generator);
    out.varint(bytes.length);
    out.raw(bytes);
  }
  return out.done();
}

/** The seconds packSecondBlock wrote, not yet held to the sample's schema; throws PackedBytesError on bytes it did not write. */
export function unpackSecondBlock(bytes: Uint8Array): Array<{ sample: unknown; generator: unknown }> {
  const input = new ByteReader(bytes);
  const version = input.byte();
  if (version !== PACKED_SECOND_BLOCK_VERSION) throw new PackedBytesError(`not version ${PACKED_SECOND_BLOCK_VERSION} (first byte ${version})`);
  const count = input.bounded(BLOCK_SECONDS, 'seconds');
  const seconds = Array.from({ length: count }, () => unpackSecond(input.raw(input.varint())));
  if (!input.atEnd) throw new PackedBytesError('bytes after the end');
  return seconds;
}

/**
 * Splits one segment's seconds (oldest first) into blocks: consecutive seconds, each block
 * within BLOCK_SECONDS of its first.
 */
export function blocksOf<T extends { sample: { t: number } }>(seconds: readonly T[]): T[][] {
  const blocks: T[][] = [];
  for (const second of seconds) {
    const block = blocks.at(-1);
    if (block && second.sample.t < block[0]!.sample.t + BLOCK_SECONDS) block.push(second);
    else blocks.push([second]);
  }
  return blocks;
}
