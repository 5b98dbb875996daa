import { describe, expect, it } from 'vitest';
import { explainRunError } from './run-errors';

describe('explainRunError', () => {
  it('explains the ways a split run ends before or during its load', () => {
    expect(explainRunError('NOT_ENOUGH_RUNNERS')?.title).toBe('Not enough runners');
    expect(explainRunError('NOT_ENOUGH_RUNNERS')?.advice).toMatch(/“Runners \(segments\)” field/);
    expect(explainRunError('SEGMENT_LOST')?.title).toBe('A runner stopped responding during the run');
    expect(explainRunError('RUNNERS_NOT_READY')?.title).toBe('The runners could not get k6 ready');
  });

  it('leaves unknown codes (and object keys that are not codes) to the message alone', () => {
    expect(explainRunError('SOMETHING_NEW')).toBeNull();
    expect(explainRunError('constructor')).toBeNull();
  });
});
