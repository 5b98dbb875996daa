import { Injectable } from '@nestjs/common';
import type { Role } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly db: DatabaseService) {}

  create(data: { name: string; prefix: string; secretHash: string; role: Role; createdById: string | null; expiresAt: Date | null }) {
    return this.db.scoped.apiKey.create({ data: withTenant(data) });
  }

  list() {
    return this.db.scoped.apiKey.findMany({ orderBy: { createdAt: 'desc' } });
  }

  findById(id: string) {
    return this.db.scoped.apiKey.findUnique({ where: { id } });
  }

  revoke(id: string, at: Date) {
    return this.db.scoped.apiKey.update({ where: { id }, data: { revokedAt: at } });
  }

  /** Resolving a bearer key happens before any tenant is known: system client, by secret hash. */
  findBySecretHash(secretHash: string) {
    return this.db.system.apiKey.findUnique({ where: { secretHash }, include: { tenant: true } });
  }

  touch(id: string, at: Date) {
    return this.db.system.apiKey.update({ where: { id }, data: { lastUsedAt: at } });
  }

  emailsOf(userIds: string[]) {
    return this.db.system.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  }
}
