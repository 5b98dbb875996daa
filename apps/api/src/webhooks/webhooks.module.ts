import { Module } from '@nestjs/common';
import { TargetsModule } from '../targets/targets.module.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';
import { WebhookEvents } from './webhook-events.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookSubscriber } from './webhook-subscriber.js';

/** Outbound webhooks: endpoints, deliveries, and the domain events they are sent for (WebhookSubscriber). */
@Module({
  imports: [TargetsModule],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, WebhookEvents, WebhookSender, WebhookSubscriber],
})
export class WebhooksModule {}
