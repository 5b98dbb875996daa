import { Injectable } from '@nestjs/common';
import type { Role } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

export class LastOwnerError extends Error {}

@Injectable()
export class MembersRepository {
  constructor(private readonly db: DatabaseService) {}

  list() {
    return this.db.scoped.membership.findMany({ include: { user: true }, orderBy: { createdAt: 'asc' } });
  }

  find(userId: string) {
    return this.db.scoped.membership.findFirst({ where: { userId }, include: { user: true } });
  }

  /**
   * Changes a role, or removes the member (role null), unless that would leave the
   * organization without an owner. The organization row is locked so that two owners demoting
   * each other at once cannot both succeed.
   */
  async changeOrRemove(userId: string, role: Role | null, keepSessionId?: string) {
    return this.db.scoped.$transaction(async (tx) => {
      const tenant = await tx.tenant.findFirstOrThrow({ select: { id: true } });
      await tx.$queryRaw`SELECT id FROM "Tenant" WHERE id = ${tenant.id} FOR UPDATE`;
      const member = await tx.membership.findFirst({ where: { userId } });
      if (!member) return null;
      if (member.role === 'OWNER' && role !== 'OWNER') {
        const owners = await tx.membership.count({ where: { role: 'OWNER' } });
        if (owners <= 1) throw new LastOwnerError();
      }
      if (role === null) {
        // Sessions acting for this organization stop working at once (a member leaving keeps
        // the session they left with; it is pointed at another organization next).
        await tx.membership.delete({ where: { id: member.id } });
        await tx.session.updateMany({
          where: { userId, tenantId: tenant.id, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
          data: { revokedAt: new Date() },
        });
        return member;
      }
      return tx.membership.update({ where: { id: member.id }, data: { role } });
    });
  }

  // ---- invites --------------------------------------------------------------------------

  createInvite(data: { tokenHash: string; role: Role; email: string | null; createdById: string | null; expiresAt: Date }) {
    return this.db.scoped.invite.create({ data: withTenant(data) });
  }

  pendingInvites(now: Date) {
    return this.db.scoped.invite.findMany({
      where: { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: 'desc' },
    });
  }

  findInvite(id: string) {
    return this.db.scoped.invite.findUnique({ where: { id } });
  }

  revokeInvite(id: string) {
    return this.db.scoped.invite.update({ where: { id }, data: { revokedAt: new Date() } });
  }

  /** An invite link is presented before any tenant is known: system client, by token hash. */
  findInviteByTokenHash(tokenHash: string) {
    return this.db.system.invite.findUnique({ where: { tokenHash }, include: { tenant: { select: { name: true } } } });
  }

  /** Claims the invite and adds the member in one transaction; null if it was claimed meanwhile. */
  async claimInvite(inviteId: string, tenantId: string, userId: string, role: Role) {
    return this.db.system.$transaction(async (tx) => {
      const claimed = await tx.invite.updateMany({
        where: { id: inviteId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
        data: { acceptedAt: new Date(), acceptedBy: userId },
      });
      if (claimed.count !== 1) return null;
      return tx.membership.create({ data: { tenantId, userId, role }, include: { tenant: true } });
    });
  }

  userEmails(userIds: string[]) {
    return this.db.system.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  }

  isMember(tenantId: string, userId: string) {
    return this.db.system.membership.count({ where: { tenantId, userId } }).then((count) => count > 0);
  }
}
