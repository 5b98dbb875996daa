import { describe, expect, it } from 'vitest';
import { failureReasons, hasResponseSizes } from './requests-model';

describe('per-request table model', () => {
  it('lists failure reasons in words, most frequent first', () => {
    expect(failureReasons({ '1050': 3, '1212': 40, '1220': 0 })).toEqual([
      { code: '1212', label: 'connection refused', count: 40 },
      { code: '1050', label: 'timed out', count: 3 },
    ]);
    expect(failureReasons(undefined)).toEqual([]);
  });

  it('shows size columns only when some request was sized', () => {
    const request = { name: 'A', count: 1, rps: 1, errors: 0, errorRate: 0, statusCounts: {}, errorCodes: {}, latency: null, responseBytes: null };
    expect(hasResponseSizes({ requests: [request] })).toBe(false);
    expect(hasResponseSizes({ requests: [request, { ...request, name: 'B', responseBytes: { avg: 1, p95: 1, max: 1 } }] })).toBe(true);
  });
});
