import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@loadline/shared';
import { currentTenantId } from '../tenancy/request-context.js';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { WEBHOOKS_PRODUCER, type WebhooksProducer } from '../queue/queue.module.js';
import { WebhooksRepository } from './webhooks.repository.js';

/**
 * Emits an event to the current organization's endpoints that chose it: a delivery row per
 * endpoint (the log), and a queued job that sends and retries it. Never throws at the emitter:
 * a failing webhook must not fail the run that caused it (`emitTo`, the test event, does).
 */
const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

@Injectable()
export class WebhookEvents {
  private readonly logger = new Logger(WebhookEvents.name);

  constructor(
    private readonly webhooks: WebhooksRepository,
    @Inject(WEBHOOKS_PRODUCER) private readonly producer: WebhooksProducer,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  /** Whether any endpoint of the tenant listens to one of these events: spares building a payload nobody receives. */
  async anyListens(types: readonly WebhookEventType[]): Promise<boolean> {
    for (const type of types) if ((await this.webhooks.subscribedTo(type)).length) return true;
    return false;
  }

  async emit(type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
    try {
      const endpoints = await this.webhooks.subscribedTo(type);
      const eventId = newEventId();
      for (const endpoint of endpoints) await this.queueDelivery(endpoint.id, eventId, type, data);
    } catch (error) {
      this.logger.error({ type, err: (error as Error).message }, 'could not queue a webhook event');
    }
  }

  /** One event to one endpoint, whatever it subscribed to (test events); this one throws. */
  async emitTo(endpointId: string, type: WebhookEventType, data: Record<string, unknown>) {
    return this.queueDelivery(endpointId, newEventId(), type, data);
  }

  private async queueDelivery(endpointId: string, eventId: string, type: WebhookEventType, data: Record<string, unknown>) {
    const payload = { type, timestamp: new Date().toISOString(), data };
    const delivery = await this.webhooks.createDelivery({ endpointId, eventId, eventType: type, payload });
    await this.enqueue(delivery.id);
    return delivery;
  }

  async enqueue(deliveryId: string, redeliver = false): Promise<void> {
    await this.producer.add(
      'webhook.deliver',
      { deliveryId, tenantId: currentTenantId(), redeliver },
      // The first attempt, then one per retry delay (LOADLINE_WEBHOOK_RETRY_DELAYS_MS; the sender's backoff).
      { attempts: this.env.LOADLINE_WEBHOOK_RETRY_DELAYS_MS.length + 1, backoff: { type: 'loadline' }, removeOnComplete: true, removeOnFail: { age: 86_400 } },
    );
  }
}
