import { RUN_STATUSES, TERMINAL_RUN_STATUSES } from '@loadline/shared';
import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeForStatus } from './exit-codes.js';

describe('exitCodeForStatus', () => {
  it('maps each way a run ends', () => {
    expect(exitCodeForStatus('PASSED')).toBe(0);
    expect(exitCodeForStatus('FAILED')).toBe(1);
    expect(exitCodeForStatus('ERRORED')).toBe(2);
    expect(exitCodeForStatus('INCONCLUSIVE')).toBe(2);
    expect(exitCodeForStatus('CANCELLED')).toBe(2);
  });

  it('has an answer for every status, and only PASSED is 0', () => {
    for (const status of RUN_STATUSES) {
      const code = exitCodeForStatus(status);
      expect([EXIT.OK, EXIT.FAILED, EXIT.NO_VERDICT]).toContain(code);
      expect(code === EXIT.OK).toBe(status === 'PASSED');
    }
    // A run still going (a timeout) has no verdict.
    for (const status of RUN_STATUSES.filter((status) => !TERMINAL_RUN_STATUSES.includes(status))) expect(exitCodeForStatus(status)).toBe(2);
  });

  it('keeps 3 for errors before a run exists', () => {
    expect(EXIT.USAGE).toBe(3);
  });
});
