import { z } from 'zod';
import { ByteReader, ByteWriter, PackedBytesError, unzigzag, zigzag } from '../packed-bytes.js';
import { telemetryMinuteSchema, type TelemetryMinute } from './stored.js';

/**
 * Version 2 of a stored telemetry minute (RunTelemetryMinute.data, bytea): the minute packed
 * into bytes, about a fifth of the JSON text of version 1. Written by `packMinute`, read back
 * by `unpackMinute` through stored-json.ts. No general-purpose compressor: this package also
 * runs in the browser (node:zlib is not there), and a series' values fit a frame of reference
 * better than LZ text compression fits their digits. Pure.
 *
 * Layout (varint: unsigned LEB128; zz: zigzag of a signed integer):
 *   byte 2 (the version; a version-1 row is JSON text and starts with "{")
 *   varint key count; per key: varint chars at its start and varint chars at its end that it
 *     shares with the key before, varint UTF-8 length of the rest, the rest (keys of one source
 *     differ in a label or two: `http_requests_total{route="/a",status="200"}`)
 *   8 bytes: the 60 offsets read, one bit each (`at`)
 *   per key, on the offsets read: varint zz(E) * 4 + mode, where a value is n x 10^E exactly
 *   (n an integer: values are stored rounded to 4 significant digits, telemetry-minute.ts):
 *     mode 0: no value in the minute;
 *     mode 1: every offset read has a value; varint zz(base), varint width w, then each
 *             n - base in w bits (LSB first, the series padded to a byte): a series that did
 *             not change in the minute is stored once, in its header (w = 0);
 *     mode 2: as 1, after a bitmap of the offsets read that hold a value;
 *     mode 3: a bitmap as in 2, then each value as a float64 (a value no integer n fits,
 *             e.g. one kept whole from before its catalog arrived).
 *   varint length + UTF-8 JSON `[errors, resets]` of the minute (length 0: neither).
 */
export const PACKED_MINUTE_VERSION = 2;

/** Largest width of n - base (a safe integer's bits). */
const MAX_WIDTH = 53;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Bytes packMinute did not write (a read past the end is the shared reader's PackedBytesError, which this extends). */
export class PackedMinuteError extends PackedBytesError {}

/** A finite value as digits x 10^exponent, from its shortest decimal form (what rounding to 4 digits left). */
function decimal(value: number): { digits: string; exponent: number } {
  if (value === 0) return { digits: '0', exponent: Number.POSITIVE_INFINITY };
  const [mantissa, e] = value.toExponential().split('e') as [string, string];
  const [whole, fraction = ''] = mantissa.split('.') as [string, string?];
  return { digits: whole + fraction, exponent: Number(e) - fraction.length };
}

function bitmap(length: number, has: (i: number) => boolean): Uint8Array {
  const out = new Uint8Array(Math.ceil(length / 8));
  for (let i = 0; i < length; i++) if (has(i)) out[i >> 3]! |= 1 << (i & 7);
  return out;
}
const bitSet = (map: Uint8Array, i: number) => (map[i >> 3]! & (1 << (i & 7))) !== 0;

/** One series' values at the offsets read, as integers n of a common exponent, or null when none fits. */
function asIntegers(present: number[]): { exponent: number; ints: number[] } | null {
  const parts = present.map(decimal);
  const exponent = Math.min(...parts.map((part) => part.exponent));
  if (!Number.isFinite(exponent)) return { exponent: 0, ints: present.map(() => 0) };
  const ints: number[] = [];
  for (const { digits, exponent: e } of parts) {
    const n = digits === '0' || digits === '-0' ? 0 : Number(`${digits}e${e - exponent}`);
    if (!Number.isSafeInteger(n)) return null;
    ints.push(n);
  }
  return { exponent, ints };
}

const lowSurrogate = (text: string, i: number) => /[\udc00-\udfff]/.test(text[i] ?? '');

/** UTF-16 units at the start and at the end of `key` that `previous` has too, never splitting a surrogate pair. */
function shared(previous: string, key: string): { head: number; tail: number } {
  let head = 0;
  while (head < key.length && head < previous.length && key[head] === previous[head]) head++;
  if (head > 0 && lowSurrogate(key, head)) head--;
  let tail = 0;
  const most = Math.min(key.length, previous.length) - head;
  while (tail < most && key[key.length - 1 - tail] === previous[previous.length - 1 - tail]) tail++;
  if (tail > 0 && lowSurrogate(key, key.length - tail)) tail--;
  return { head, tail };
}

export function packMinute(minute: TelemetryMinute): Uint8Array {
  const out = new ByteWriter();
  out.byte(PACKED_MINUTE_VERSION);
  out.varint(minute.keys.length);
  let previous = '';
  for (const key of minute.keys) {
    const { head, tail } = shared(previous, key);
    const rest = encoder.encode(key.slice(head, key.length - tail));
    out.varint(head);
    out.varint(tail);
    out.varint(rest.length);
    out.raw(rest);
    previous = key;
  }
  const at = [...minute.at].sort((a, b) => a - b);
  out.raw(bitmap(64, (i) => at.includes(i)));
  minute.keys.forEach((_, k) => {
    const row = minute.values[k]!;
    const values = at.map((offset) => row[offset] ?? null);
    const present = values.filter((value): value is number => value !== null && Number.isFinite(value));
    const full = present.length === values.length;
    const presence = () => bitmap(values.length, (i) => values[i] !== null && Number.isFinite(values[i]!));
    if (!present.length) return out.varint(0);
    const integers = asIntegers(present);
    const base = integers ? Math.min(...integers.ints) : 0;
    // Counted, not Math.log2: near 2^50 a float log2 of 2^k + 1 comes out as k, one bit short.
    let width = 0;
    if (integers) for (const range = Math.max(...integers.ints) - base; width <= MAX_WIDTH && 2 ** width <= range;) width++;
    else width = MAX_WIDTH + 1;
    if (!integers || width > MAX_WIDTH || !Number.isSafeInteger(zigzag(base))) {
      out.varint(3);
      out.raw(presence());
      const floats = new DataView(new ArrayBuffer(8 * present.length));
      present.forEach((value, i) => floats.setFloat64(8 * i, value, true));
      return out.raw(new Uint8Array(floats.buffer));
    }
    out.varint(zigzag(integers.exponent) * 4 + (full ? 1 : 2));
    if (!full) out.raw(presence());
    out.varint(zigzag(base));
    out.varint(width);
    for (const n of integers.ints) out.bits(n - base, width);
    out.flushBits();
  });
  const tail = minute.errors.length || minute.resets?.length ? encoder.encode(JSON.stringify([minute.errors, minute.resets ?? []])) : new Uint8Array();
  out.varint(tail.length);
  out.raw(tail);
  return out.done();
}

const tailSchema = z.tuple([telemetryMinuteSchema.shape.errors, z.array(z.tuple([z.number(), z.array(z.string())]))]);

/** The minute `packMinute` wrote; throws PackedMinuteError on bytes it did not write. */
export function unpackMinute(bytes: Uint8Array): TelemetryMinute {
  const input = new ByteReader(bytes);
  if (input.byte() !== PACKED_MINUTE_VERSION) throw new PackedMinuteError(`not version ${PACKED_MINUTE_VERSION}`);
  const keyCount = input.varint();
  if (keyCount > 10_000) throw new PackedMinuteError('too many keys');
  const keys: string[] = [];
  let previous = '';
  for (let k = 0; k < keyCount; k++) {
    const head = input.varint();
    const tail = input.varint();
    if (head + tail > previous.length) throw new PackedMinuteError('key shares more than the key before has');
    const key = previous.slice(0, head) + decoder.decode(input.raw(input.varint())) + previous.slice(previous.length - tail);
    keys.push(key);
    previous = key;
  }
  const atMap = input.raw(8);
  const at = Array.from({ length: 64 }, (_, i) => i).filter((i) => bitSet(atMap, i));
  if (at.some((offset) => offset > 59)) throw new PackedMinuteError('offset beyond the minute');
  const values = keys.map(() => {
    const row = Array<number | null>(60).fill(null);
    const header = input.varint();
    const mode = header % 4;
    if (mode === 0) return row;
    const presence = mode === 1 ? null : input.raw(Math.ceil(at.length / 8));
    const offsets = presence ? at.filter((_, i) => bitSet(presence, i)) : at;
    if (mode === 3) {
      const raw = input.raw(8 * offsets.length);
      const floats = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
      offsets.forEach((offset, i) => (row[offset] = floats.getFloat64(8 * i, true)));
      return row;
    }
    const exponent = unzigzag(Math.floor(header / 4));
    const base = unzigzag(input.varint());
    const width = input.varint();
    if (width > MAX_WIDTH) throw new PackedMinuteError('value width too large');
    for (const offset of offsets) {
      const n = base + input.bits(width);
      row[offset] = n === 0 ? 0 : Number(`${n}e${exponent}`);
    }
    input.alignBits();
    return row;
  });
  const tailLength = input.varint();
  let errors: TelemetryMinute['errors'] = [];
  let resets: [number, string[]][] = [];
  if (tailLength) {
    const parsed = tailSchema.safeParse(JSON.parse(decoder.decode(input.raw(tailLength))));
    if (!parsed.success) throw new PackedMinuteError('errors or resets malformed');
    [errors, resets] = parsed.data;
  }
  if (!input.atEnd) throw new PackedMinuteError('bytes after the end');
  return { v: 1, keys, at, values, errors, ...(resets.length ? { resets } : {}) };
}
