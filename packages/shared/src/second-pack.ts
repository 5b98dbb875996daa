import type { GeneratorSample } from './jobs.js';
import { HISTOGRAM_RELATIVE_ACCURACY, type Histogram } from './histogram.js';
import { ByteReader, ByteWriter, PackedBytesError, unzigzag, zigzag } from './packed-bytes.js';
import type { RequestSecond, SecondSample } from './series.js';

/**
 * Version 2 of a stored second (RunSecond.packed, bytea): one segment's second and its
 * generator sample packed into bytes, 6-7x smaller than version 1's JSON (RunSecond.data and
 * .generator, jsonb) at 1 to 10 request names, 2.7x at 50 where PostgreSQL compresses the JSON
 * (`pnpm bench -- --only storage`), with nothing rounded: every count, bucket
 * and number reads back identical, so histograms merge to exactly the same percentiles.
 * Written by `packSecond`, read back by `unpackSecond` through stored-json.ts
 * (decodeStoredSecond). No general-purpose compressor, as for telemetry minutes
 * (telemetry/stored-pack.ts): this package runs in the browser too, and a histogram's buckets
 * are a run of small, smoothly changing counts, which Rice codes fit better than LZ does.
 *
 * Layout (varint: unsigned LEB128; signed: zigzag varint; number: packed-bytes.ts `number`,
 * an exact decimal n x 10^-k in a varint or a float64; str: a string of the second's own
 * table, varint i + 1 for the i-th string already written, or 0 then varint UTF-8 length and
 * the bytes; names, methods and scenarios repeat once per status and row):
 *   byte 2 (the version)
 *   varint t; varint flags (1 messagesSent, 2 messagesReceived, 4 spanStartMs, 8 spanEndMs,
 *     16 scenarioIterations, 32 customMetrics, 64 generator)
 *   varint vus, vusMax, iterations, droppedIterations; number bytesReceived, bytesSent;
 *   then those the flags say, in that order (spans as `span`: varint zigzag(µs - t x 10^6) * 2
 *     when the ms value has at most 3 decimals, else 1 then its float64)
 *   varint requests; per row: str name, str method, varint status, str errorCode, str scenario,
 *     varint count, varint flags (1 expected, 2 spanStartMs, 4 spanEndMs, 8 responseBytes),
 *     its spans, histogram latency, histogram responseBytes when flagged
 *   histogram: varint count, varint zeroCount, number sum, min, max, varint buckets (those
 *     with a count); when any: signed first index, varint mode, then
 *     mode 0 (Rice): varint span (last index - first + 1), then every bucket of the span, empty
 *       ones too, in blocks of 16: 5 bits k (31: the block is empty, nothing follows), 1 bit
 *       mode, then each value c as c >> k in unary (ones, a zero) and its k low bits, where c
 *       is the count (mode 0) or the zigzag of its difference from the bucket before (mode 1,
 *       0 before the first); padded to a byte. A second's buckets lie side by side with
 *       counts that change smoothly: ~5 bits a bucket where varints cost 8 and JSON ~10
 *       bytes (k is picked per block, so the tails cost little);
 *     mode 1 (a count of 2^36 or more): varint c > 0 is the next bucket's count, 0 then
 *       varint g skips g + 1 empty buckets
 *   varint checks; per check: str name, varint passes, varint fails
 *   scenarioIterations: varint n; per scenario: str name, varint iterations, varint dropped
 *   customMetrics (rare, custom scripts only): varint length and their UTF-8 JSON
 *   generator: number hostCpu, k6Cpu, runnerRssMb; varint cores
 */
export const PACKED_SECOND_VERSION = 2;

/** What a packed second holds: the sample and its generator reading (RunSecond.generator of version 1). */
export interface PackedSecond {
  sample: SecondSample;
  generator: GeneratorSample | null;
}

/** Bounds a reader allocates by: far above anything k6 emits in a second. */
const MAX_ROWS = 100_000;
const MAX_BUCKETS = 100_000;
const MAX_STRINGS = 1_000_000;

/** How a histogram's buckets follow its first index: Rice-coded blocks, or (a count of 2^36 and more) varint runs. */
const BucketMode = { Rice: 0, Runs: 1 } as const;
const RICE_BLOCK = 16;
const MAX_RICE_K = 30;
const EMPTY_BLOCK = 31;
/** The largest quotient a count's unary part may have: counts below 2^36 fit with k = 30. */
const MAX_QUOTIENT = 64;
const MAX_RICE_COUNT = 2 ** (MAX_RICE_K + 6);

/** The k that codes `values` in the fewest bits, and those bits. */
function bestRice(values: readonly number[]): { k: number; bits: number } {
  let best = { k: 0, bits: Number.POSITIVE_INFINITY };
  // The best k lies near log2 of the mean: the k around it are tried, not all 31.
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const near = mean >= 1 ? Math.floor(Math.log2(mean)) : 0;
  for (let k = Math.max(0, near - 2); k <= Math.min(MAX_RICE_K, near + 1); k++) {
    let bits = 0;
    for (const value of values) bits += k + 1 + Math.floor(value / 2 ** k);
    if (bits < best.bits) best = { k, bits };
  }
  return best;
}

const SecondFlag = { MessagesSent: 1, MessagesReceived: 2, SpanStart: 4, SpanEnd: 8, Scenarios: 16, CustomMetrics: 32, Generator: 64 } as const;
const RowFlag = { Expected: 1, SpanStart: 2, SpanEnd: 4, ResponseBytes: 8 } as const;

class SecondWriter extends ByteWriter {
  private readonly strings = new Map<string, number>();
  constructor(private readonly t: number) {
    super();
  }
  str(text: string) {
    const known = this.strings.get(text);
    if (known !== undefined) return this.varint(known + 1);
    this.varint(0);
    this.string(text);
    this.strings.set(text, this.strings.size);
  }
  span(ms: number) {
    const micros = Math.round(ms * 1000);
    const relative = micros - this.t * 1_000_000;
    if (Number.isSafeInteger(micros) && micros / 1000 === ms && Number.isSafeInteger(zigzag(relative) * 2)) return this.varint(zigzag(relative) * 2);
    this.varint(1);
    this.float64(ms);
  }
  histogram(histogram: Histogram) {
    this.varint(histogram.count);
    this.varint(histogram.zeroCount);
    this.number(histogram.sum);
    this.number(histogram.min);
    this.number(histogram.max);
    const indexes = Object.keys(histogram.bins)
      .map(Number)
      .sort((a, b) => a - b);
    this.varint(indexes.length);
    if (!indexes.length) return;
    this.signed(indexes[0]!);
    const counts = indexes.map((index) => histogram.bins[String(index)]!);
    if (counts.every((count) => count < MAX_RICE_COUNT)) return this.riceBuckets(indexes, counts);
    this.varint(BucketMode.Runs);
    let next = indexes[0]!;
    indexes.forEach((index, i) => {
      if (index > next) {
        this.varint(0);
        this.varint(index - next - 1);
      }
      this.varint(counts[i]!);
      next = index + 1;
    });
  }
  /** Every bucket from the first to the last, empty ones too, Rice-coded in blocks (see the top of this file). */
  private riceBuckets(indexes: number[], counts: number[]) {
    const first = indexes[0]!;
    const dense = new Array<number>(indexes.at(-1)! - first + 1).fill(0);
    indexes.forEach((index, i) => (dense[index - first] = counts[i]!));
    this.varint(BucketMode.Rice);
    this.varint(dense.length);
    for (let from = 0; from < dense.length; from += RICE_BLOCK) {
      const block = dense.slice(from, from + RICE_BLOCK);
      if (block.every((count) => count === 0)) {
        this.bits(EMPTY_BLOCK, 5);
        continue;
      }
      // Each count as it is, or as its difference from the bucket before: whichever is shorter.
      const deltas = block.map((count, i) => zigzag(count - (from + i > 0 ? dense[from + i - 1]! : 0)));
      const raw = bestRice(block);
      const delta = deltas.every((value) => value < MAX_RICE_COUNT) ? bestRice(deltas) : null;
      const [values, k, mode] = delta && delta.bits < raw.bits ? [deltas, delta.k, 1] : [block, raw.k, 0];
      this.bits(k, 5);
      this.bits(mode, 1);
      for (const value of values) {
        this.unary(Math.floor(value / 2 ** k));
        this.bits(value % 2 ** k, k);
      }
    }
    this.flushBits();
  }
}

class SecondReader extends ByteReader {
  private readonly strings: string[] = [];
  t = 0;
  str(): string {
    const ref = this.varint();
    if (ref > 0) {
      const known = this.strings[ref - 1];
      if (known === undefined) throw new PackedBytesError(`string ${ref} not written before`);
      return known;
    }
    if (this.strings.length >= MAX_STRINGS) throw new PackedBytesError('too many strings');
    const text = this.string();
    this.strings.push(text);
    return text;
  }
  span(): number {
    const header = this.varint();
    if (header === 1) return this.float64();
    if (header % 2 !== 0) throw new PackedBytesError(`span header ${header}`);
    return (this.t * 1_000_000 + unzigzag(header / 2)) / 1000;
  }
  histogram(): Histogram {
    const count = this.varint();
    const zeroCount = this.varint();
    const sum = this.number();
    const min = this.number();
    const max = this.number();
    const buckets = this.bounded(MAX_BUCKETS, 'buckets');
    const bins: Record<string, number> = {};
    if (buckets) {
      const first = this.signed();
      const mode = this.varint();
      if (mode === BucketMode.Rice) this.riceBuckets(first, buckets, bins);
      else if (mode === BucketMode.Runs) this.runBuckets(first, buckets, bins);
      else throw new PackedBytesError(`bucket mode ${mode}`);
    }
    return { relativeAccuracy: HISTOGRAM_RELATIVE_ACCURACY, count, sum, min, max, zeroCount, bins };
  }
  private riceBuckets(first: number, buckets: number, bins: Record<string, number>) {
    const span = this.bounded(MAX_BUCKETS, 'bucket span');
    let found = 0;
    let previous = 0;
    for (let from = 0; from < span; from += RICE_BLOCK) {
      const k = this.bits(5);
      if (k === EMPTY_BLOCK) {
        previous = 0;
        continue;
      }
      if (k > MAX_RICE_K) throw new PackedBytesError(`rice parameter ${k}`);
      const delta = this.bits(1) === 1;
      for (let at = from; at < Math.min(span, from + RICE_BLOCK); at++) {
        const value = this.unary(MAX_QUOTIENT) * 2 ** k + this.bits(k);
        const count = delta ? previous + unzigzag(value) : value;
        if (count < 0) throw new PackedBytesError('a bucket count below zero');
        previous = count;
        if (!count) continue;
        bins[String(first + at)] = count;
        found++;
      }
    }
    this.alignBits();
    if (found !== buckets || (span && (!bins[String(first)] || !bins[String(first + span - 1)])))
      throw new PackedBytesError(`${found} buckets with counts in a span of ${span}, said ${buckets}`);
  }
  private runBuckets(first: number, buckets: number, bins: Record<string, number>) {
    let index = first;
    for (let read = 0; read < buckets; read++) {
      let value = this.varint();
      if (value === 0) {
        index += this.varint() + 1;
        value = this.varint();
        if (value === 0) throw new PackedBytesError('two skips in a row');
      }
      bins[String(index)] = value;
      index++;
    }
  }
}

function writeRow(out: SecondWriter, row: RequestSecond) {
  out.str(row.name);
  out.str(row.method);
  out.varint(row.status);
  out.str(row.errorCode);
  out.str(row.scenario);
  out.varint(row.count);
  const flags =
    (row.expected ? RowFlag.Expected : 0) |
    (row.spanStartMs !== undefined ? RowFlag.SpanStart : 0) |
    (row.spanEndMs !== undefined ? RowFlag.SpanEnd : 0) |
    (row.responseBytes ? RowFlag.ResponseBytes : 0);
  out.varint(flags);
  if (row.spanStartMs !== undefined) out.span(row.spanStartMs);
  if (row.spanEndMs !== undefined) out.span(row.spanEndMs);
  out.histogram(row.latency);
  if (row.responseBytes) out.histogram(row.responseBytes);
}

function readRow(input: SecondReader): RequestSecond {
  const name = input.str();
  const method = input.str();
  const status = input.varint();
  const errorCode = input.str();
  const scenario = input.str();
  const count = input.varint();
  const flags = input.bounded(15, 'row flags');
  const row: RequestSecond = { name, method, status, expected: (flags & RowFlag.Expected) !== 0, errorCode, scenario, count, latency: undefined! };
  if (flags & RowFlag.SpanStart) row.spanStartMs = input.span();
  if (flags & RowFlag.SpanEnd) row.spanEndMs = input.span();
  row.latency = input.histogram();
  if (flags & RowFlag.ResponseBytes) row.responseBytes = input.histogram();
  return row;
}

/** The bytes of one stored second (version 2). Throws PackedBytesError on a value the layout cannot hold (a negative count). */
export function packSecond(sample: SecondSample, generator: GeneratorSample | null): Uint8Array<ArrayBuffer> {
  const out = new SecondWriter(sample.t);
  out.byte(PACKED_SECOND_VERSION);
  out.varint(sample.t);
  const flags =
    (sample.messagesSent !== undefined ? SecondFlag.MessagesSent : 0) |
    (sample.messagesReceived !== undefined ? SecondFlag.MessagesReceived : 0) |
    (sample.spanStartMs !== undefined ? SecondFlag.SpanStart : 0) |
    (sample.spanEndMs !== undefined ? SecondFlag.SpanEnd : 0) |
    (sample.scenarioIterations ? SecondFlag.Scenarios : 0) |
    (sample.customMetrics ? SecondFlag.CustomMetrics : 0) |
    (generator ? SecondFlag.Generator : 0);
  out.varint(flags);
  out.varint(sample.vus);
  out.varint(sample.vusMax);
  out.varint(sample.iterations);
  out.varint(sample.droppedIterations);
  out.number(sample.bytesReceived);
  out.number(sample.bytesSent);
  if (sample.messagesSent !== undefined) out.varint(sample.messagesSent);
  if (sample.messagesReceived !== undefined) out.varint(sample.messagesReceived);
  if (sample.spanStartMs !== undefined) out.span(sample.spanStartMs);
  if (sample.spanEndMs !== undefined) out.span(sample.spanEndMs);
  out.varint(sample.requests.length);
  for (const row of sample.requests) writeRow(out, row);
  out.varint(sample.checks.length);
  for (const check of sample.checks) {
    out.str(check.name);
    out.varint(check.passes);
    out.varint(check.fails);
  }
  if (sample.scenarioIterations) {
    out.varint(sample.scenarioIterations.length);
    for (const scenario of sample.scenarioIterations) {
      out.str(scenario.name);
      out.varint(scenario.iterations);
      out.varint(scenario.droppedIterations);
    }
  }
  if (sample.customMetrics) out.string(JSON.stringify(sample.customMetrics));
  if (generator) {
    out.number(generator.hostCpu);
    out.number(generator.k6Cpu);
    out.number(generator.runnerRssMb);
    out.varint(generator.cores);
  }
  return out.done();
}

/**
 * The second `packSecond` wrote, not yet checked against the sample's schema (stored-json.ts
 * does that); throws PackedBytesError on bytes it did not write.
 */
export function unpackSecond(bytes: Uint8Array): { sample: unknown; generator: unknown } {
  const input = new SecondReader(bytes);
  const version = input.byte();
  if (version !== PACKED_SECOND_VERSION) throw new PackedBytesError(`not version ${PACKED_SECOND_VERSION} (first byte ${version})`);
  input.t = input.varint();
  const flags = input.bounded(127, 'flags');
  const sample: Record<string, unknown> = { v: 1, t: input.t };
  sample.vus = input.varint();
  sample.vusMax = input.varint();
  sample.iterations = input.varint();
  sample.droppedIterations = input.varint();
  sample.bytesReceived = input.number();
  sample.bytesSent = input.number();
  if (flags & SecondFlag.MessagesSent) sample.messagesSent = input.varint();
  if (flags & SecondFlag.MessagesReceived) sample.messagesReceived = input.varint();
  if (flags & SecondFlag.SpanStart) sample.spanStartMs = input.span();
  if (flags & SecondFlag.SpanEnd) sample.spanEndMs = input.span();
  const rows = input.bounded(MAX_ROWS, 'request rows');
  sample.requests = Array.from({ length: rows }, () => readRow(input));
  const checks = input.bounded(MAX_ROWS, 'checks');
  sample.checks = Array.from({ length: checks }, () => ({ name: input.str(), passes: input.varint(), fails: input.varint() }));
  if (flags & SecondFlag.Scenarios) {
    const scenarios = input.bounded(MAX_ROWS, 'scenarios');
    sample.scenarioIterations = Array.from({ length: scenarios }, () => ({ name: input.str(), iterations: input.varint(), droppedIterations: input.varint() }));
  }
  if (flags & SecondFlag.CustomMetrics) {
    try {
      sample.customMetrics = JSON.parse(input.string());
    } catch (error) {
      if (error instanceof PackedBytesError) throw error;
      throw new PackedBytesError('custom metrics are not JSON');
    }
  }
  let generator: unknown = null;
  if (flags & SecondFlag.Generator) generator = { hostCpu: input.number(), k6Cpu: input.number(), runnerRssMb: input.number(), cores: input.varint() };
  if (!input.atEnd) throw new PackedBytesError('bytes after the end');
  return { sample, generator };
}
export { PackedBytesError } from './packed-bytes.js';
