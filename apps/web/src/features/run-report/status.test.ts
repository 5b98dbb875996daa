import { describe, expect, it } from 'vitest';
import { RUN_STATUSES } from '@loadline/shared';
import { STATUS_TONE, outcomeHeadline, progressIndex } from './status';

describe('run status presentation', () => {
  it('walks QUEUED -> STARTING -> RUNNING -> FINISHING -> outcome', () => {
    expect(['QUEUED', 'STARTING', 'RUNNING', 'FINISHING', 'PASSED'].map((s) => progressIndex(s as never))).toEqual([0, 1, 2, 3, 4]);
    expect(progressIndex('ERRORED')).toBe(4);
  });

  it('has a tone for every status', () => {
    for (const status of RUN_STATUSES) expect(STATUS_TONE[status]).toBeDefined();
    expect(STATUS_TONE.PASSED).toBe('success');
    expect(STATUS_TONE.FAILED).toBe('danger');
  });

  it('writes the verdict headline', () => {
    expect(outcomeHeadline('PASSED', 2, 0)).toBe('Passed: all 2 requirements met');
    expect(outcomeHeadline('FAILED', 3, 1)).toBe('Failed: 1 of 3 requirements not met');
    expect(outcomeHeadline('PASSED', 0, 0)).toMatch(/no thresholds/);
  });
});
