import { describe, expect, it } from 'vitest';
import { emptyHistogram, latencyStats, mergeHistograms, quantile } from './histogram.js';
import { latencies, lcg, randomSecond } from './testing/random-seconds.js';
import type { GeneratorSample } from './jobs.js';
import { PACKED_SECOND_VERSION, packSecond, unpackSecond } from './second-pack.js';
import type { RequestSecond, SecondSample } from './series.js';
import { PACKED_SECOND_LIST_VERSION, packSecondList } from './second-list-pack.js';
import { decodeStoredSecond, decodeStoredSecondList, StoredJsonError } from './stored-json.js';

const generator: GeneratorSample = { hostCpu: 0.274, k6Cpu: 0.11, cores: 2, runnerRssMb: 315.5 };
const decode = (bytes: Uint8Array) => decodeStoredSecond({ packed: bytes, data: null, generator: null }, 'run@1/0');

describe('packed seconds (stored version 2)', () => {
  it('gives back exactly the second it packed, and its generator reading', () => {
    const random = lcg(7);
    for (let i = 0; i < 40; i++) {
      const second = randomSecond(random, 1_795_661_461 + i, 1 + (i % 5));
      const withGenerator = i % 2 ? generator : null;
      const bytes = packSecond(second, withGenerator);
      expect(bytes[0]).toBe(PACKED_SECOND_VERSION);
      const { sample, generator: read } = decode(bytes);
      expect(sample).toEqual(second);
      expect(read).toEqual(withGenerator);
      // Identical numbers, not merely close: the JSON of both is the same once keys are sorted.
      expect(JSON.stringify(sample, Object.keys(sample).sort())).toBe(JSON.stringify(second, Object.keys(second).sort()));
    }
  });

  it('keeps numbers no decimal fits, huge counts, custom metrics and empty histograms as they were', () => {
    const big: RequestSecond = {
      name: '',
      method: 'GET',
      status: 200,
      expected: true,
      errorCode: '',
      scenario: 'default',
      count: 0,
      latency: { ...emptyHistogram(), sum: 5, min: 0.5, max: 3e9 },
    };
    const second: SecondSample = {
      v: 1,
      t: 1_700_000_000,
      requests: [
        {
          name: 'a',
          method: 'GET',
          status: 0,
          expected: false,
          errorCode: '1211',
          scenario: 'default',
          count: 3,
          latency: emptyHistogram(),
          spanStartMs: Math.PI * 1e12,
        },
        // Counts too large for the Rice blocks (varint runs instead), and one just below, far apart.
        { ...big, name: 'b', count: 2 ** 37 + 1, latency: { ...big.latency, count: 2 ** 37 + 1, bins: { '-140': 2 ** 37, '4400': 1 } } },
        { ...big, name: 'c', count: 2 ** 36, latency: { ...big.latency, count: 2 ** 36, bins: { '-140': 2 ** 36 - 1, '4400': 1 } } },
      ],
      vus: 0,
      vusMax: 0,
      iterations: 0,
      droppedIterations: 0,
      bytesReceived: 1 / 3,
      bytesSent: 2 ** 60,
      checks: [],
      customMetrics: [
        { name: 'waiting', type: 'trend', contains: 'time', histogram: latencies(lcg(3), 50) },
        { name: 'items', type: 'counter', contains: 'default', sum: -4.5 },
      ],
    };
    expect(decode(packSecond(second, { hostCpu: 1 / 7, k6Cpu: 0, cores: 64, runnerRssMb: 1e-7 })).sample).toEqual(second);
  });

  it('merges to the same percentiles at every scope: random histograms, packed second by second', () => {
    const random = lcg(42);
    const seconds = Array.from({ length: 60 }, (_, i) => randomSecond(random, 1_795_661_000 + i, 3));
    const read = seconds.map((second) => decode(packSecond(second, null)).sample);
    const scopes: Array<(row: RequestSecond) => boolean> = [
      () => true,
      (row) => row.name.startsWith('Get item 1'),
      (row) => row.scenario === 'browse',
      (row) => row.status === 503,
    ];
    for (const inScope of scopes) {
      const merged = (all: SecondSample[]) => mergeHistograms(all.flatMap((second) => second.requests.filter(inScope).map((row) => row.latency)));
      const before = merged(seconds);
      const after = merged(read);
      expect(after).toEqual(before);
      expect(latencyStats(after)).toEqual(latencyStats(before));
      for (const q of [0.5, 0.9, 0.95, 0.99, 0.999]) expect(quantile(after, q, 'between')).toBe(quantile(before, q, 'between'));
    }
  });

  it('is at least 4 times smaller than the JSON text of the same second', () => {
    const second = randomSecond(lcg(1), 1_795_661_461, 10);
    const json = new TextEncoder().encode(JSON.stringify(second)).length;
    expect(packSecond(second, generator).length * 4).toBeLessThan(json);
  });

  it('refuses bytes it did not write, naming the column', () => {
    const bytes = packSecond(randomSecond(lcg(5), 1_795_661_461, 2), generator);
    const cases: Array<[Uint8Array, RegExp]> = [
      [bytes.subarray(0, bytes.length - 3), /cut short/],
      [Uint8Array.from([...bytes, 0]), /bytes after the end/],
      [Uint8Array.from([7, ...bytes.subarray(1)]), /version 7/],
      [new TextEncoder().encode('{"v":1}'), /first byte 123/],
    ];
    for (const [broken, message] of cases) {
      expect(() => decode(broken)).toThrow(StoredJsonError);
      expect(() => decode(broken)).toThrow(/RunSecond\.data of run@1\/0 .*packed second unreadable/);
      expect(() => decode(broken)).toThrow(message);
    }
    // A value the layout cannot hold is refused when written, not stored wrong; old JSON rows are held to their schema.
    const unpacked = unpackSecond(bytes) as { sample: SecondSample };
    const bad = { ...unpacked.sample, vusMax: -1 };
    expect(() => packSecond(bad, null)).toThrow(/not a varint/);
    expect(() => decodeStoredSecond({ packed: null, data: { ...unpacked.sample, requests: 'none' }, generator: null }, 'old')).toThrow(
      /RunSecond\.data of old \(version 1\).*requests/,
    );
  });
});

describe('packed merged seconds of a finished run (RunDigest.seconds, version 2)', () => {
  it('gives back the seconds it packed, in order, and refuses bytes it did not write', () => {
    const random = lcg(11);
    const seconds = Array.from({ length: 30 }, (_, i) => randomSecond(random, 1_795_661_000 + i, 2));
    const bytes = packSecondList(seconds);
    expect(bytes[0]).toBe(PACKED_SECOND_LIST_VERSION);
    expect(decodeStoredSecondList(bytes, 'run')).toEqual(seconds);
    expect(decodeStoredSecondList(packSecondList([]))).toEqual([]);
    expect(() => decodeStoredSecondList(bytes.subarray(0, bytes.length - 1), 'run')).toThrow(
      /RunDigest\.seconds of run .*packed seconds unreadable: cut short/,
    );
    expect(() => decodeStoredSecondList(Uint8Array.from([0x1f, 0x8b]), 'run')).toThrow(/RunDigest\.seconds of run .*first byte 31/);
  });
});
