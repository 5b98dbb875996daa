import { Injectable } from '@nestjs/common';
import { canGrant, type Role } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { currentTenantId, withTenant } from '../tenancy/request-context.js';
import { assertRootAuthority } from '../access/authority.js';
import type { Maker } from '../access/caller.js';

export interface NewApiKey {
  name: string;
  prefix: string;
  secretHash: string;
  role: Role;
  expiresAt: Date | null;
}

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Writes the key unless its root person can no longer grant its role (checked under lock, see lockRootRole). */
  create(data: NewApiKey, maker: Maker) {
    return this.db.scoped.$transaction(async (tx) => {
      await assertRootAuthority(tx, currentTenantId(), maker.rootUserId, (role) => canGrant(role, data.role));
      return tx.apiKey.create({
        data: withTenant({ ...data, createdById: maker.userId, createdByApiKeyId: maker.apiKeyId, rootUserId: maker.rootUserId }),
      });
    });
  }

  list() {
    return this.db.scoped.apiKey.findMany({ orderBy: { createdAt: 'desc' } });
  }

  findById(id: string) {
    return this.db.scoped.apiKey.findUnique({ where: { id } });
  }

  revoke(id: string, at: Date) {
    return this.db.scoped.apiKey.update({ where: { id }, data: { revokedAt: at } });
  }

  /** Resolving a bearer key happens before any tenant is known: system client, by secret hash. */
  findBySecretHash(secretHash: string) {
    return this.db.system.apiKey.findUnique({ where: { secretHash }, include: { tenant: true } });
  }

  /**
   * Of these keys, those neither revoked nor expired whose root person is still a member, with
   * the root's role (system client, one statement: live streams of many keys re-check at once).
   * A key of the release before has no rootUserId; its maker stands in (see rootOf).
   */
  liveWithRootRoles(ids: string[], now: Date) {
    return this.db.system.$queryRaw<Array<{ id: string; role: Role; rootRole: Role }>>`
      SELECT k.id, k.role::text AS role, m.role::text AS "rootRole"
      FROM "ApiKey" k JOIN "Membership" m ON m."tenantId" = k."tenantId" AND m."userId" = COALESCE(k."rootUserId", k."createdById")
      WHERE k.id = ANY(${ids}) AND k."revokedAt" IS NULL AND (k."expiresAt" IS NULL OR k."expiresAt" > ${now})`;
  }

  /** The role the key's root person holds in its organization now (null: no longer a member). */
  async rootRole(tenantId: string, rootUserId: string): Promise<Role | null> {
    const membership = await this.db.system.membership.findUnique({ where: { tenantId_userId: { tenantId, userId: rootUserId } }, select: { role: true } });
    return membership?.role ?? null;
  }

  touch(id: string, at: Date) {
    return this.db.system.apiKey.update({ where: { id }, data: { lastUsedAt: at } });
  }

  emailsOf(userIds: string[]) {
    return this.db.system.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  }
}
