import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../test/stack.js';
import { TEST_PASSWORD, type ApiClient } from '../test/api-client.js';
import { organizationWithEveryRole, type OrgPeople } from '../test/org-fixture.js';

const NEW_PASSWORD = 'lantern orbit velvet quarry';
const RESET_PASSWORD = 'mosaic thistle harbor cobalt';

/**
 * Changing one's password (the current one required; other sessions end) and a reset without
 * e-mail: an OWNER or ADMIN issues a one-hour, one-time link for a member, shown once to them,
 * stored hashed, which the member opens to choose a new password.
 */
describe('password change and admin-issued reset links', () => {
  let stack: TestStack;
  let people: OrgPeople;

  beforeAll(async () => {
    stack = await startStack({ label: 'passwords', runner: false });
    people = await organizationWithEveryRole(stack.api, 'pw');
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  const actions = async (client: ApiClient) => (await client.get('/audit?limit=100')).body.events.map((event: { action: string }) => event.action);

  it('changes the password with the current one, ends the other sessions, keeps this one, audits it', async () => {
    const { client, email } = await stack.api.signup('changer');
    const other = await stack.api.login(email);

    const wrong = await client.post('/auth/password', { currentPassword: 'not it at all', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
    const weak = await client.post('/auth/password', { currentPassword: TEST_PASSWORD, newPassword: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('WEAK_PASSWORD');
    const personal = await client.post('/auth/password', { currentPassword: TEST_PASSWORD, newPassword: `${email.split('@')[0]} forty two` });
    expect(personal.body.error.code).toBe('WEAK_PASSWORD');
    expect((await other.get('/me')).status).toBe(200);

    expect((await client.post('/auth/password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(204);
    expect((await client.get('/me')).status).toBe(200);
    const ended = await other.get('/me');
    expect(ended.status).toBe(401);
    expect((await stack.api.post('/auth/login', { email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await stack.api.post('/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);
    expect(await actions(client)).toContain('auth.password_changed');
    // API keys are not a person's: they cannot change one.
    const key = (await client.post('/api-keys', { name: 'ci', role: 'ADMIN' })).body.secret;
    expect((await stack.api.as(key).post('/auth/password', { currentPassword: NEW_PASSWORD, newPassword: TEST_PASSWORD })).body.error.code).toBe(
      'SESSION_REQUIRED',
    );
  });

  it('counts wrong current passwords like failed logins', async () => {
    const { client } = await stack.api.signup('guesser');
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await client.post('/auth/password', { currentPassword: `guess ${i} wrong`, newPassword: NEW_PASSWORD })).status;
    expect(last).toBe(429);
  });

  it('lets an admin issue a one-hour reset link for a member, shown once, stored hashed, used once', async () => {
    const memberId = people.MEMBER.session.user.id;
    const memberSession = await stack.api.login(people.MEMBER.email);
    const issued = await people.ADMIN.client.post(`/members/${memberId}/password-reset`);
    expect(issued.status).toBe(201);
    expect(issued.body.url).toMatch(new RegExp(`/reset-password/${issued.body.token}$`));
    expect(issued.body.token).toMatch(/^llr_[A-Za-z0-9_-]{43}$/);
    expect((Date.parse(issued.body.reset.expiresAt) - Date.now()) / 60_000).toBeCloseTo(60, 0);
    expect(issued.body.reset).toMatchObject({ email: people.MEMBER.email });
    const stored = await stack.db.query<{ tokenHash: string }>('SELECT "tokenHash" FROM "PasswordReset"');
    expect(JSON.stringify(stored)).not.toContain(issued.body.token.slice(4));

    const preview = await stack.api.get(`/password-resets/${issued.body.token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ email: people.MEMBER.email });
    const weak = await stack.api.post(`/password-resets/${issued.body.token}`, { password: 'password123' });
    expect(weak.body.error.code).toBe('WEAK_PASSWORD');
    expect((await stack.api.post(`/password-resets/${issued.body.token}`, { password: RESET_PASSWORD })).status).toBe(204);
    // Every session of the member ends; the new password signs in, the old one not.
    expect((await memberSession.get('/me')).status).toBe(401);
    expect((await people.MEMBER.client.get('/me')).status).toBe(401);
    expect((await stack.api.post('/auth/login', { email: people.MEMBER.email, password: TEST_PASSWORD })).status).toBe(401);
    people.MEMBER.client = await stack.api.login(people.MEMBER.email, RESET_PASSWORD);

    const again = await stack.api.post(`/password-resets/${issued.body.token}`, { password: NEW_PASSWORD });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('RESET_LINK_EXPIRED');
    expect((await stack.api.get('/password-resets/llr_made-up')).body.error.code).toBe('RESET_LINK_NOT_FOUND');
    const audited = await actions(people.OWNER.client);
    expect(audited).toEqual(expect.arrayContaining(['member.password_reset_issued', 'auth.password_reset']));
  });

  it('refuses a reset above the issuer, for oneself, by members and keys, and for a person of other organizations', async () => {
    const forOwner = await people.ADMIN.client.post(`/members/${people.OWNER.session.user.id}/password-reset`);
    expect(forOwner.status).toBe(403);
    expect(forOwner.body.error.code).toBe('ROLE_NOT_GRANTABLE');
    const self = await people.ADMIN.client.post(`/members/${people.ADMIN.session.user.id}/password-reset`);
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('RESET_NOT_ALLOWED');
    expect((await people.MEMBER.client.post(`/members/${people.VIEWER.session.user.id}/password-reset`)).status).toBe(403);
    const key = (await people.OWNER.client.post('/api-keys', { name: 'admin key', role: 'ADMIN' })).body.secret;
    expect((await stack.api.as(key).post(`/members/${people.VIEWER.session.user.id}/password-reset`)).body.error.code).toBe('SESSION_REQUIRED');

    // A person who also belongs elsewhere: this organization's admin cannot take over their account.
    const elsewhere = await stack.api.signup('elsewhere');
    const joined = await elsewhere.client.post(`/invitations/${(await people.OWNER.client.post('/invites', { role: 'VIEWER' })).body.token}/accept`);
    expect(joined.status).toBe(201);
    const refused = await people.OWNER.client.post(`/members/${elsewhere.session.user.id}/password-reset`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('RESET_NOT_ALLOWED');
  });

  it('ends a link after an hour, when a newer one is issued, and when its issuer loses the power to issue it', async () => {
    const viewerId = people.VIEWER.session.user.id;
    const expired = (await people.OWNER.client.post(`/members/${viewerId}/password-reset`)).body;
    await stack.db.query(`UPDATE "PasswordReset" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = encode(sha256($1::bytea), 'hex')`, [
      expired.token,
    ]);
    expect((await stack.api.get(`/password-resets/${expired.token}`)).body.error.code).toBe('RESET_LINK_EXPIRED');

    const first = (await people.OWNER.client.post(`/members/${viewerId}/password-reset`)).body;
    const second = (await people.OWNER.client.post(`/members/${viewerId}/password-reset`)).body;
    expect((await stack.api.get(`/password-resets/${first.token}`)).body.error.code).toBe('RESET_LINK_EXPIRED');
    expect((await stack.api.get(`/password-resets/${second.token}`)).status).toBe(200);

    // An admin's link dies with the admin's power: demoted to MEMBER, they may not manage members.
    const invite = (await people.OWNER.client.post('/invites', { role: 'ADMIN' })).body;
    const admin = await stack.api.signup('reset-issuer', invite.token);
    const byAdmin = (await admin.client.post(`/members/${viewerId}/password-reset`)).body;
    expect((await stack.api.get(`/password-resets/${byAdmin.token}`)).status).toBe(200);
    expect((await people.OWNER.client.patch(`/members/${admin.session.user.id}`, { role: 'MEMBER' })).status).toBe(200);
    expect((await stack.api.post(`/password-resets/${byAdmin.token}`, { password: RESET_PASSWORD })).body.error.code).toBe('RESET_LINK_EXPIRED');
    const reduced = (await people.OWNER.client.get('/audit?action=member.power_reduced')).body.events[0];
    expect(reduced.details.passwordResetsRevoked).toHaveLength(1);
  });

  it('requires the CSRF token for a password change made with the session cookie', async () => {
    const { email } = await stack.api.signup('csrf-password');
    const login = await fetch(`${stack.api.base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-loadline-session': 'cookie' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const forged = await fetch(`${stack.api.base}/auth/password`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }),
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('CSRF_FAILED');
  });
});
