import { describe, expect, it } from 'vitest';
import { deleteTargetQuestion } from './delete-target';

describe('deleteTargetQuestion', () => {
  it('names the plans that can no longer run, and says runs are kept', () => {
    expect(deleteTargetQuestion('Checkout', ['Smoke'])).toBe(
      'Delete target “Checkout”? The plan “Smoke” uses it and can no longer run until moved to another target. Its runs and their reports are kept.',
    );
    expect(deleteTargetQuestion('Checkout', ['A', 'B'])).toContain('2 plans “A”, “B” use it');
    expect(deleteTargetQuestion('Checkout', ['A', 'B', 'C', 'D', 'E'])).toContain('5 plans “A”, “B”, “C” and 2 more use it');
  });

  it('says when no plan uses it, and does not guess before the plans are known', () => {
    expect(deleteTargetQuestion('Checkout', [])).toBe('Delete target “Checkout”? No plan uses it. Its runs and their reports are kept.');
    expect(deleteTargetQuestion('Checkout', undefined)).toContain('Plans that use it can no longer run');
  });
});
