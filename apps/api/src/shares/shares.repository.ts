import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

@Injectable()
export class SharesRepository {
  constructor(private readonly db: DatabaseService) {}

  create(data: { tokenHash: string; runId: string | null; planId: string | null; createdById: string | null; expiresAt: Date | null }) {
    return this.db.scoped.shareLink.create({ data: withTenant(data) });
  }

  list() {
    return this.db.scoped.shareLink.findMany({
      orderBy: { createdAt: 'desc' },
      include: { run: { select: { createdAt: true, planVersion: { select: { name: true } } } }, plan: { select: { name: true } } },
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

  userEmails(userIds: string[]) {
    return this.db.system.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  }
}
