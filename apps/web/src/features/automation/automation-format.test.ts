import { describe, expect, it } from 'vitest';
import { SLOT_OUTCOME, deliveryError, deliverySummary, formatFireTime, timeZones, triggerCurl } from './automation-format';

describe('automation view models', () => {
  it("shows fire times in the schedule's own zone", () => {
    expect(formatFireTime('2026-11-23T02:00:00.000Z', 'Europe/Paris')).toBe('Mon, Nov 23, 03:00 GMT+1');
    expect(formatFireTime('2026-07-01T03:00:00.000Z', 'UTC')).toBe('Wed, Jul 1, 03:00 UTC');
  });

  it('lists UTC first among the time zones', () => {
    const zones = timeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
  });

  it('writes a curl line with an Idempotency-Key that the shell expands', () => {
    const curl = triggerCurl('http://127.0.0.1:8080/api/v1/triggers/llt_abc');
    expect(curl).toContain("curl -X POST 'http://127.0.0.1:8080/api/v1/triggers/llt_abc'");
    expect(curl).toContain('-H "Idempotency-Key: deploy-$CI_PIPELINE_ID"');
  });

  it('labels slot outcomes and deliveries in words', () => {
    expect(SLOT_OUTCOME.SKIPPED_OVERLAP.label).toBe('Skipped: previous run still going');
    expect(deliverySummary({ responseCode: 200, durationMs: 12, attempts: 1 })).toBe('HTTP 200 in 12 ms');
    expect(deliverySummary({ responseCode: null, durationMs: null, attempts: 3 })).toBe('no response (3 attempts)');
    // A refused connection takes a millisecond: no time is shown without a response.
    expect(deliverySummary({ responseCode: null, durationMs: 1, attempts: 1 })).toBe('no response');
  });

  it("says why a delivery failed in words, also for errors stored in Node's words", () => {
    expect(deliveryError({ lastError: 'connect ECONNREFUSED 127.0.0.1:9' })).toBe('connection refused by 127.0.0.1:9');
    expect(deliveryError({ lastError: 'connection refused by 127.0.0.1:9' })).toBe('connection refused by 127.0.0.1:9');
    expect(deliveryError({ lastError: 'answered 500' })).toBe('answered 500');
    expect(deliveryError({ lastError: null })).toBeNull();
  });
});
