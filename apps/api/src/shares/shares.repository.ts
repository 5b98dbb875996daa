import { Injectable } from '@nestjs/common';
import { can, type Role } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { currentTenantId, withTenant } from '../tenancy/request-context.js';
import { assertRootAuthority } from '../access/authority.js';
import type { Maker } from '../access/caller.js';

@Injectable()
export class SharesRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Writes the link unless its root person may no longer share (checked under lock, see lockRootRole). */
  create(data: { tokenHash: string; runId: string | null; planId: string | null; targetId: string | null; expiresAt: Date }, maker: Maker) {
    return this.db.scoped.$transaction(async (tx) => {
      await assertRootAuthority(tx, currentTenantId(), maker.rootUserId, (role) => can(role, 'shares:manage'));
      return tx.shareLink.create({
        data: withTenant({ ...data, createdById: maker.userId, createdByApiKeyId: maker.apiKeyId, rootUserId: maker.rootUserId }),
      });
    });
  }

  list() {
    return this.db.scoped.shareLink.findMany({
      orderBy: { createdAt: 'desc' },
      include: {
        run: { select: { createdAt: true, planVersion: { select: { name: true } } } },
        plan: { select: { name: true } },
        target: { select: { name: true } },
      },
    });
  }

  find(id: string) {
    return this.db.scoped.shareLink.findUnique({ where: { id } });
  }

  revoke(id: string, at: Date) {
    return this.db.scoped.shareLink.update({ where: { id }, data: { revokedAt: at } });
  }

  /** A public link is opened before any tenant is known: system client, by token hash. */
  findByTokenHash(tokenHash: string) {
    return this.db.system.shareLink.findUnique({ where: { tokenHash } });
  }

  /** The role the link's root person holds in its organization now (null: not a member). */
  async rootRole(tenantId: string, rootUserId: string): Promise<Role | null> {
    const membership = await this.db.system.membership.findUnique({ where: { tenantId_userId: { tenantId, userId: rootUserId } }, select: { role: true } });
    return membership?.role ?? null;
  }

  userEmails(userIds: string[]) {
    return this.db.system.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  }
}
