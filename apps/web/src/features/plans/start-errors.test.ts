import { describe, expect, it } from 'vitest';
import { startErrorNeedsPlanChange, startErrorTitle } from './start-errors';

describe('start errors', () => {
  it('titles the refusals a person can act on, and falls back for the rest', () => {
    expect(startErrorTitle('SEGMENTS_EXCEED_RUNNERS')).toBe('This plan needs more runners at once than this installation can have.');
    expect(startErrorTitle('SEGMENTS_EXCEED_VUS')).toBe('This plan has more segments than a scenario has VUs.');
    expect(startErrorTitle('QUOTA_EXCEEDED')).toBe("The run would go over your organization's quota.");
    expect(startErrorTitle('TARGET_SECRETS_UNREADABLE')).toBe("This target's headers and variables cannot be opened on this installation.");
    expect(startErrorTitle('QUEUE_UNAVAILABLE')).toBe('The run could not be started.');
    expect(startErrorTitle(null)).toBe('The run could not be started.');
  });

  it('sends the split-run refusals back to the plan editor', () => {
    expect(startErrorNeedsPlanChange('SEGMENTS_EXCEED_RUNNERS')).toBe(true);
    expect(startErrorNeedsPlanChange('SEGMENTS_EXCEED_VUS')).toBe(true);
    expect(startErrorNeedsPlanChange('QUOTA_EXCEEDED')).toBe(false);
  });
});
