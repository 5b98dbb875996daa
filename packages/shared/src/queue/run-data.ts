import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { PassThrough, Readable, pipeline } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import type { Redis } from 'ioredis';

/**
 * A segment's rows of a data set on their way to its runner. Too large for the run's job (a
 * million rows), so each slice is its own Redis key under the run (`<prefix>:rq:data:<run>:<set>:<segment>`,
 * with a TTL past the run's deadline), gzip'd and then sealed like the job's target secrets:
 * AES-256-GCM under LOADLINE_RUNNER_KEY, bound to the run, the set and the segment, so no
 * plaintext cell (secret columns included) is ever in Redis, and a slice moved to another
 * run, set or segment does not open. The plaintext is the data file the segment's k6 reads
 * (data-slices.ts).
 */

const MAGIC = Buffer.from('LDS1');

function keyOf(runnerKey: string): Buffer {
  if (runnerKey.length < 32) throw new Error('LOADLINE_RUNNER_KEY must be at least 32 characters');
  return Buffer.from(hkdfSync('sha256', runnerKey, 'loadline', 'run-data-slices-v1', 32));
}

const boundTo = (runId: string, set: string, segment: number) => Buffer.from(`${runId}\u0000${set}\u0000${segment}`, 'utf8');

export function sealDataSlice(runnerKey: string, runId: string, set: string, segment: number, file: string | Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(runnerKey), iv);
  cipher.setAAD(boundTo(runId, set, segment));
  const data = Buffer.concat([cipher.update(gzipSync(file, { level: 6 })), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), data]);
}

export class DataSliceError extends Error {}

/** Sealed bytes go through the decipher a mebibyte at a time, so no step holds a second copy of them. */
const STREAM_CHUNK_BYTES = 1 << 20;

/**
 * The data file of a sealed slice, as a stream (the runner writes it to disk): a million
 * rows never sit in memory whole (the sealed bytes, their plaintext and the gunzip'd file were
 * three copies at once). Bytes flow before the seal is checked, which happens at the end: the
 * stream then fails with DataSliceError, and what was written from it must be thrown away.
 */
export function openDataSliceStream(runnerKey: string, runId: string, set: string, segment: number, sealed: Buffer): Readable {
  if (sealed.length < 32 || !sealed.subarray(0, 4).equals(MAGIC)) throw new DataSliceError('not a sealed data slice of version 1');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(runnerKey), sealed.subarray(4, 16));
  decipher.setAAD(boundTo(runId, set, segment));
  decipher.setAuthTag(sealed.subarray(16, 32));
  const body = sealed.subarray(32);
  function* chunks() {
    for (let at = 0; at < body.length; at += STREAM_CHUNK_BYTES) yield body.subarray(at, at + STREAM_CHUNK_BYTES);
  }
  const wrong = new DataSliceError(`the rows of data set ${set} for this segment do not open with this runner's LOADLINE_RUNNER_KEY (is it the API's?)`);
  const gunzip = createGunzip();
  const out = new PassThrough();
  // Any failure (the seal at the end, a corrupt gzip) reaches the consumer as DataSliceError.
  pipeline(Readable.from(chunks()), decipher, gunzip, (error) => {
    if (error) out.destroy(wrong);
  });
  gunzip.pipe(out);
  return out;
}

/** Where the slices of a run wait in Redis. */
export class RunDataStore {
  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
  ) {}

  key(runId: string, set: string, segment: number): string {
    return `${this.prefix}:rq:data:${runId}:${set}:${segment}`;
  }

  async put(key: string, sealed: Buffer, ttlSeconds: number): Promise<void> {
    await this.redis.set(key, sealed, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }

  async has(key: string): Promise<boolean> {
    return (await this.redis.exists(key)) === 1;
  }

  /** The sealed slice, or null when it expired or Redis lost it. */
  async get(key: string): Promise<Buffer | null> {
    return this.redis.getBuffer(key);
  }

  /** Drops every slice of the run (when it ends: nothing of it need wait for its TTL). */
  async drop(runId: string): Promise<void> {
    const pattern = `${this.prefix}:rq:data:${runId}:*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 200);
      if (keys.length) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}
