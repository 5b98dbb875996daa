import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import { Prisma } from '../generated/prisma/client.js';
import type { Role } from '@loadline/shared';

export interface NewSession {
  tokenHash: string;
  expiresAt: Date;
  ip?: string;
  userAgent?: string;
}

/** A session as authentication needs it: who, for which organization, until when. */
export interface LiveSession {
  id: string;
  userId: string;
  tenantId: string;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  user: { id: string; email: string; name: string };
  tenant: { id: string; name: string; slug: string };
}

interface LiveSessionRow {
  id: string;
  userId: string;
  tenantId: string;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  userEmail: string;
  userName: string;
  tenantName: string;
  tenantSlug: string;
  role: Role | null;
}

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string;
  session: NewSession;
  /** Either a new organization the user will own... */
  organization?: { name: string; slug: string };
  /** ...or an invite to claim, in the same transaction. */
  invite?: { id: string; tenantId: string; role: Role };
}

export class EmailTakenError extends Error {}
/** The invite was accepted, revoked or expired between checking and claiming it. */
export class InviteClaimedError extends Error {}

/**
 * Accounts are looked up before any tenant is known (by e-mail, by session token), so this
 * repository uses the system client; everything it touches is keyed by a secret or by the user.
 */
@Injectable()
export class AuthRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Whether the installation has any account at all. */
  async anyUser(): Promise<boolean> {
    return (await this.db.system.user.findFirst({ select: { id: true } })) !== null;
  }

  /** Creates the user, their membership (new organization or invite) and first session, or nothing. */
  async createAccount(account: NewAccount) {
    try {
      return await this.db.system.$transaction(async (tx) => {
        const user = await tx.user.create({
          data: { email: account.email, name: account.name, passwordHash: account.passwordHash },
        });
        let tenantId: string;
        let role: Role;
        if (account.invite) {
          const claimed = await tx.invite.updateMany({
            where: { id: account.invite.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
            data: { acceptedAt: new Date(), acceptedBy: user.id },
          });
          if (claimed.count !== 1) throw new InviteClaimedError();
          ({ tenantId, role } = account.invite);
        } else {
          const tenant = await tx.tenant.create({ data: { name: account.organization!.name, slug: account.organization!.slug } });
          tenantId = tenant.id;
          role = 'OWNER';
        }
        await tx.membership.create({ data: { tenantId, userId: user.id, role } });
        const session = await tx.session.create({ data: { userId: user.id, tenantId, ...account.session } });
        const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId } });
        return { user, tenant, session, role };
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        if (JSON.stringify(error.meta ?? {}).includes('email')) throw new EmailTakenError();
      }
      throw error;
    }
  }

  findUserByEmail(email: string) {
    return this.db.system.user.findUnique({ where: { email } });
  }

  /** The user's organizations, oldest membership first. */
  memberships(userId: string) {
    return this.db.system.membership.findMany({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      include: { tenant: true },
    });
  }

  findMembership(userId: string, tenantId: string) {
    return this.db.system.membership.findUnique({
      where: { tenantId_userId: { tenantId, userId } },
      include: { tenant: true },
    });
  }

  createSession(data: NewSession & { userId: string; tenantId: string }) {
    return this.db.system.session.create({ data });
  }

  /**
   * A session with the user and the membership it acts under (null membership: not live).
   * One plain statement: every authenticated request asks this, and the two Prisma model
   * queries it was (the session with its user and organization, then the membership) cost
   * ~330 µs of CPU against ~65 µs (docs/benchmarks.md "API reads").
   */
  async findLiveSession(tokenHash: string, now: Date): Promise<{ session: LiveSession | null; membership: { role: Role } | null }> {
    const rows = await this.db.sql.systemRows<LiveSessionRow>(
      `SELECT s.id, s."userId", s."tenantId", s."expiresAt" AT TIME ZONE 'UTC' AS "expiresAt",
              s."lastUsedAt" AT TIME ZONE 'UTC' AS "lastUsedAt", s."revokedAt" AT TIME ZONE 'UTC' AS "revokedAt",
              u.email AS "userEmail", u.name AS "userName", t.name AS "tenantName", t.slug AS "tenantSlug", m.role::text AS role
       FROM "Session" s
       JOIN "User" u ON u.id = s."userId"
       JOIN "Tenant" t ON t.id = s."tenantId"
       LEFT JOIN "Membership" m ON m."tenantId" = s."tenantId" AND m."userId" = s."userId"
       WHERE s."tokenHash" = $1`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return { session: null, membership: null };
    const session: LiveSession = {
      id: row.id,
      userId: row.userId,
      tenantId: row.tenantId,
      expiresAt: row.expiresAt,
      lastUsedAt: row.lastUsedAt,
      revokedAt: row.revokedAt,
      user: { id: row.userId, email: row.userEmail, name: row.userName },
      tenant: { id: row.tenantId, name: row.tenantName, slug: row.tenantSlug },
    };
    if (row.revokedAt || row.expiresAt <= now || !row.role) return { session, membership: null };
    return { session, membership: { role: row.role } };
  }

  /**
   * Of these sessions, those still live (not revoked, not expired, their member still in the
   * organization they act for), with that organization and the role: one statement for all.
   */
  async liveSessionRoles(sessionIds: string[], now: Date): Promise<Map<string, { tenantId: string; role: Role }>> {
    const rows = await this.db.system.$queryRaw<Array<{ id: string; tenantId: string; role: Role }>>`
      SELECT s.id, s."tenantId", m.role::text AS role
      FROM "Session" s JOIN "Membership" m ON m."tenantId" = s."tenantId" AND m."userId" = s."userId"
      WHERE s.id = ANY(${sessionIds}) AND s."revokedAt" IS NULL AND s."expiresAt" > ${now}`;
    return new Map(rows.map((row) => [row.id, { tenantId: row.tenantId, role: row.role }]));
  }

  listLiveSessions(userId: string, now: Date) {
    return this.db.system.session.findMany({
      where: { userId, revokedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: 'desc' },
    });
  }

  /** Revokes one of the user's own sessions; false when the user has no such live session. */
  async revokeSession(userId: string, sessionId: string): Promise<boolean> {
    const result = await this.db.system.session.updateMany({
      where: { id: sessionId, userId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    return result.count === 1;
  }

  switchSession(sessionId: string, tenantId: string) {
    return this.db.system.session.update({ where: { id: sessionId }, data: { tenantId } });
  }

  touchSession(sessionId: string, at: Date) {
    return this.db.system.session.update({ where: { id: sessionId }, data: { lastUsedAt: at } });
  }
}
