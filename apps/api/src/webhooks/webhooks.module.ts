import { Global, Module } from '@nestjs/common';
import { TargetsModule } from '../targets/targets.module.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';
import { WebhookEvents } from './webhook-events.js';
import { WebhookSender } from './webhook-sender.js';

/** Global: runs and schedules emit events through WebhookEvents. */
@Global()
@Module({
  imports: [TargetsModule],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, WebhookEvents, WebhookSender],
  exports: [WebhookEvents],
})
export class WebhooksModule {}
