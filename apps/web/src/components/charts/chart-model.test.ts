import { describe, expect, it } from 'vitest';
import { formatBytes, formatClock, formatTick, formatValue, niceAxis, niceSplits } from './chart-model';

describe('chart formatting', () => {
  it('shows elapsed seconds as a clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(90)).toBe('1:30');
    expect(formatClock(3723)).toBe('1:02:03');
  });

  it('keeps axis ticks short', () => {
    expect(formatTick(0)).toBe('0');
    expect(formatTick(0.25)).toBe('0.25');
    expect(formatTick(2.5)).toBe('2.5');
    expect(formatTick(1250)).toBe('1,250');
    expect(formatTick(12_500)).toBe('12.5k');
    expect(formatTick(1_500_000)).toBe('1.5M');
  });

  it('puts the unit on tooltip values', () => {
    expect(formatValue(12.345, 'ms')).toBe('12.3 ms');
    expect(formatValue(1234.5, 'req/s')).toBe('1,235 req/s');
    expect(formatValue(0.5, '%')).toBe('0.5 %');
    expect(formatValue(null, 'ms')).toBe('—');
  });
});

describe('telemetry units', () => {
  it('shows bytes in binary units and a unitless value bare', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(236 * 1024 * 1024)).toBe('236 MiB');
    expect(formatValue(3 * 1024 ** 3, 'bytes')).toBe('3 GiB');
    expect(formatValue(0.97, 'cores')).toBe('0.97 cores');
    expect(formatValue(42, '')).toBe('42');
  });
});

describe('niceAxis', () => {
  it('puts the top label at or above the highest point, on a round value', () => {
    expect(niceAxis(27)).toEqual({ top: 30, step: 10 });
    expect(niceAxis(19)).toEqual({ top: 20, step: 5 });
    expect(niceAxis(0.37)).toEqual({ top: 0.4, step: 0.1 });
    expect(niceAxis(1234)).toEqual({ top: 1500, step: 500 });
    expect(niceAxis(0)).toEqual({ top: 1, step: 0.25 });
  });

  it('never leaves a point above the top label, and gives the same axis again for its own top', () => {
    for (let max = 0.013; max < 50_000; max *= 1.37) {
      const { top } = niceAxis(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(niceAxis(top).top).toBe(top);
      const splits = niceSplits(top);
      expect(splits.at(-1)).toBe(top);
      expect(splits.length).toBeLessThanOrEqual(5);
    }
  });

  it('keeps whole steps for VUs', () => {
    expect(niceAxis(3, true)).toEqual({ top: 3, step: 1 });
    expect(niceSplits(3, true)).toEqual([0, 1, 2, 3]);
  });
});
