import { Injectable } from '@nestjs/common';
import { can, canGrant, type Role } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { currentTenantId, withTenant } from '../tenancy/request-context.js';
import { assertRootAuthority, lockRootRole, type SqlTransaction } from '../access/authority.js';

/** The reset link was used, withdrawn or expired between checking and claiming it, or no longer holds. */
export class ResetNoLongerValidError extends Error {}

/**
 * Whether a reset link still holds: its issuer may still manage members and grant the
 * member's role, and the member belongs to the issuer's organization only (an admin of one
 * organization must not take over an account that owns another).
 */
export function resetHolds(issuerRole: Role | null, memberRole: Role | null, otherOrganizations: number): boolean {
  return !!issuerRole && !!memberRole && can(issuerRole, 'members:manage') && canGrant(issuerRole, memberRole) && otherOrganizations === 0;
}

/**
 * Passwords are a person's, across organizations, so most of this uses the system client;
 * issuing a reset link is an act in one organization and goes through the scoped one.
 */
@Injectable()
export class PasswordsRepository {
  constructor(private readonly db: DatabaseService) {}

  findUser(userId: string) {
    return this.db.system.user.findUnique({ where: { id: userId } });
  }

  async tenantIdsOf(userId: string): Promise<string[]> {
    return (await this.db.system.membership.findMany({ where: { userId }, select: { tenantId: true } })).map((membership) => membership.tenantId);
  }

  /**
   * The new password, and in the same transaction every other session of the person ends
   * (in every organization: whoever knew the old password is signed out) and every pending
   * reset link for them is withdrawn.
   */
  async changePassword(userId: string, passwordHash: string, keepSessionId: string | null, now: Date): Promise<void> {
    await this.db.system.$transaction(async (tx) => {
      await tx.user.update({ where: { id: userId }, data: { passwordHash } });
      await tx.session.updateMany({ where: { userId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) }, data: { revokedAt: now } });
      await tx.passwordReset.updateMany({ where: { userId, usedAt: null, revokedAt: null }, data: { revokedAt: now } });
    });
  }

  findMember(userId: string) {
    return this.db.scoped.membership.findFirst({ where: { userId }, include: { user: true } });
  }

  /** How many organizations besides this one the person belongs to. */
  otherMemberships(userId: string, tenantId: string) {
    return this.db.system.membership.count({ where: { userId, tenantId: { not: tenantId } } });
  }

  /**
   * Writes a reset link (withdrawing the member's earlier ones) unless its issuer no longer
   * may: read under lock in the same transaction, as for keys (see lockRootRole).
   */
  issue(data: { userId: string; tokenHash: string; expiresAt: Date; memberRole: Role }, issuerId: string, now: Date) {
    return this.db.scoped.$transaction(async (tx) => {
      await assertRootAuthority(tx, currentTenantId(), issuerId, (role) => can(role, 'members:manage') && canGrant(role, data.memberRole));
      await tx.passwordReset.updateMany({ where: { userId: data.userId, usedAt: null, revokedAt: null }, data: { revokedAt: now } });
      return tx.passwordReset.create({ data: withTenant({ userId: data.userId, tokenHash: data.tokenHash, expiresAt: data.expiresAt, rootUserId: issuerId }) });
    });
  }

  /** A reset link is opened without login: system client, by token hash. */
  findByTokenHash(tokenHash: string) {
    return this.db.system.passwordReset.findUnique({ where: { tokenHash }, include: { user: true, tenant: { select: { name: true } } } });
  }

  /** What decides whether a link still holds (see resetHolds), read outside a transaction for a preview. */
  async standing(reset: { tenantId: string; userId: string; rootUserId: string }) {
    return this.standingIn(this.db.system, reset, false);
  }

  private async standingIn(tx: SqlTransaction, reset: { tenantId: string; userId: string; rootUserId: string }, lock: boolean) {
    const issuerRole = lock ? await lockRootRole(tx, reset.tenantId, reset.rootUserId) : await this.roleOf(reset.tenantId, reset.rootUserId);
    const [member] = await tx.$queryRaw<Array<{ role: Role }>>`
      SELECT role::text AS role FROM "Membership" WHERE "tenantId" = ${reset.tenantId} AND "userId" = ${reset.userId}`;
    const [others] = await tx.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM "Membership" WHERE "userId" = ${reset.userId} AND "tenantId" <> ${reset.tenantId}`;
    return { issuerRole, memberRole: member?.role ?? null, otherOrganizations: others?.n ?? 0 };
  }

  private async roleOf(tenantId: string, userId: string): Promise<Role | null> {
    const membership = await this.db.system.membership.findUnique({ where: { tenantId_userId: { tenantId, userId } }, select: { role: true } });
    return membership?.role ?? null;
  }

  /**
   * Uses the link: claims it (once), checks under lock that it still holds, sets the password
   * and ends every session of the person, in one transaction; ResetNoLongerValidError otherwise.
   */
  async redeem(reset: { id: string; tenantId: string; userId: string; rootUserId: string }, passwordHash: string, now: Date): Promise<void> {
    await this.db.system.$transaction(async (tx) => {
      const claimed = await tx.passwordReset.updateMany({
        where: { id: reset.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) throw new ResetNoLongerValidError();
      const standing = await this.standingIn(tx, reset, true);
      if (!resetHolds(standing.issuerRole, standing.memberRole, standing.otherOrganizations)) throw new ResetNoLongerValidError();
      await tx.user.update({ where: { id: reset.userId }, data: { passwordHash } });
      await tx.session.updateMany({ where: { userId: reset.userId, revokedAt: null }, data: { revokedAt: now } });
    });
  }
}
