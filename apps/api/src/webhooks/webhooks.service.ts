import { Injectable } from '@nestjs/common';
import type { WebhookDeliveryView, WebhookView, WebhookWithSecret, createWebhookSchema, updateWebhookSchema } from '@loadline/shared';
import type { z } from 'zod';
import { AddressGuard } from '../targets/address-guard.js';
import { SecretBox } from '../targets/secret-box.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhookEvents } from './webhook-events.js';
import { WebhookError, WebhookErrorCode } from './webhooks.errors.js';
import { newWebhookSecret } from './signing.js';

/** How long the previous secret keeps signing after a rotation, so receivers can switch. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

type EndpointRow = NonNullable<Awaited<ReturnType<WebhooksRepository['find']>>>;
type DeliveryRow = Awaited<ReturnType<WebhooksRepository['deliveries']>>[number];

const view = (row: EndpointRow): WebhookView => ({
  id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  previousSecretValidUntil: row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});

const deliveryView = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status as WebhookDeliveryView['status'],
  attempts: row.attempts,
  responseCode: row.responseCode,
  lastError: row.lastError,
  durationMs: row.durationMs,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  payload: row.payload,
});

@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly events: WebhookEvents,
    private readonly guard: AddressGuard,
    private readonly box: SecretBox,
  ) {}

  private async endpoint(id: string): Promise<EndpointRow> {
    const row = await this.webhooks.find(id);
    if (!row) throw new WebhookError(WebhookErrorCode.WEBHOOK_NOT_FOUND, `No webhook endpoint ${id}`);
    return row;
  }

  async create(input: z.infer<typeof createWebhookSchema>): Promise<WebhookWithSecret> {
    // The same policy as targets: a webhook must not reach into private networks either.
    await this.guard.assertAllowed(input.url, 'url');
    const secret = newWebhookSecret();
    const row = await this.webhooks.create({ ...input, secretEncrypted: this.box.seal(secret) });
    return { webhook: view(row), secret };
  }

  async list(): Promise<WebhookView[]> {
    return (await this.webhooks.list()).map(view);
  }

  async update(id: string, input: z.infer<typeof updateWebhookSchema>): Promise<WebhookView> {
    await this.endpoint(id);
    if (input.url) await this.guard.assertAllowed(input.url, 'url');
    return view(await this.webhooks.update(id, input));
  }

  async delete(id: string): Promise<void> {
    await this.endpoint(id);
    await this.webhooks.delete(id);
  }

  /** A new secret, shown once; the previous one keeps signing (both signatures sent) for 24 h. */
  async rotateSecret(id: string): Promise<WebhookWithSecret> {
    const row = await this.endpoint(id);
    const secret = newWebhookSecret();
    const updated = await this.webhooks.update(id, {
      secretEncrypted: this.box.seal(secret),
      previousSecretEncrypted: row.secretEncrypted,
      previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
    });
    return { webhook: view(updated), secret };
  }

  async deliveries(id: string): Promise<WebhookDeliveryView[]> {
    await this.endpoint(id);
    return (await this.webhooks.deliveries(id)).map(deliveryView);
  }

  /** Sends a delivery again (a fresh series of attempts), whatever became of it. */
  async redeliver(deliveryId: string): Promise<WebhookDeliveryView> {
    const delivery = await this.webhooks.findDelivery(deliveryId);
    if (!delivery) throw new WebhookError(WebhookErrorCode.DELIVERY_NOT_FOUND, `No webhook delivery ${deliveryId}`);
    const reopened = await this.webhooks.reopen(deliveryId);
    await this.events.enqueue(deliveryId, true);
    return deliveryView(reopened);
  }

  /** A `webhook.test` event to this endpoint only, to check the receiver and its signature check. */
  async sendTest(id: string): Promise<WebhookDeliveryView> {
    await this.endpoint(id);
    return deliveryView(await this.events.emitTo(id, 'webhook.test', { message: 'A test event from Loadline' }));
  }
}
