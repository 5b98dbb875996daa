import { Injectable } from '@nestjs/common';
import { ROLE_ORDER, can, canGrant, type Role } from '@loadline/shared';
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
  /**
   * Changes a member's role (or removes them, role null) and, in the same transaction, ends
   * the power they handed out beyond what they keep: API keys they created are capped to the
   * new role (revoked when they leave), their pending invites for a role they can no longer
   * grant are revoked (all of them when they leave), and their inbound trigger URLs are revoked
   * once they may no longer start runs. `reduced` says what was done, for the audit log.
   */
  async changeOrRemove(userId: string, role: Role | null, keepSessionId?: string) {
    const result = await this.db.scoped.$transaction(async (tx) => {
      const tenant = await tx.tenant.findFirstOrThrow({ select: { id: true } });
      await tx.$queryRaw`SELECT id FROM "Tenant" WHERE id = ${tenant.id} FOR UPDATE`;
      const member = await tx.membership.findFirst({ where: { userId } });
      if (!member) return null;
      if (member.role === 'OWNER' && role !== 'OWNER') {
        const owners = await tx.membership.count({ where: { role: 'OWNER' } });
        if (owners <= 1) throw new LastOwnerError();
      }
      const now = new Date();
      const above = role === null ? [...ROLE_ORDER] : ROLE_ORDER.filter((candidate) => !canGrant(role, candidate));
      const keys = await tx.apiKey.findMany({ where: { createdById: userId, revokedAt: null, role: { in: above } }, select: { id: true, role: true } });
      if (role === null) await tx.apiKey.updateMany({ where: { id: { in: keys.map((key) => key.id) } }, data: { revokedAt: now } });
      else await tx.apiKey.updateMany({ where: { id: { in: keys.map((key) => key.id) } }, data: { role } });
      const invites = await tx.invite.findMany({
        where: { createdById: userId, acceptedAt: null, revokedAt: null, role: { in: above } },
        select: { id: true, role: true },
      });
      await tx.invite.updateMany({ where: { id: { in: invites.map((invite) => invite.id) } }, data: { revokedAt: now } });
      const triggers =
        role === null || !can(role, 'runs:start') ? await tx.trigger.findMany({ where: { createdById: userId, revokedAt: null }, select: { id: true } }) : [];
      await tx.trigger.updateMany({ where: { id: { in: triggers.map((trigger) => trigger.id) } }, data: { revokedAt: now } });
      const reduced = {
        [role === null ? 'apiKeysRevoked' : 'apiKeysCapped']: keys.map((key) => `${key.id} (${key.role})`),
        invitesRevoked: invites.map((invite) => `${invite.id} (${invite.role})`),
        triggersRevoked: triggers.map((trigger) => trigger.id),
      };
      if (role === null) {
        // Sessions acting for this organization stop working at once (a member leaving keeps
        // the session they left with; it is pointed at another organization next).
        await tx.membership.delete({ where: { id: member.id } });
        await tx.session.updateMany({
          where: { userId, tenantId: tenant.id, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
          data: { revokedAt: now },
        });
        return { member, reduced };
      }
      return { member: await tx.membership.update({ where: { id: member.id }, data: { role } }), reduced };
    });
    return result;
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
