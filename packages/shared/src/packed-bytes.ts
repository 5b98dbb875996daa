/**
 * Byte-level writer and reader of packed stored rows (second-pack.ts): unsigned LEB128
 * varints, zigzag for signed integers, UTF-8 strings, and numbers that are stored exactly
 * in the fewest bytes their decimal form allows. Every read is bounds-checked and throws
 * PackedBytesError on bytes that were not written here, never returns a guess. Pure; runs in
 * the browser too (no node:buffer).
 */
export class PackedBytesError extends Error {}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Largest |n| of a scaled number kept as a varint: n * 16 + scale must stay a safe integer. */
const MAX_SCALED = 2 ** 48;
/** Decimal scales tried for `number` (10^0 .. 10^9: nanoseconds of a millisecond value). */
const MAX_SCALE = 9;
const FLOAT_TAG = 15;

export const zigzag = (value: number) => (value >= 0 ? value * 2 : -value * 2 - 1);
export const unzigzag = (value: number) => (value % 2 === 0 ? value / 2 : -(value + 1) / 2);

export class ByteWriter {
  private buffer: Uint8Array<ArrayBuffer> = new Uint8Array(256);
  private length = 0;

  private room(bytes: number) {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
  byte(value: number) {
    this.room(1);
    this.buffer[this.length++] = value & 0xff;
  }
  /** A non-negative safe integer. */
  varint(value: number) {
    if (!Number.isSafeInteger(value) || value < 0) throw new PackedBytesError(`not a varint: ${value}`);
    this.room(8);
    let rest = value;
    while (rest >= 0x80) {
      this.buffer[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buffer[this.length++] = rest;
  }
  /** A signed safe integer (zigzag). */
  signed(value: number) {
    this.varint(zigzag(value));
  }
  raw(bytes: Uint8Array) {
    this.room(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }
  string(text: string) {
    const bytes = encoder.encode(text);
    this.varint(bytes.length);
    this.raw(bytes);
  }
  float64(value: number) {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setFloat64(0, value, true);
    this.raw(bytes);
  }
  /**
   * Any number, read back identical (Object.is): as n x 10^-k in a varint when some k <= 9
   * gives back exactly this double (latencies in ms with nanosecond digits, counts, CPU
   * shares), otherwise as its 8 bytes. Header: zigzag(n) * 16 + k, or 15 then the float.
   */
  number(value: number) {
    if (Number.isFinite(value) && !Object.is(value, -0)) {
      for (let scale = 0, factor = 1; scale <= MAX_SCALE; scale++, factor *= 10) {
        const n = Math.round(value * factor);
        if (Math.abs(n) >= MAX_SCALED) break;
        if (n / factor === value) return this.varint(zigzag(n) * 16 + scale);
      }
    }
    this.varint(FLOAT_TAG);
    this.float64(value);
  }
  private acc = 0;
  private accBits = 0;
  /** `width` (<= 53) low bits of a non-negative safe integer, LSB first, after the bits written before. */
  bits(value: number, width: number) {
    let rest = value;
    let left = width;
    while (left > 0) {
      const take = Math.min(left, 16);
      this.acc |= (rest % 2 ** take) << this.accBits;
      rest = Math.floor(rest / 2 ** take);
      left -= take;
      this.accBits += take;
      while (this.accBits >= 8) {
        this.byte(this.acc & 0xff);
        this.acc >>>= 8;
        this.accBits -= 8;
      }
    }
  }
  /** `count` one bits then a zero (unary). */
  unary(count: number) {
    for (let left = count; left > 0; left -= Math.min(left, 16)) this.bits(2 ** Math.min(left, 16) - 1, Math.min(left, 16));
    this.bits(0, 1);
  }
  /** Pads the bits written to a whole byte: what follows is byte-aligned again. */
  flushBits() {
    if (this.accBits > 0) this.byte(this.acc & 0xff);
    this.acc = 0;
    this.accBits = 0;
  }
  done(): Uint8Array<ArrayBuffer> {
    return this.buffer.slice(0, this.length);
  }
}

export class ByteReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.offset >= this.bytes.length) throw new PackedBytesError('cut short');
    return this.bytes[this.offset++]!;
  }
  varint(): number {
    let value = 0;
    for (let scale = 1; ; scale *= 0x80) {
      const byte = this.byte();
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) {
        if (!Number.isSafeInteger(value)) throw new PackedBytesError('varint too large');
        return value;
      }
      if (scale > 2 ** 49) throw new PackedBytesError('varint too long');
    }
  }
  signed(): number {
    return unzigzag(this.varint());
  }
  /** A varint no larger than `max` (a count the reader allocates for). */
  bounded(max: number, what: string): number {
    const value = this.varint();
    if (value > max) throw new PackedBytesError(`${what} ${value} is more than ${max}`);
    return value;
  }
  raw(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new PackedBytesError('cut short');
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
  string(): string {
    const bytes = this.raw(this.varint());
    try {
      return decoder.decode(bytes);
    } catch {
      throw new PackedBytesError('a string is not UTF-8');
    }
  }
  float64(): number {
    const bytes = this.raw(8);
    return new DataView(bytes.buffer, bytes.byteOffset, 8).getFloat64(0, true);
  }
  number(): number {
    const header = this.varint();
    if (header === FLOAT_TAG) return this.float64();
    const scale = header % 16;
    if (scale > MAX_SCALE) throw new PackedBytesError(`number scale ${scale}`);
    return unzigzag(Math.floor(header / 16)) / 10 ** scale;
  }
  private acc = 0;
  private accBits = 0;
  bits(width: number): number {
    if (width <= 24) {
      // What Rice codes read, from the bits held (at most 31 with the next bytes): no loop of chunks.
      while (this.accBits < width) {
        this.acc |= this.byte() << this.accBits;
        this.accBits += 8;
      }
      const value = this.acc & ((1 << width) - 1);
      this.acc >>>= width;
      this.accBits -= width;
      return value;
    }
    let value = 0;
    for (let done = 0; done < width;) {
      const take = Math.min(width - done, 16);
      while (this.accBits < take) {
        this.acc |= this.byte() << this.accBits;
        this.accBits += 8;
      }
      value += (this.acc & (2 ** take - 1)) * 2 ** done;
      this.acc >>>= take;
      this.accBits -= take;
      done += take;
    }
    return value;
  }
  /** A unary count (ones then a zero) of at most `max`. */
  unary(max: number): number {
    let count = 0;
    for (;;) {
      if (this.accBits === 0) {
        this.acc = this.byte();
        this.accBits = 8;
      }
      // The ones before the first zero among the bits held, found at once (not bit by bit).
      const zeros = ~this.acc & ((1 << this.accBits) - 1);
      if (zeros === 0) {
        count += this.accBits;
        this.acc = 0;
        this.accBits = 0;
      } else {
        const ones = 31 - Math.clz32(zeros & -zeros);
        count += ones;
        this.acc >>>= ones + 1;
        this.accBits -= ones + 1;
        if (count > max) break;
        return count;
      }
      if (count > max) break;
    }
    throw new PackedBytesError(`unary count over ${max}`);
  }
  /** Drops the padding bits of the current byte (see ByteWriter.flushBits). */
  alignBits() {
    this.acc = 0;
    this.accBits = 0;
  }
  get atEnd() {
    return this.offset === this.bytes.length;
  }
}
