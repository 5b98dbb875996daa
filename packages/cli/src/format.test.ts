import { describe, expect, it } from 'vitest';
import { formatCount, formatMs, formatPercent, formatRps, formatSeconds, formatTable, formatTime } from './format.js';

describe('formatTable', () => {
  it('pads columns to their widest cell, right-aligns numbers, leaves no trailing blanks', () => {
    const table = formatTable(
      ['NAME', { header: 'COUNT', align: 'right' }, 'NOTE'],
      [
        ['GetListing', '12,345', 'fast'],
        ['Search', '7', ''],
      ],
    );
    expect(table.split('\n')).toEqual(['NAME         COUNT  NOTE', 'GetListing  12,345  fast', 'Search           7']);
  });

  it('prints the header alone when there are no rows, and tolerates short rows', () => {
    expect(formatTable(['A', 'B'], [])).toBe('A  B');
    expect(formatTable(['A', 'B'], [['x']])).toBe('A  B\nx');
  });
});

describe('numbers', () => {
  it('formats counts, rates, latencies and percentages for logs', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatRps(411.54)).toBe('411.5');
    expect(formatRps(0)).toBe('0.0');
    expect(formatRps(12345.6)).toBe('12,346');
    expect(formatMs(0.41234)).toBe('0.412 ms');
    expect(formatMs(3.414)).toBe('3.41 ms');
    expect(formatMs(48.25)).toBe('48.3 ms');
    expect(formatMs(1204.4)).toBe('1,204 ms');
    expect(formatMs(null)).toBe('-');
    expect(formatMs(undefined)).toBe('-');
    expect(formatPercent(0.0123)).toBe('1.23 %');
    expect(formatPercent(0)).toBe('0.00 %');
  });

  it('formats durations and times', () => {
    expect(formatSeconds(0)).toBe('0s');
    expect(formatSeconds(59.6)).toBe('1m00s');
    expect(formatSeconds(125)).toBe('2m05s');
    expect(formatSeconds(3720)).toBe('1h02m');
    expect(formatTime('2026-11-21T22:42:41.123Z')).toBe('2026-11-21 22:42Z');
    expect(formatTime(null)).toBe('-');
  });
});
