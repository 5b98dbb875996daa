import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import { Prisma } from '../generated/prisma/client.js';
import type { Role } from '@loadline/shared';

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string;
  organizationName: string;
  slug: string;
  session: { tokenHash: string; expiresAt: Date; ip?: string; userAgent?: string };
}

export class EmailTakenError extends Error {}

/**
 * Accounts are looked up before any tenant is known (by e-mail, by session token), so this
 * repository uses the system client; everything it touches is keyed by a secret or by the user.
 */
@Injectable()
export class AuthRepository {
  constructor(private readonly db: DatabaseService) {}

  /** Creates user, organization, owner membership and first session together, or nothing. */
  async createAccount(account: NewAccount) {
    try {
      return await this.db.system.$transaction(async (tx) => {
        const user = await tx.user.create({
          data: { email: account.email, name: account.name, passwordHash: account.passwordHash },
        });
        const tenant = await tx.tenant.create({ data: { name: account.organizationName, slug: account.slug } });
        await tx.membership.create({ data: { tenantId: tenant.id, userId: user.id, role: 'OWNER' } });
        const session = await tx.session.create({
          data: { userId: user.id, tenantId: tenant.id, ...account.session },
        });
        return { user, tenant, session, role: 'OWNER' as Role };
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        const target = JSON.stringify(error.meta ?? {});
        if (target.includes('email')) throw new EmailTakenError();
      }
      throw error;
    }
  }

  slugTaken(slug: string): Promise<boolean> {
    return this.db.system.tenant.count({ where: { slug } }).then((count) => count > 0);
  }

  findUserByEmail(email: string) {
    return this.db.system.user.findUnique({ where: { email } });
  }

  /** The user's first organization, for a fresh login. */
  findFirstMembership(userId: string) {
    return this.db.system.membership.findFirst({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      include: { tenant: true },
    });
  }

  createSession(data: { userId: string; tenantId: string; tokenHash: string; expiresAt: Date; ip?: string; userAgent?: string }) {
    return this.db.system.session.create({ data });
  }

  /** A live session with the user and the membership it acts under. */
  async findLiveSession(tokenHash: string, now: Date) {
    const session = await this.db.system.session.findUnique({
      where: { tokenHash },
      include: { user: true, tenant: true },
    });
    if (!session || session.revokedAt || session.expiresAt <= now) return { session, membership: null };
    const membership = await this.db.system.membership.findUnique({
      where: { tenantId_userId: { tenantId: session.tenantId, userId: session.userId } },
    });
    return { session, membership };
  }

  revokeSession(sessionId: string) {
    return this.db.system.session.update({ where: { id: sessionId }, data: { revokedAt: new Date() } });
  }

  touchSession(sessionId: string, at: Date) {
    return this.db.system.session.update({ where: { id: sessionId }, data: { lastUsedAt: at } });
  }
}
