import { describe, expect, it } from 'vitest';
import { describeErrorCode, failureReason } from './error-codes.js';

describe('error codes', () => {
  it('says what k6 codes mean, by name and by range', () => {
    expect(describeErrorCode('1212')).toBe('connection refused');
    expect(describeErrorCode('1050')).toBe('timed out');
    expect(describeErrorCode('1632')).toBe('HTTP/2 stream error');
    expect(describeErrorCode('1503')).toBe('HTTP 503');
    expect(describeErrorCode('4242')).toBe('error 4242');
  });

  it('keeps a code only when it says more than the status', () => {
    expect(failureReason({ status: 0, errorCode: '1212' })).toBe('1212');
    expect(failureReason({ status: 404, errorCode: '1404' })).toBeNull();
    expect(failureReason({ status: 200, errorCode: '1701' })).toBe('1701');
    expect(failureReason({ status: 14, errorCode: '1212' })).toBe('1212'); // gRPC UNAVAILABLE: refused
    expect(failureReason({ status: 101, errorCode: '' })).toBeNull();
  });
});
