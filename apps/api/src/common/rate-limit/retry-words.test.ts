import { describe, expect, it } from 'vitest';
import { retryInWords } from './retry-words.js';

const now = new Date('2026-11-27T09:46:00Z');

describe('retryInWords', () => {
  it('says minutes, rounded up, and the UTC clock time they end at', () => {
    expect(retryInWords(55 * 60_000 + 30_000, now)).toBe('in 56 minutes (at 10:42 UTC)');
  });

  it('uses the singular for one', () => {
    expect(retryInWords(60_000, now)).toBe('in 1 minute (at 09:47 UTC)');
    expect(retryInWords(1_000, now)).toBe('in 1 second (at 09:47 UTC)');
  });

  it('says seconds under a minute, and hours past two', () => {
    expect(retryInWords(45_000, now)).toBe('in 45 seconds (at 09:47 UTC)');
    expect(retryInWords(150 * 60_000, now)).toBe('in 2 hours 30 minutes (at 12:16 UTC)');
    expect(retryInWords(180 * 60_000, now)).toBe('in 3 hours (at 12:46 UTC)');
  });

  it('never says zero: a window about to end is a second away', () => {
    expect(retryInWords(0, now)).toBe('in 1 second (at 09:47 UTC)');
  });
});
