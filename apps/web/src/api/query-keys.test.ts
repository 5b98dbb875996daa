import { describe, expect, it } from 'vitest';
import { isOrganizationScoped, queryKeys } from './query-keys';

describe('isOrganizationScoped', () => {
  it('drops organization data on a switch but keeps who is signed in, invite previews and their sessions', () => {
    expect(isOrganizationScoped(queryKeys.targets.list())).toBe(true);
    expect(isOrganizationScoped(queryKeys.runs.detail('r1'))).toBe(true);
    expect(isOrganizationScoped(queryKeys.audit.list(undefined))).toBe(true);
    expect(isOrganizationScoped(queryKeys.organization.usage())).toBe(true);
    expect(isOrganizationScoped(queryKeys.me)).toBe(false);
    expect(isOrganizationScoped(queryKeys.invitation('lli_x'))).toBe(false);
    expect(isOrganizationScoped(queryKeys.passwordReset('llr_x'))).toBe(false);
    expect(isOrganizationScoped(queryKeys.sessions)).toBe(false);
    expect(isOrganizationScoped(queryKeys.publicShare('lls_x'))).toBe(false);
    expect(isOrganizationScoped(queryKeys.reports.trend('p1'))).toBe(true);
    expect(isOrganizationScoped(queryKeys.webhooks.list())).toBe(true);
  });
});
