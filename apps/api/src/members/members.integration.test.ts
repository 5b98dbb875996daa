import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../test/stack.js';
import { TEST_PASSWORD } from '../test/api-client.js';
import { organizationWithEveryRole, type OrgPeople } from '../test/org-fixture.js';

describe('members and invites: links, roles, the last owner', () => {
  let stack: TestStack;
  let people: OrgPeople;

  beforeAll(async () => {
    stack = await startStack({ label: 'members', runner: false });
    people = await organizationWithEveryRole(stack.api, 'members');
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  const userCount = async () => Number((await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM "User"'))[0]!.n);

  it('joins through an invite link with the invite role, once', async () => {
    const invite = await people.ADMIN.client.post('/invites', { role: 'MEMBER', email: 'newcomer@example.test' });
    expect(invite.status).toBe(201);
    expect(invite.body.url).toMatch(new RegExp(`/invite/${invite.body.token}$`));
    expect(invite.body.invite).toMatchObject({ role: 'MEMBER', email: 'newcomer@example.test', createdBy: people.ADMIN.email });

    const preview = await stack.api.get(`/invitations/${invite.body.token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ organization: { name: 'Org members-owner' }, role: 'MEMBER', invitedBy: people.ADMIN.email });

    // The invite names newcomer@: the link forwarded to (or intercepted by) anyone else is no use.
    const before = await userCount();
    const elsewhere = await stack.api.post('/auth/signup', {
      email: 'someone-else@example.test',
      password: TEST_PASSWORD,
      name: 'Else',
      inviteToken: invite.body.token,
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.code).toBe('INVITE_FOR_ANOTHER_EMAIL');
    expect(await userCount()).toBe(before);
    const existing = await stack.api.signup('existing-user');
    const acceptedByOther = await existing.client.post(`/invitations/${invite.body.token}/accept`);
    expect(acceptedByOther.status).toBe(403);
    expect(acceptedByOther.body.error.code).toBe('INVITE_FOR_ANOTHER_EMAIL');

    const joined = await stack.api.post('/auth/signup', {
      email: 'Newcomer@Example.test',
      password: TEST_PASSWORD,
      name: 'Newcomer',
      inviteToken: invite.body.token,
    });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ role: 'MEMBER', tenant: { id: people.OWNER.session.tenant.id } });

    const beforeReuse = await userCount();
    const reuse = await stack.api.post('/auth/signup', {
      email: 'second@example.test',
      password: TEST_PASSWORD,
      name: 'Second',
      inviteToken: invite.body.token,
    });
    expect(reuse.status).toBe(409);
    expect(reuse.body.error.code).toBe('INVITE_ALREADY_USED');
    expect(await userCount()).toBe(beforeReuse);
    expect((await people.OWNER.client.get('/invites')).body.items.map((item: { id: string }) => item.id)).not.toContain(invite.body.invite.id);
  });

  it('makes the account of a sign-up through an e-mail invite with the invited address: the delivered link is the proof', async () => {
    const invite = await people.ADMIN.client.post('/invites', { role: 'ADMIN', email: 'proven@example.test' });
    const preview = await stack.api.get(`/invitations/${invite.body.token}`);
    expect(preview.body).toMatchObject({ email: 'proven@example.test', role: 'ADMIN' });
    // No address of one's own to give: the account is the invited address's.
    const joined = await stack.api.post('/auth/signup', { password: TEST_PASSWORD, name: 'Proven', inviteToken: invite.body.token });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ role: 'ADMIN', user: { email: 'proven@example.test' } });
    // An invite that names no address proves none: the sign-up must say which one.
    const open = (await people.ADMIN.client.post('/invites', { role: 'VIEWER' })).body;
    const nameless = await stack.api.post('/auth/signup', { password: TEST_PASSWORD, name: 'Nameless', inviteToken: open.token });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.details).toContainEqual(expect.objectContaining({ path: 'email' }));
  });

  it("adds members through POST /members (the design's path), which is an invite like POST /invites", async () => {
    const invite = await people.OWNER.client.post('/members', { role: 'VIEWER', email: 'by-members@example.test' });
    expect(invite.status).toBe(201);
    expect(invite.body.invite).toMatchObject({ role: 'VIEWER', email: 'by-members@example.test' });
    const joined = await stack.api.post('/auth/signup', {
      email: 'by-members@example.test',
      password: TEST_PASSWORD,
      name: 'By Members',
      inviteToken: invite.body.token,
    });
    expect(joined.body).toMatchObject({ role: 'VIEWER', tenant: { id: people.OWNER.session.tenant.id } });
    expect((await people.MEMBER.client.post('/members', { role: 'VIEWER' })).status).toBe(403);
  });

  it('refuses expired and revoked invites with their own codes and creates no account', async () => {
    const expired = (await people.OWNER.client.post('/invites', { role: 'VIEWER' })).body;
    await stack.db.query(`UPDATE "Invite" SET "expiresAt" = now() - interval '1 minute' WHERE id = $1`, [expired.invite.id]);
    const revoked = (await people.OWNER.client.post('/invites', { role: 'VIEWER' })).body;
    expect((await people.OWNER.client.delete(`/invites/${revoked.invite.id}`)).status).toBe(204);

    const before = await userCount();
    for (const [token, code] of [
      [expired.token, 'INVITE_EXPIRED'],
      [revoked.token, 'INVITE_REVOKED'],
      ['lli_made-up', 'INVITE_NOT_FOUND'],
    ] as const) {
      const preview = await stack.api.get(`/invitations/${token}`);
      expect(preview.body.error.code).toBe(code);
      const signup = await stack.api.post('/auth/signup', {
        email: `late-${Math.random()}@example.test`,
        password: TEST_PASSWORD,
        name: 'Late',
        inviteToken: token,
      });
      expect(signup.body.error.code).toBe(code);
      expect(signup.status).toBe(code === 'INVITE_NOT_FOUND' ? 404 : 410);
    }
    expect(await userCount()).toBe(before);
  });

  it('lets a signed-in person accept an invite into a second organization', async () => {
    const outsider = await stack.api.signup('outsider');
    const invite = (await people.OWNER.client.post('/invites', { role: 'VIEWER' })).body;
    const accepted = await outsider.client.post(`/invitations/${invite.token}/accept`);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ id: people.OWNER.session.tenant.id, role: 'VIEWER' });
    const me = (await outsider.client.get('/me')).body;
    expect(me.organizations).toHaveLength(2);

    const again = (await people.OWNER.client.post('/invites', { role: 'ADMIN' })).body;
    const twice = await outsider.client.post(`/invitations/${again.token}/accept`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('ALREADY_MEMBER');
  });

  it('keeps admins from inviting or managing owners, and names unknown roles', async () => {
    const ownerInvite = await people.ADMIN.client.post('/invites', { role: 'OWNER' });
    expect(ownerInvite.status).toBe(403);
    expect(ownerInvite.body.error.code).toBe('ROLE_NOT_GRANTABLE');
    const demoteOwner = await people.ADMIN.client.patch(`/members/${people.OWNER.session.user.id}`, { role: 'VIEWER' });
    expect(demoteOwner.status).toBe(403);
    expect(demoteOwner.body.error.code).toBe('ROLE_NOT_GRANTABLE');
    const unknown = await people.OWNER.client.patch(`/members/${people.VIEWER.session.user.id}`, { role: 'EMPEROR' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('UNKNOWN_ROLE');
  });

  it('changes roles (audited), takes effect at once, and never leaves an organization without an owner', async () => {
    const ownerId = people.OWNER.session.user.id;
    const lastOwner = await people.OWNER.client.patch(`/members/${ownerId}`, { role: 'ADMIN' });
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.error.code).toBe('LAST_OWNER');
    const leave = await people.OWNER.client.post('/organization/leave');
    expect(leave.body.error.code).toBe('LAST_OWNER');

    const viewerId = people.VIEWER.session.user.id;
    expect((await people.VIEWER.client.post('/targets', { name: 't', baseUrl: 'http://127.0.0.1:9/' })).status).toBe(403);
    const promoted = await people.ADMIN.client.patch(`/members/${viewerId}`, { role: 'ADMIN' });
    expect(promoted.status).toBe(200);
    expect((await people.VIEWER.client.post('/targets', { name: 't', baseUrl: 'http://127.0.0.1:9/' })).status).toBe(201);

    // With a second owner, the first may step down.
    expect((await people.OWNER.client.patch(`/members/${people.ADMIN.session.user.id}`, { role: 'OWNER' })).status).toBe(200);
    expect((await people.OWNER.client.patch(`/members/${ownerId}`, { role: 'ADMIN' })).status).toBe(200);
    const events = (await people.ADMIN.client.get('/audit?action=member.role_changed')).body.events;
    expect(events.map((event: { details: { from: string; to: string } }) => `${event.details.from}->${event.details.to}`)).toEqual([
      'OWNER->ADMIN',
      'ADMIN->OWNER',
      'VIEWER->ADMIN',
    ]);
  });

  it('removes a member: their sessions stop working at once', async () => {
    const member = people.MEMBER;
    expect((await member.client.get('/plans')).status).toBe(200);
    expect((await people.ADMIN.client.delete(`/members/${member.session.user.id}`)).status).toBe(204);
    expect((await member.client.get('/plans')).status).toBe(401);
    expect((await people.ADMIN.client.get('/members')).body.items.map((item: { user: { id: string } }) => item.user.id)).not.toContain(member.session.user.id);
    // They can still log in: into an organization of their own.
    const again = await stack.api.post('/auth/login', { email: member.email, password: TEST_PASSWORD });
    expect(again.status).toBe(200);
    expect(again.body.tenant.id).not.toBe(people.OWNER.session.tenant.id);
    expect(again.body.role).toBe('OWNER');
  });
});
