import { Injectable, Logger } from '@nestjs/common';
import type { AuditAction, AuditEventView, AuditPage } from '@loadline/shared';
import { currentContext } from '../tenancy/request-context.js';
import type { AuditedChange } from '../events/domain-events.js';
import { AuditRepository } from './audit.repository.js';

/** What an audited change says beyond who and from where (the request context has those). */
export type AuditEntry = AuditedChange;

/**
 * Who did what, when and from where (recorded from domain events: AuditSubscriber). Actor, address and user agent come from the request
 * context. Details never carry secrets: callers pass names and ids only.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(private readonly events: AuditRepository) {}

  async record(action: AuditAction, entry: AuditEntry = {}): Promise<void> {
    const context = currentContext();
    const tenantIds = entry.tenantIds ?? (context?.tenantId ? [context.tenantId] : []);
    if (!tenantIds.length) {
      this.logger.log({ action, ip: context?.ip }, 'audit event without an organization');
      return;
    }
    await this.events.createMany(
      tenantIds.map((tenantId) => ({
        tenantId,
        action,
        actorUserId: entry.actorUserId !== undefined ? entry.actorUserId : (context?.userId ?? null),
        actorApiKeyId: context?.apiKeyId ?? null,
        subjectType: entry.subject?.type ?? null,
        subjectId: entry.subject?.id ?? null,
        ip: context?.ip ?? null,
        userAgent: context?.userAgent ?? null,
        details: entry.details ?? {},
      })),
    );
  }

  async page(query: { limit: number; before?: string; action?: string }): Promise<AuditPage> {
    const { events, hasMore, userEmails, keyNames } = await this.events.page(query);
    const views: AuditEventView[] = events.map((event) => ({
      id: event.id,
      action: event.action,
      actor: event.actorApiKeyId
        ? { type: 'apiKey', id: event.actorApiKeyId, label: keyNames.get(event.actorApiKeyId) ?? null }
        : event.actorUserId
          ? { type: 'user', id: event.actorUserId, label: userEmails.get(event.actorUserId) ?? null }
          : { type: 'system', id: null, label: null },
      subject: event.subjectType && event.subjectId ? { type: event.subjectType, id: event.subjectId } : null,
      ip: event.ip,
      userAgent: event.userAgent,
      details: (event.details ?? {}) as Record<string, unknown>,
      createdAt: event.createdAt.toISOString(),
    }));
    return { events: views, nextBefore: hasMore ? (views.at(-1)?.id ?? null) : null };
  }
}
