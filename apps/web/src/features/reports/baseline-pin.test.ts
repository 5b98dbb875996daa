import { describe, expect, it } from 'vitest';
import { pinWarning } from './baseline-pin';

describe('pinWarning', () => {
  it('warns before an INCONCLUSIVE run becomes the baseline, saying why', () => {
    expect(pinWarning('INCONCLUSIVE')).toMatch(/^This run is INCONCLUSIVE: its figures could not support a verdict/);
  });

  it('warns for a failed run too, and not for a passed one or one without thresholds', () => {
    expect(pinWarning('FAIL')).toContain('FAILED its thresholds');
    expect(pinWarning('PASS')).toBeNull();
    expect(pinWarning(null)).toBeNull();
    expect(pinWarning(undefined)).toBeNull();
  });
});
