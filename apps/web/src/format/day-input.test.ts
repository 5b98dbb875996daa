import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from './day-input';

describe('day inputs', () => {
  it('reads the app’s own way of writing a day, and a few others', () => {
    expect(parseDay('Nov 26, 2026')).toBe('2026-11-26');
    expect(parseDay('november 6 2026')).toBe('2026-11-06');
    expect(parseDay('6 Nov 2026')).toBe('2026-11-06');
    expect(parseDay(' 2026-11-26 ')).toBe('2026-11-26');
    expect(parseDay('')).toBe('');
  });

  it('refuses what is not a day (mm/dd/yyyy included: it reads two ways)', () => {
    expect(parseDay('11/26/2026')).toBeNull();
    expect(parseDay('Feb 30, 2026')).toBeNull();
    expect(parseDay('Smarch 3, 2026')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
  });

  it('writes a day as the app does', () => {
    expect(formatDay('2026-11-26')).toBe('Nov 26, 2026');
    expect(formatDay('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDay('bad')).toBe('');
  });
});
