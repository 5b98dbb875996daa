import { describe, expect, it } from 'vitest';
import { emptyHistogram, recordValue } from './histogram.js';
import { mergeSegmentsBySecond } from './series-merge.js';
import type { RequestSecond } from './series.js';
import { summarizeSeconds } from './summary.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

/** A row of `count` requests that failed before any answer: counted, never timed. */
const failedRow = (name: string, status: number, errorCode: string, count: number, method = 'WS'): RequestSecond => ({
  ...requestSecond(name, status, [], false),
  method,
  errorCode,
  count,
});

const sized = (row: RequestSecond, sizes: number[]): RequestSecond => {
  const responseBytes = emptyHistogram();
  sizes.forEach((size) => recordValue(responseBytes, size));
  return { ...row, responseBytes };
};

describe('summarizeSeconds: failures without a latency', () => {
  it('reads round-trip figures from completed round trips only, and counts the rest as failures with their reason', () => {
    const ws = (row: RequestSecond) => ({ ...row, method: 'WS' });
    const summary = summarizeSeconds([
      second(1, [
        ws(requestSecond('Chat (connect)', 101, [0.4, 0.5])),
        failedRow('Chat (connect)', 0, '1212', 2),
        ws(requestSecond('Chat', 101, [20.4, 21, 25])),
        // The messages of the two sessions that never connected, and a reply that never came.
        failedRow('Chat', 0, '1212', 4),
        failedRow('Chat', 0, '1050', 1),
      ]),
    ]);
    const chat = summary.requests.find((request) => request.name === 'Chat')!;
    expect(chat).toMatchObject({ count: 8, errors: 5, statusCounts: { '101': 3, '0': 5 }, errorCodes: { '1212': 4, '1050': 1 } });
    // Not 0 ms: the fastest round trip that completed.
    expect(chat.latency).toMatchObject({ samples: 3, min: 20.4, max: 25 });
    expect(chat.latency!.avg).toBeCloseTo((20.4 + 21 + 25) / 3, 9);
    const connect = summary.requests.find((request) => request.name === 'Chat (connect)')!;
    expect(connect).toMatchObject({ count: 4, errors: 2, errorCodes: { '1212': 2 }, latency: { samples: 2, min: 0.4 } });
    expect(summary.overall).toMatchObject({ count: 12, errors: 7, errorCodes: { '1212': 6, '1050': 1 } });
  });

  it('has no latency for a name none of whose requests completed', () => {
    const summary = summarizeSeconds([second(1, [failedRow('Say', 14, '1212', 3, 'GRPC')])]);
    expect(summary.requests[0]).toMatchObject({
      name: 'Say',
      count: 3,
      errors: 3,
      statusCounts: { 'grpc:UNAVAILABLE': 3 },
      errorCodes: { '1212': 3 },
      latency: null,
    });
  });

  it('keeps only error codes that say more than the status: an HTTP 404 is not also "error 1404"', () => {
    const notFound = { ...requestSecond('Get', 404, [2]), errorCode: '1404' };
    const timedOut = { ...requestSecond('Get', 0, [60_000]), errorCode: '1050' };
    const summary = summarizeSeconds([second(1, [notFound, timedOut])]);
    expect(summary.requests[0]!.errorCodes).toEqual({ '1050': 1 });
  });
});

describe('summarizeSeconds: response sizes', () => {
  it("merges each name's sizes over seconds and segments: average, p95 within 0.5 %, largest", () => {
    // Two segments; Small answers 1,000 bytes, Large 50,000 bytes and one 60,000.
    const segment = (index: number, t: number, large: number[]) => ({
      segmentIndex: index,
      generator: null,
      sample: second(t, [
        sized(requestSecond('Small', 200, repeat(1, 100)), repeat(1_000, 100)),
        sized(requestSecond('Large', 200, repeat(5, large.length)), large),
      ]),
    });
    const merged = mergeSegmentsBySecond([segment(0, 1, repeat(50_000, 50)), segment(1, 1, repeat(50_000, 49)), segment(0, 2, [60_000])]);
    const summary = summarizeSeconds(merged.map((m) => m.sample));
    const bytes = (name: string) => summary.requests.find((request) => request.name === name)!.responseBytes;
    expect(bytes('Small')).toMatchObject({ avg: 1_000, max: 1_000 });
    expect(Math.abs(bytes('Small')!.p95 - 1_000) / 1_000).toBeLessThanOrEqual(0.005);
    expect(bytes('Large')!.avg).toBeCloseTo((99 * 50_000 + 60_000) / 100, 6);
    expect(Math.abs(bytes('Large')!.p95 - 50_000) / 50_000).toBeLessThanOrEqual(0.005);
    expect(bytes('Large')!.max).toBe(60_000);
  });

  it('has no size where no response was sized: other protocols, and seconds stored before sizes were kept', () => {
    const summary = summarizeSeconds([second(1, [requestSecond('Old', 200, [1, 2]), { ...requestSecond('Chat', 101, [20]), method: 'WS' }])]);
    expect(summary.requests.map((request) => request.responseBytes)).toEqual([null, null]);
  });
});
