import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

@Injectable()
export class TriggersRepository {
  constructor(private readonly db: DatabaseService) {}

  create(data: { planId: string; name: string; tokenHash: string; createdById: string | null }) {
    return this.db.scoped.trigger.create({ data: withTenant(data) });
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

  touch(id: string) {
    return this.db.system.trigger.update({ where: { id }, data: { lastUsedAt: new Date() } });
  }

  userEmails(userIds: string[]) {
    return this.db.system.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  }
}
