import { describe, expect, it } from 'vitest';
import { elapsedSeconds, formatRelative, formatSeconds } from './time';

describe('formatSeconds', () => {
  it('reads like a person would say it', () => {
    expect(formatSeconds(3)).toBe('3 s');
    expect(formatSeconds(90)).toBe('1 min 30 s');
    expect(formatSeconds(120)).toBe('2 min');
    expect(formatSeconds(3_780)).toBe('1 h 3 min');
    expect(formatSeconds(null)).toBe('—');
    expect(formatSeconds(-1)).toBe('—');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('is relative for recent times', () => {
    expect(formatRelative('2026-01-10T11:59:50Z', now)).toBe('just now');
    expect(formatRelative('2026-01-10T11:55:00Z', now)).toBe('5 min ago');
    expect(formatRelative('2026-01-10T09:00:00Z', now)).toBe('3 h ago');
    expect(formatRelative('2026-01-09T12:00:00Z', now)).toBe('1 day ago');
  });

  it('handles missing and malformed input', () => {
    expect(formatRelative(null, now)).toBe('—');
    expect(formatRelative('not a date', now)).toBe('—');
  });
});

describe('elapsedSeconds', () => {
  it('measures between two timestamps, or up to now while running', () => {
    expect(elapsedSeconds('2026-01-10T12:00:00Z', '2026-01-10T12:00:03.5Z')).toBe(3.5);
    expect(elapsedSeconds('2026-01-10T12:00:00Z', null, new Date('2026-01-10T12:01:00Z'))).toBe(60);
    expect(elapsedSeconds(null, null)).toBeNull();
  });
});
