import { Injectable } from '@nestjs/common';
import { canGrant, type Role } from '@loadline/shared';
import { reducePower } from './power.js';
import { DatabaseService } from '../prisma/database.service.js';
import { currentTenantId, withTenant } from '../tenancy/request-context.js';
import { assertRootAuthority } from '../access/authority.js';
import type { Maker } from '../access/caller.js';

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
   * Changes a member's role (or removes them, role null) unless that would leave the
   * organization without an owner (the organization row is locked, so two owners demoting each
   * other at once cannot both succeed), and in the same transaction ends the power handed out
   * under their authority beyond what they keep: everything whose root person they are (made
   * with their session, or by a key of theirs, or a key such a key made, at any depth).
   * See reducePower. `reduced` says what was done, for the audit log.
   */
  async changeOrRemove(userId: string, role: Role | null, keepSessionId?: string) {
    const result = await this.db.scoped.$transaction(async (tx) => {
      const tenant = await tx.tenant.findFirstOrThrow({ select: { id: true } });
      // NO KEY UPDATE: role changes of one organization follow each other, while rows that
      // merely reference the organization (a key being made, whose foreign key takes KEY SHARE)
      // are not held up, which would deadlock with the membership lock below.
      await tx.$queryRaw`SELECT id FROM "Tenant" WHERE id = ${tenant.id} FOR NO KEY UPDATE`;
      const member = await tx.membership.findFirst({ where: { userId } });
      if (!member) return null;
      // Locked before anything is read of what they made: a key (invite, trigger, link) being
      // written under their authority holds this row FOR SHARE (lockRootRole), so this waits
      // for it to commit and the reads below see it; one written after waits for this
      // transaction and then sees the new role, or no membership.
      await tx.$queryRaw`SELECT id FROM "Membership" WHERE id = ${member.id} FOR UPDATE`;
      if (member.role === 'OWNER' && role !== 'OWNER') {
        const owners = await tx.membership.count({ where: { role: 'OWNER' } });
        if (owners <= 1) throw new LastOwnerError();
      }
      const now = new Date();
      const reduced = await reducePower(tx, userId, role, now);
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

  /** Writes the invite unless its root person can no longer grant its role (checked under lock, see lockRootRole). */
  createInvite(data: { tokenHash: string; role: Role; email: string | null; expiresAt: Date }, maker: Maker) {
    return this.db.scoped.$transaction(async (tx) => {
      await assertRootAuthority(tx, currentTenantId(), maker.rootUserId, (role) => canGrant(role, data.role));
      return tx.invite.create({
        data: withTenant({ ...data, createdById: maker.userId, createdByApiKeyId: maker.apiKeyId, rootUserId: maker.rootUserId }),
      });
    });
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

  /**
   * Claims the invite and adds the member in one transaction; null if it was claimed meanwhile.
   * The claim itself holds the e-mail binding: an invite naming an address is claimed only by
   * an account with that address, whatever the service checked before.
   */
  async claimInvite(inviteId: string, tenantId: string, user: { id: string; email: string }, role: Role) {
    return this.db.system.$transaction(async (tx) => {
      const claimed = await tx.invite.updateMany({
        where: {
          id: inviteId,
          acceptedAt: null,
          revokedAt: null,
          expiresAt: { gt: new Date() },
          OR: [{ email: null }, { email: { equals: user.email, mode: 'insensitive' } }],
        },
        data: { acceptedAt: new Date(), acceptedBy: user.id },
      });
      if (claimed.count !== 1) return null;
      return tx.membership.create({ data: { tenantId, userId: user.id, role }, include: { tenant: true } });
    });
  }

  userEmails(userIds: string[]) {
    return this.db.system.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  }

  /** The role the person holds in the organization now (null: not a member). */
  async roleOf(tenantId: string, userId: string): Promise<Role | null> {
    const membership = await this.db.system.membership.findUnique({ where: { tenantId_userId: { tenantId, userId } }, select: { role: true } });
    return membership?.role ?? null;
  }

  isMember(tenantId: string, userId: string) {
    return this.db.system.membership.count({ where: { tenantId, userId } }).then((count) => count > 0);
  }
}
