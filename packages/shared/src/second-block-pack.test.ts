import { describe, expect, it } from 'vitest';
import type { GeneratorSample } from './jobs.js';
import { BLOCK_SECONDS, PACKED_SECOND_BLOCK_VERSION, blocksOf, packSecondBlock } from './second-block-pack.js';
import { packSecond } from './second-pack.js';
import { decodeStoredSecond, decodeStoredSeconds, StoredJsonError } from './stored-json.js';
import { lcg, randomSecond } from './testing/random-seconds.js';

const generator: GeneratorSample = { hostCpu: 0.31, k6Cpu: 0.9, cores: 2, runnerRssMb: 80.5 };
const row = (packed: Uint8Array) => ({ packed, data: null, generator: null });

describe('blocks of seconds (stored version 3)', () => {
  it('gives back every second of the block exactly, with its generator reading, in order', () => {
    const random = lcg(7);
    const seconds = Array.from({ length: BLOCK_SECONDS }, (_, i) => ({
      sample: randomSecond(random, 1_700_000_000 + i, 3),
      generator: i % 2 ? generator : null,
    }));
    const bytes = packSecondBlock(seconds);
    expect(bytes[0]).toBe(PACKED_SECOND_BLOCK_VERSION);
    expect(decodeStoredSeconds(row(bytes), 'run@0/0')).toEqual(seconds);
  });

  it('costs what its seconds cost packed one by one, plus a few bytes each', () => {
    const random = lcg(11);
    const seconds = Array.from({ length: 30 }, (_, i) => ({ sample: randomSecond(random, 1_700_000_100 + i, 1), generator }));
    const single = seconds.reduce((total, second) => total + packSecond(second.sample, second.generator).length, 0);
    expect(packSecondBlock(seconds).length).toBeLessThanOrEqual(single + 2 + 3 * seconds.length);
  });

  it('reads a single packed second as one, and refuses a block read as a single second, naming the column', () => {
    const sample = randomSecond(lcg(3), 1_700_000_000, 1);
    expect(decodeStoredSeconds(row(packSecond(sample, null)))).toEqual([{ sample, generator: null }]);
    const block = packSecondBlock([{ sample, generator: null }]);
    expect(() => decodeStoredSecond(row(block), 'r@1/0')).toThrow(StoredJsonError);
  });

  it('refuses bytes it did not write, naming the column', () => {
    const bytes = packSecondBlock([{ sample: randomSecond(lcg(5), 1_700_000_000, 2), generator }]);
    for (const broken of [bytes.slice(0, bytes.length - 3), Uint8Array.from([...bytes, 0]), Uint8Array.from([3, 61])]) {
      expect(() => decodeStoredSeconds(row(broken), 'r@1/0')).toThrow(/RunSecond\.data of r@1\/0 \(version 3\)/);
    }
  });

  it('splits a segment into blocks of consecutive seconds within 60 s of their first, and packs none wider', () => {
    const ts = [100, 101, 159, 160, 161, 300, 359, 360];
    const blocks = blocksOf(ts.map((t) => ({ sample: { t } })));
    expect(blocks.map((block) => block.map((second) => second.sample.t))).toEqual([[100, 101, 159], [160, 161], [300, 359], [360]]);
    const random = lcg(1);
    expect(() => packSecondBlock([100, 160].map((t) => ({ sample: randomSecond(random, t, 1), generator: null })))).toThrow(/outside the block/);
  });
});
