import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../prisma/migrations');

/**
 * The migration that records the person at the root of every key, invite, trigger and share
 * link, on rows made before it: roots are found through the audit log (which recorded the key
 * that made a key or an invite), the chain is applied as if the role changes had happened
 * with it (removed roots: revoked; demoted: capped), and what no root can be found for is
 * revoked, each organization told in its audit log. Never-expiring share links get an expiry.
 */
describe('authority chain backfill (migration on rows made before it)', () => {
  let db: TestDatabase;
  const row = async (sql: string, params: unknown[] = []) => (await db.query(sql, params))[0]!;

  beforeAll(async () => {
    const migration = (await readdir(MIGRATIONS)).find((name) => name.endsWith('_authority_chain'));
    expect(migration, 'the authority_chain migration').toBeDefined();
    db = await createTestDatabase('authbackfill', { before: migration! });

    const ins = (sql: string, params: unknown[]) => db.query(sql, params);
    await ins(`INSERT INTO "Tenant" (id, name, slug, "updatedAt") VALUES ('t1', 'Acme', 'acme', now()), ('t2', 'Other', 'other', now())`, []);
    await ins(
      `INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES
        ('owner', 'o@x.test', 'O', 'h', now()), ('admin', 'a@x.test', 'A', 'h', now()),
        ('gone', 'g@x.test', 'G', 'h', now()), ('member', 'm@x.test', 'M', 'h', now())`,
      [],
    );
    // "gone" was an admin of t1 and was removed; "member" was an admin, now a MEMBER.
    await ins(
      `INSERT INTO "Membership" (id, "tenantId", "userId", role) VALUES
        ('m1', 't1', 'owner', 'OWNER'), ('m2', 't1', 'admin', 'ADMIN'), ('m3', 't1', 'member', 'MEMBER'), ('m4', 't2', 'gone', 'OWNER')`,
      [],
    );
    const key = (id: string, role: string, createdById: string | null, revoked = false) =>
      ins(
        `INSERT INTO "ApiKey" (id, "tenantId", name, prefix, "secretHash", role, "createdById", "revokedAt") VALUES ($1, 't1', $1, 'llk_x', $1, $2::"Role", $3, $4)`,
        [id, role, createdById, revoked ? new Date() : null],
      );
    await key('kAdmin', 'ADMIN', 'admin');
    await key('kAdminChild', 'ADMIN', null); // made by kAdmin (audit)
    await key('kGone', 'ADMIN', 'gone', true); // revoked when "gone" was removed
    await key('kGoneChild', 'ADMIN', null); // made by kGone: survived the removal
    await key('kGoneGrandchild', 'OWNER', null); // made by kGoneChild
    await key('kMember', 'ADMIN', 'member'); // made while "member" was an admin, then never capped... by a key:
    await key('kMemberChild', 'ADMIN', null); // made by kMember
    await key('kOrphan', 'ADMIN', null); // no audit event names its maker
    const made = (action: string, subject: string, byKey: string | null, byUser: string | null = null) =>
      ins(
        `INSERT INTO "AuditEvent" (id, "tenantId", "actorUserId", "actorApiKeyId", action, "subjectType", "subjectId") VALUES ($1, 't1', $2, $3, $4, 'x', $5)`,
        [`ev-${subject}`, byUser, byKey, action, subject],
      );
    await made('api_key.created', 'kAdminChild', 'kAdmin');
    await made('api_key.created', 'kGoneChild', 'kGone');
    await made('api_key.created', 'kGoneGrandchild', 'kGoneChild');
    await made('api_key.created', 'kMemberChild', 'kMember');
    const invite = (id: string, role: string, createdById: string | null) =>
      ins(
        `INSERT INTO "Invite" (id, "tenantId", "tokenHash", role, "createdById", "expiresAt") VALUES ($1, 't1', $1, $2::"Role", $3, now() + interval '1 day')`,
        [id, role, createdById],
      );
    await invite('iAdminKey', 'ADMIN', null);
    await made('member.invited', 'iAdminKey', 'kAdmin');
    await invite('iGoneKey', 'MEMBER', null);
    await made('member.invited', 'iGoneKey', 'kGoneChild');
    await invite('iMemberKey', 'ADMIN', null);
    await made('member.invited', 'iMemberKey', 'kMemberChild');
    await invite('iOrphan', 'VIEWER', null);

    await ins(
      `INSERT INTO "Target" (id, "tenantId", name, "baseUrl", "verificationToken", "updatedAt") VALUES ('tg', 't1', 't', 'http://127.0.0.1:9/', 'v', now())`,
      [],
    );
    await ins(`INSERT INTO "TestPlan" (id, "tenantId", "targetId", name, "updatedAt") VALUES ('p', 't1', 'tg', 'p', now())`, []);
    await ins(
      `INSERT INTO "Trigger" (id, "tenantId", "planId", "tokenHash", "createdById") VALUES ('trAdmin', 't1', 'p', 'trAdmin', 'admin'), ('trByKey', 't1', 'p', 'trByKey', NULL)`,
      [],
    );
    await ins(
      `INSERT INTO "ShareLink" (id, "tenantId", "tokenHash", "planId", "createdById", "expiresAt", "createdAt") VALUES
        ('shAdmin', 't1', 'shAdmin', 'p', 'admin', NULL, now() - interval '400 days'),
        ('shRecent', 't1', 'shRecent', 'p', 'admin', NULL, now() - interval '10 days'),
        ('shDated', 't1', 'shDated', 'p', 'admin', now() + interval '3 days', now()),
        ('shByKey', 't1', 'shByKey', 'p', NULL, NULL, now())`,
      [],
    );
    await db.migrate();
  }, 120_000);

  afterAll(async () => {
    await db?.drop();
  });

  const key = (id: string) => row(`SELECT role, "rootUserId", "createdByApiKeyId", "revokedAt" FROM "ApiKey" WHERE id = $1`, [id]);

  it('finds the root person of keys made by keys through the audit log, and keeps what its root still holds', async () => {
    expect(await key('kAdmin')).toMatchObject({ role: 'ADMIN', rootUserId: 'admin', createdByApiKeyId: null, revokedAt: null });
    expect(await key('kAdminChild')).toMatchObject({ role: 'ADMIN', rootUserId: 'admin', createdByApiKeyId: 'kAdmin', revokedAt: null });
    expect(await row(`SELECT "rootUserId", "revokedAt" FROM "Invite" WHERE id = 'iAdminKey'`)).toEqual({ rootUserId: 'admin', revokedAt: null });
    expect(await row(`SELECT "rootUserId", "revokedAt" FROM "Trigger" WHERE id = 'trAdmin'`)).toEqual({ rootUserId: 'admin', revokedAt: null });
  });

  it('revokes what a removed person handed out through keys, and caps what a demoted one did', async () => {
    for (const id of ['kGoneChild', 'kGoneGrandchild']) expect((await key(id)).revokedAt, id).not.toBeNull();
    expect((await key('kGoneGrandchild')).rootUserId).toBe('gone');
    expect((await row(`SELECT "revokedAt" FROM "Invite" WHERE id = 'iGoneKey'`)).revokedAt).not.toBeNull();
    for (const id of ['kMember', 'kMemberChild']) expect(await key(id), id).toMatchObject({ role: 'MEMBER', rootUserId: 'member', revokedAt: null });
    expect((await row(`SELECT "revokedAt" FROM "Invite" WHERE id = 'iMemberKey'`)).revokedAt).not.toBeNull();
  });

  it('revokes what no root can be found for: a key, an invite, a trigger and a share link made by a key', async () => {
    expect(await key('kOrphan')).toMatchObject({ rootUserId: null });
    expect((await key('kOrphan')).revokedAt).not.toBeNull();
    expect((await row(`SELECT "revokedAt" FROM "Invite" WHERE id = 'iOrphan'`)).revokedAt).not.toBeNull();
    expect((await row(`SELECT "revokedAt" FROM "Trigger" WHERE id = 'trByKey'`)).revokedAt).not.toBeNull();
    expect((await row(`SELECT "revokedAt" FROM "ShareLink" WHERE id = 'shByKey'`)).revokedAt).not.toBeNull();
  });

  it('tells each organization in its audit log what the migration revoked or capped, and no other organization', async () => {
    const events = await db.query<{ tenantId: string; details: Record<string, string[]> }>(
      `SELECT "tenantId", details FROM "AuditEvent" WHERE action = 'authority.backfilled'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.tenantId).toBe('t1');
    const details = events[0]!.details;
    expect(details.apiKeysRevoked).toEqual(expect.arrayContaining(['kGoneChild (ADMIN)', 'kGoneGrandchild (OWNER)', 'kOrphan (ADMIN)']));
    expect(details.apiKeysRevoked).not.toContain('kGone (ADMIN)'); // already revoked before
    expect(details.apiKeysCapped).toEqual(expect.arrayContaining(['kMember (ADMIN)', 'kMemberChild (ADMIN)']));
    expect(details.invitesRevoked).toEqual(expect.arrayContaining(['iGoneKey (MEMBER)', 'iMemberKey (ADMIN)', 'iOrphan (VIEWER)']));
    expect(details.triggersRevoked).toEqual(['trByKey']);
    expect(details.shareLinksRevoked).toEqual(['shByKey']);
  });

  it('gives never-expiring share links an expiry: a year after they were made, and at least 30 days from the upgrade', async () => {
    const expiry = async (id: string) =>
      (await row(`SELECT "expiresAt", "createdAt" FROM "ShareLink" WHERE id = $1`, [id])) as { expiresAt: Date; createdAt: Date };
    const days = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 86_400_000;
    const old = await expiry('shAdmin');
    expect(days(new Date(), old.expiresAt)).toBeCloseTo(30, 0);
    const recent = await expiry('shRecent');
    expect(days(recent.createdAt, recent.expiresAt)).toBeCloseTo(365, 0);
    const dated = await expiry('shDated');
    expect(days(dated.createdAt, dated.expiresAt)).toBeCloseTo(3, 0);
  });
});
