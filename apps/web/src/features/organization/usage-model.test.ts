import { describe, expect, it } from 'vitest';
import { updateQuotasSchema } from '@loadline/shared';
import { changedQuotas, draftOf, usageBar } from './usage-model';

const quotas = { maxVusPerRun: 500, maxRunDurationSeconds: 3600, maxConcurrentRuns: 3, monthlyVuMinutes: 100_000 };

describe('usageBar', () => {
  it('fills by the share used and warns near and at the limit', () => {
    expect(usageBar(0, 100)).toEqual({ used: 0, limit: 100, fraction: 0, level: 'ok' });
    expect(usageBar(85, 100)).toMatchObject({ fraction: 0.85, level: 'high' });
    expect(usageBar(100, 100)).toMatchObject({ fraction: 1, level: 'full' });
    expect(usageBar(250, 100)).toMatchObject({ fraction: 1, level: 'full' });
  });
});

describe('changedQuotas', () => {
  it('sends only what changed', () => {
    expect(changedQuotas(draftOf(quotas), quotas)).toEqual({});
    expect(changedQuotas({ ...draftOf(quotas), maxVusPerRun: ' 800 ' }, quotas)).toEqual({ maxVusPerRun: 800 });
  });

  it('lets the shared schema refuse what is not a whole number in range', () => {
    const changes = changedQuotas({ ...draftOf(quotas), maxConcurrentRuns: 'x', maxRunDurationSeconds: '5' }, quotas);
    const parsed = updateQuotasSchema.safeParse(changes);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['maxConcurrentRuns', 'maxRunDurationSeconds']);
  });
});
