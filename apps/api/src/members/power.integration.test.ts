import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';
import { LogMailer } from './mailer.js';

/**
 * Power ends with the role: what an admin handed out (API keys, invites, trigger URLs) is
 * capped or revoked, at once, when they are demoted or removed. No runner: triggered runs wait.
 */
describe('a demoted or removed member keeps no power through what they made', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let plan: PlanView;

  beforeAll(async () => {
    stack = await startStack({ label: 'power', runner: false });
    owner = (await stack.api.signup('power-owner')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (await owner.post<PlanView>('/plans', validPlan(target.id))).body;
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function newAdmin(label: string) {
    const invite = await owner.post('/invites', { role: 'ADMIN' });
    const admin = await stack.api.signup(label, invite.body.token);
    const key = (await admin.client.post('/api-keys', { name: `${label} ci`, role: 'ADMIN' })).body;
    const adminInvite = (await admin.client.post('/invites', { role: 'ADMIN' })).body;
    const memberInvite = (await admin.client.post('/invites', { role: 'MEMBER' })).body;
    const trigger = (await admin.client.post(`/plans/${plan.id}/triggers`, { name: `${label} deploy` })).body;
    return { ...admin, key: stack.api.as(key.secret), keyId: key.key.id as string, adminInvite, memberInvite, trigger };
  }

  it('demoted to MEMBER: the ADMIN key is capped at once, ADMIN invites revoked, the rest kept; audited', async () => {
    const admin = await newAdmin('demoted');
    // Before: the key has ADMIN power (the audit log is ADMIN's to read).
    expect((await admin.key.get('/audit')).status).toBe(200);

    expect((await owner.patch(`/members/${admin.session.user.id}`, { role: 'MEMBER' })).status).toBe(200);

    const refused = await admin.key.get('/audit');
    expect(refused.status).toBe(403);
    expect((await admin.key.get('/plans')).status).toBe(200); // still a MEMBER's key
    expect((await owner.get('/api-keys')).body.items.find((key: { id: string }) => key.id === admin.keyId)).toMatchObject({ role: 'MEMBER', revokedAt: null });
    const redeem = await stack.api.post('/auth/signup', {
      email: 'late@example.test',
      password: 'correct horse battery staple',
      name: 'Late',
      inviteToken: admin.adminInvite.token,
    });
    expect(redeem.status).toBe(410);
    expect(redeem.body.error.code).toBe('INVITE_REVOKED');
    expect((await stack.api.get(`/invitations/${admin.memberInvite.token}`)).status).toBe(200); // a MEMBER may still grant MEMBER
    expect((await stack.api.post(`/triggers/${admin.trigger.token}`, {})).status).toBe(202); // a MEMBER may still start runs

    const reduced = (await owner.get('/audit?action=member.power_reduced')).body.events;
    expect(reduced).toHaveLength(1);
    expect(reduced[0].details).toMatchObject({
      email: admin.email,
      apiKeysCapped: [`${admin.keyId} (ADMIN)`],
      invitesRevoked: [`${admin.adminInvite.invite.id} (ADMIN)`],
      triggersRevoked: [],
    });

    // Down to VIEWER, who may not start runs: the trigger URL stops working too.
    expect((await owner.patch(`/members/${admin.session.user.id}`, { role: 'VIEWER' })).status).toBe(200);
    expect((await stack.api.post(`/triggers/${admin.trigger.token}`, {})).status).toBe(404);
    expect((await admin.key.post(`/plans/${plan.id}/runs`)).status).toBe(403);
  });

  it('removed: every key, pending invite and trigger they made stops at once', async () => {
    const admin = await newAdmin('removed');
    expect((await owner.delete(`/members/${admin.session.user.id}`)).status).toBe(204);
    expect((await admin.key.get('/plans')).status).toBe(401);
    for (const invite of [admin.adminInvite, admin.memberInvite])
      expect((await stack.api.get(`/invitations/${invite.token}`)).body.error.code).toBe('INVITE_REVOKED');
    expect((await stack.api.post(`/triggers/${admin.trigger.token}`, {})).status).toBe(404);
    const reduced = (await owner.get('/audit?action=member.power_reduced')).body.events[0];
    expect(reduced.details).toMatchObject({ apiKeysRevoked: [`${admin.keyId} (ADMIN)`], triggersRevoked: [admin.trigger.trigger.id] });
    expect(reduced.details.invitesRevoked).toHaveLength(2);
  });

  it('never writes an invite link to the log', async () => {
    const mailer = new LogMailer();
    const logged: unknown[] = [];
    (mailer as unknown as { logger: { log: (...args: unknown[]) => void } }).logger = { log: (...args) => logged.push(args) };
    await mailer.sendInvite({
      to: 'a@example.test',
      organization: 'Acme',
      invitedBy: 'o@example.test',
      role: 'OWNER',
      url: 'https://loadline.example/invite/lli_secret-token-123',
      expiresAt: new Date(),
    });
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('secret-token-123');
    expect(JSON.stringify(logged)).toContain('a@example.test');
  });
});
