import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatLatency, formatMs, formatPercent, formatRelativeError, formatRps } from './numbers';

describe('formatMs', () => {
  it('shrinks precision as values grow', () => {
    expect(formatMs(0.4213)).toBe('0.421');
    expect(formatMs(1.8649)).toBe('1.86');
    expect(formatMs(12.345)).toBe('12.3');
    expect(formatMs(1234.5)).toBe('1,235');
    expect(formatMs(0)).toBe('0');
  });

  it('shows a dash for missing values', () => {
    expect(formatMs(null)).toBe('—');
    expect(formatMs(undefined)).toBe('—');
    expect(formatMs(Number.NaN)).toBe('—');
  });
});

describe('formatLatency', () => {
  it('adds the unit and switches to seconds for long latencies', () => {
    expect(formatLatency(1.86)).toBe('1.86 ms');
    expect(formatLatency(12_400)).toBe('12.4 s');
    expect(formatLatency(null)).toBe('—');
  });
});

describe('formatPercent', () => {
  it('turns fractions into percentages', () => {
    expect(formatPercent(0.0123)).toBe('1.23 %');
    expect(formatPercent(0.5)).toBe('50 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(formatPercent(1)).toBe('100 %');
  });

  it('never rounds a real error rate down to zero', () => {
    expect(formatPercent(0.00001)).toBe('<0.01 %');
  });
});

describe('formatRps, formatCount, formatBytes', () => {
  it('formats throughput', () => {
    expect(formatRps(26_600.4)).toBe('26,600');
    expect(formatRps(56.78)).toBe('56.8');
    expect(formatRps(0.5)).toBe('0.5');
  });

  it('groups counts', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(undefined)).toBe('—');
  });

  it('uses binary units for bytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12.3 * 1024 * 1024)).toBe('12.3 MB');
  });
});

describe('formatRelativeError', () => {
  it('renders the summary percentileRelativeError as a ± note', () => {
    expect(formatRelativeError(0.005)).toBe('±0.5 %');
    expect(formatRelativeError(0.01)).toBe('±1 %');
  });
});
