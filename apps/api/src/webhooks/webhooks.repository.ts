import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client.js';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

@Injectable()
export class WebhooksRepository {
  constructor(private readonly db: DatabaseService) {}

  create(data: { url: string; events: string[]; description: string; enabled: boolean; secretEncrypted: string }) {
    return this.db.scoped.webhookEndpoint.create({ data: withTenant(data) });
  }

  list() {
    return this.db.scoped.webhookEndpoint.findMany({ orderBy: { createdAt: 'asc' } });
  }

  find(id: string) {
    return this.db.scoped.webhookEndpoint.findUnique({ where: { id } });
  }

  update(id: string, data: Prisma.WebhookEndpointUpdateInput) {
    return this.db.scoped.webhookEndpoint.update({ where: { id }, data });
  }

  delete(id: string) {
    return this.db.scoped.webhookEndpoint.delete({ where: { id } });
  }

  subscribedTo(eventType: string) {
    return this.db.scoped.webhookEndpoint.findMany({ where: { enabled: true, events: { has: eventType } } });
  }

  createDelivery(data: { endpointId: string; eventId: string; eventType: string; payload: object }) {
    return this.db.scoped.webhookDelivery.create({ data: withTenant({ ...data, payload: data.payload as Prisma.InputJsonValue }) });
  }

  deliveries(endpointId: string, take = 50) {
    return this.db.scoped.webhookDelivery.findMany({ where: { endpointId }, orderBy: { createdAt: 'desc' }, take });
  }

  findDelivery(id: string) {
    return this.db.scoped.webhookDelivery.findUnique({ where: { id }, include: { endpoint: true } });
  }

  recordAttempt(id: string, data: { status?: string; responseCode: number | null; lastError: string | null; durationMs: number; deliveredAt?: Date }) {
    return this.db.scoped.webhookDelivery.update({ where: { id }, data: { ...data, attempts: { increment: 1 } } });
  }

  markFailed(id: string) {
    return this.db.scoped.webhookDelivery.update({ where: { id }, data: { status: 'FAILED' } });
  }

  reopen(id: string) {
    return this.db.scoped.webhookDelivery.update({ where: { id }, data: { status: 'PENDING' } });
  }
}
