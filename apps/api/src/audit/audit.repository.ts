import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import type { Prisma } from '../generated/prisma/client.js';

export interface NewAuditEvent {
  tenantId: string;
  action: string;
  actorUserId?: string | null;
  actorApiKeyId?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Prisma.InputJsonValue;
}

@Injectable()
export class AuditRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * Written with the system client and an explicit tenant: some events happen before anyone
   * is signed in (a failed login is recorded in each organization of the account).
   */
  createMany(events: NewAuditEvent[]) {
    return this.db.system.auditEvent.createMany({ data: events });
  }

  /** Newest first; `before` is the id of the last event of the previous page. */
  async page(query: { limit: number; before?: string; action?: string }) {
    const cursor = query.before ? await this.db.scoped.auditEvent.findUnique({ where: { id: query.before } }) : null;
    const events = await this.db.scoped.auditEvent.findMany({
      where: {
        ...(query.action ? { action: query.action } : {}),
        ...(cursor ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: query.limit + 1,
    });
    const userIds = [...new Set(events.map((event) => event.actorUserId).filter((id): id is string => !!id))];
    const keyIds = [...new Set(events.map((event) => event.actorApiKeyId).filter((id): id is string => !!id))];
    const [users, keys] = await Promise.all([
      userIds.length ? this.db.system.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } }) : [],
      keyIds.length ? this.db.scoped.apiKey.findMany({ where: { id: { in: keyIds } }, select: { id: true, name: true } }) : [],
    ]);
    return {
      events: events.slice(0, query.limit),
      hasMore: events.length > query.limit,
      userEmails: new Map(users.map((user) => [user.id, user.email])),
      keyNames: new Map(keys.map((key) => [key.id, key.name])),
    };
  }
}
