import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import { TEST_PASSWORD, type ApiClient } from '../test/api-client.js';
import { validPlan } from '../test/fixtures.js';

/**
 * Authority is the person's at the root of the chain, however long: admin A makes key K1, K1
 * makes K2, K2 makes an ADMIN key K3, an ADMIN invite, a trigger URL and a share link. A key
 * records no person of its own, so before the chain was recorded, removing A revoked K1 only:
 * K2 went on making ADMIN keys and the invite stayed good. No runner: triggered runs wait.
 */
describe('authority chain: what a removed or demoted person handed out through keys their keys made', () => {
  let stack: TestStack;
  let owner: ApiClient;
  let plan: PlanView;

  beforeAll(async () => {
    stack = await startStack({ label: 'authority', runner: false });
    owner = (await stack.api.signup('authority-owner')).client;
    const target = (await owner.post<TargetView>('/targets', { name: 'svc', baseUrl: 'http://127.0.0.1:9/' })).body;
    plan = (await owner.post<PlanView>('/plans', validPlan(target.id))).body;
    // Quota room for the trigger calls of every case (no runner: their runs stay queued).
    expect((await owner.patch('/organization/quotas', { maxConcurrentRuns: 50 })).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** A → K1 → K2 → {K3, ADMIN invite, trigger, share link}, every link at ADMIN. */
  async function chain(label: string) {
    const invite = await owner.post('/invites', { role: 'ADMIN' });
    const admin = await stack.api.signup(label, invite.body.token);
    const made = async (client: ApiClient, name: string) => {
      const created = await client.post('/api-keys', { name, role: 'ADMIN' });
      expect(created.status, name).toBe(201);
      return { id: created.body.key.id as string, client: stack.api.as(created.body.secret) };
    };
    const k1 = await made(admin.client, `${label} k1`);
    const k2 = await made(k1.client, `${label} k2`);
    const k3 = await made(k2.client, `${label} k3`);
    const adminInvite = await k2.client.post('/invites', { role: 'ADMIN' });
    expect(adminInvite.status).toBe(201);
    const trigger = await k2.client.post(`/plans/${plan.id}/triggers`, { name: `${label} deploy` });
    expect(trigger.status).toBe(201);
    const share = await k2.client.post(`/plans/${plan.id}/share-links`, {});
    expect(share.status).toBe(201);
    // Before: every link of the chain holds ADMIN power (the audit log is ADMIN's to read).
    for (const key of [k1, k2, k3]) expect((await key.client.get('/audit')).status).toBe(200);
    expect((await stack.api.get(`/invitations/${adminInvite.body.token}`)).status).toBe(200);
    expect((await stack.api.get(`/public/reports/${share.body.token}`)).status).toBe(200);
    return { admin, keys: [k1, k2, k3], adminInvite: adminInvite.body, trigger: trigger.body, share: share.body };
  }

  const reducedFor = async (userId: string) =>
    (await owner.get('/audit?action=member.power_reduced&limit=200')).body.events.find((event: { subject: { id: string } }) => event.subject.id === userId)
      ?.details;

  it('removed: every key down the chain, the invite, the trigger and the share link stop at once; audited', async () => {
    const made = await chain('removed');
    expect((await owner.delete(`/members/${made.admin.session.user.id}`)).status).toBe(204);

    for (const key of made.keys) {
      const refused = await key.client.get('/plans');
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('API_KEY_REVOKED');
    }
    expect((await stack.api.get(`/invitations/${made.adminInvite.token}`)).body.error.code).toBe('INVITE_REVOKED');
    const redeem = await stack.api.post('/auth/signup', {
      email: 'late@example.test',
      password: TEST_PASSWORD,
      name: 'Late',
      inviteToken: made.adminInvite.token,
    });
    expect(redeem.status).toBe(410);
    expect((await stack.api.post(`/triggers/${made.trigger.token}`, {})).status).toBe(404);
    expect((await stack.api.get(`/public/reports/${made.share.token}`)).status).toBe(404);

    const details = await reducedFor(made.admin.session.user.id);
    expect(details.apiKeysRevoked).toEqual(expect.arrayContaining(made.keys.map((key) => `${key.id} (ADMIN)`)));
    expect(details.invitesRevoked).toEqual([`${made.adminInvite.invite.id} (ADMIN)`]);
    expect(details.triggersRevoked).toEqual([made.trigger.trigger.id]);
    expect(details.shareLinksRevoked).toEqual([made.share.share.id]);
  });

  it('demoted to MEMBER: keys down the chain are capped, the ADMIN invite revoked, trigger and share kept; then VIEWER ends those', async () => {
    const made = await chain('demoted');
    const userId = made.admin.session.user.id;
    expect((await owner.patch(`/members/${userId}`, { role: 'MEMBER' })).status).toBe(200);

    const listed = (await owner.get('/api-keys')).body.items;
    for (const key of made.keys) {
      expect((await key.client.get('/audit')).status).toBe(403);
      expect((await key.client.get('/plans')).status).toBe(200);
      expect(listed.find((item: { id: string }) => item.id === key.id)).toMatchObject({ role: 'MEMBER', revokedAt: null });
    }
    // A capped key cannot hand out more than its root now holds.
    expect((await made.keys[1]!.client.post('/api-keys', { name: 'again', role: 'ADMIN' })).status).toBe(403);
    expect((await stack.api.get(`/invitations/${made.adminInvite.token}`)).body.error.code).toBe('INVITE_REVOKED');
    // A MEMBER may still start runs and share reports: those stay.
    expect((await stack.api.post(`/triggers/${made.trigger.token}`, {})).status).toBe(202);
    expect((await stack.api.get(`/public/reports/${made.share.token}`)).status).toBe(200);
    const details = await reducedFor(userId);
    expect(details.apiKeysCapped).toEqual(expect.arrayContaining(made.keys.map((key) => `${key.id} (ADMIN)`)));
    expect(details.invitesRevoked).toEqual([`${made.adminInvite.invite.id} (ADMIN)`]);

    // Down to VIEWER, who may neither start runs nor share: the trigger URL and the link stop.
    expect((await owner.patch(`/members/${userId}`, { role: 'VIEWER' })).status).toBe(200);
    expect((await stack.api.post(`/triggers/${made.trigger.token}`, {})).status).toBe(404);
    expect((await stack.api.get(`/public/reports/${made.share.token}`)).status).toBe(404);
    for (const key of made.keys) {
      expect((await key.client.post(`/plans/${plan.id}/runs`)).status).toBe(403);
      expect((await key.client.get('/plans')).status).toBe(200);
    }
  });

  it('leaves nothing standing that was made while its root person was being removed', async () => {
    const made = await chain('racing');
    const userId = made.admin.session.user.id;
    const [k1, k2] = made.keys;
    // Keys, invites, triggers and links made from both keys while the removal runs: each is
    // either written first (then revoked by the removal) or refused (403 AUTHORITY_LOST, or
    // 401 once the key itself is revoked).
    const making = Array.from({ length: 24 }, (_, i) => {
      const client = (i % 2 ? k1 : k2)!.client;
      switch (i % 4) {
        case 0:
          return client.post('/api-keys', { name: `race ${i}`, role: 'ADMIN' });
        case 1:
          return client.post('/invites', { role: 'MEMBER' });
        case 2:
          return client.post(`/plans/${plan.id}/triggers`, { name: `race ${i}` });
        default:
          return client.post(`/plans/${plan.id}/share-links`, {});
      }
    });
    const [removed, ...answers] = await Promise.all([owner.delete(`/members/${userId}`), ...making]);
    expect(removed.status).toBe(204);
    expect(answers.every((answer) => [201, 401, 403].includes(answer.status))).toBe(true);
    for (const table of ['ApiKey', 'Invite', 'Trigger', 'ShareLink']) {
      const standing = await stack.db.query(`SELECT id FROM "${table}" WHERE "rootUserId" = $1 AND "revokedAt" IS NULL`, [userId]);
      expect(standing, table).toEqual([]);
    }
  });

  it('judges keys the release before wrote during an upgrade (no root): by their maker, or refused when a key made them', async () => {
    const invite = await owner.post('/invites', { role: 'ADMIN' });
    const admin = await stack.api.signup('older-release', invite.body.token);
    const tenantId = admin.session.tenant.id;
    const insertKey = async (secret: string, createdById: string | null) =>
      stack.db.query(`INSERT INTO "ApiKey" (id, "tenantId", name, prefix, "secretHash", role, "createdById") VALUES ($1, $2, $1, 'llk_old', $4, 'ADMIN', $3)`, [
        secret,
        tenantId,
        createdById,
        createHash('sha256').update(secret).digest('hex'),
      ]);
    await insertKey('llk_older-release-by-session', admin.session.user.id);
    await insertKey('llk_older-release-by-key', null);
    const bySession = stack.api.as('llk_older-release-by-session');
    expect((await bySession.get('/audit')).status).toBe(200);
    expect((await stack.api.as('llk_older-release-by-key').get('/plans')).body.error.code).toBe('API_KEY_REVOKED');
    expect((await owner.delete(`/members/${admin.session.user.id}`)).status).toBe(204);
    expect((await bySession.get('/plans')).status).toBe(401);
  });

  it('records the root person of every key, invite, trigger and share link, whoever made it', async () => {
    const made = await chain('recorded');
    const userId = made.admin.session.user.id;
    for (const table of ['ApiKey', 'Invite', 'Trigger', 'ShareLink']) {
      const rows = await stack.db.query<{ rootUserId: string | null }>(
        `SELECT "rootUserId" FROM "${table}" WHERE "tenantId" = $1 AND ("createdById" = $2 OR "createdByApiKeyId" = ANY($3))`,
        [made.admin.session.tenant.id, userId, made.keys.map((key) => key.id)],
      );
      expect(rows.length, table).toBeGreaterThan(0);
      expect(
        rows.every((row) => row.rootUserId === userId),
        table,
      ).toBe(true);
    }
  });
});
