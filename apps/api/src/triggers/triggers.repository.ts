import { Injectable } from '@nestjs/common';
import { can, type Role, type RunLabels } from '@loadline/shared';
import type { Prisma } from '../generated/prisma/client.js';
import { DatabaseService } from '../prisma/database.service.js';
import { currentTenantId, withTenant } from '../tenancy/request-context.js';
import { assertRootAuthority } from '../access/authority.js';
import type { Maker } from '../access/caller.js';

@Injectable()
export class TriggersRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Writes the trigger unless its root person may no longer start runs (checked under lock, see lockRootRole). */
  create(data: { planId: string; name: string; tokenHash: string; labels: RunLabels; targetId: string | null }, maker: Maker) {
    return this.db.scoped.$transaction(async (tx) => {
      await assertRootAuthority(tx, currentTenantId(), maker.rootUserId, (role) => can(role, 'runs:start'));
      return tx.trigger.create({
        data: withTenant({
          ...data,
          labels: data.labels as Prisma.InputJsonObject,
          createdById: maker.userId,
          createdByApiKeyId: maker.apiKeyId,
          rootUserId: maker.rootUserId,
        }),
      });
    });
  }

  forPlan(planId: string) {
    return this.db.scoped.trigger.findMany({ where: { planId }, orderBy: { createdAt: 'desc' } });
  }

  find(id: string) {
    return this.db.scoped.trigger.findUnique({ where: { id } });
  }

  revoke(id: string) {
    return this.db.scoped.trigger.update({ where: { id }, data: { revokedAt: new Date() } });
  }

  /** A trigger URL is called without login: system client, by token hash. */
  findByTokenHash(tokenHash: string) {
    return this.db.system.trigger.findUnique({ where: { tokenHash } });
  }

  /** The role the trigger's root person holds in its organization now (null: not a member). */
  async rootRole(tenantId: string, rootUserId: string): Promise<Role | null> {
    const membership = await this.db.system.membership.findUnique({ where: { tenantId_userId: { tenantId, userId: rootUserId } }, select: { role: true } });
    return membership?.role ?? null;
  }

  touch(id: string) {
    return this.db.system.trigger.update({ where: { id }, data: { lastUsedAt: new Date() } });
  }

  userEmails(userIds: string[]) {
    return this.db.system.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  }
}
