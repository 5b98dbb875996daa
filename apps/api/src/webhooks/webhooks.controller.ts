import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { createWebhookSchema, updateWebhookSchema, webhookDeliveryViewSchema, webhookViewSchema, webhookWithSecretSchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { Requires } from '../access/permissions.decorator.js';
import { WebhooksService } from './webhooks.service.js';

@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @Requires('webhooks:manage')
  @ApiJsonResponse(200, listOf(webhookViewSchema), [401, 403])
  async list() {
    return { items: await this.webhooks.list() };
  }

  /** The signing secret (`whsec_...`) is in this answer only. */
  @Post()
  @Requires('webhooks:manage')
  @ApiJsonBody(createWebhookSchema)
  @ApiJsonResponse(201, webhookWithSecretSchema, [400, 401, 403, 422])
  create(@Body(new ZodPipe(createWebhookSchema, 'webhook')) body: z.infer<typeof createWebhookSchema>) {
    return this.webhooks.create(body);
  }

  @Patch(':id')
  @Requires('webhooks:manage')
  @ApiJsonBody(updateWebhookSchema)
  @ApiJsonResponse(200, webhookViewSchema, [400, 401, 403, 404, 422])
  update(@Param('id') id: string, @Body(new ZodPipe(updateWebhookSchema, 'webhook')) body: z.infer<typeof updateWebhookSchema>) {
    return this.webhooks.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Requires('webhooks:manage')
  @ApiJsonResponse(204, null, [401, 403, 404])
  async delete(@Param('id') id: string): Promise<void> {
    await this.webhooks.delete(id);
  }

  /** A new secret (shown once); the old one also signs for 24 hours. */
  @Post(':id/rotate-secret')
  @Requires('webhooks:manage')
  @ApiJsonResponse(201, webhookWithSecretSchema, [401, 403, 404])
  rotate(@Param('id') id: string) {
    return this.webhooks.rotateSecret(id);
  }

  @Get(':id/deliveries')
  @Requires('webhooks:manage')
  @ApiJsonResponse(200, listOf(webhookDeliveryViewSchema), [401, 403, 404])
  async deliveries(@Param('id') id: string) {
    return { items: await this.webhooks.deliveries(id) };
  }

  @Post(':id/test')
  @HttpCode(202)
  @Requires('webhooks:manage')
  @ApiJsonResponse(202, webhookDeliveryViewSchema, [401, 403, 404])
  test(@Param('id') id: string) {
    return this.webhooks.sendTest(id);
  }

  @Post('deliveries/:id/redeliver')
  @HttpCode(202)
  @Requires('webhooks:manage')
  @ApiJsonResponse(202, webhookDeliveryViewSchema, [401, 403, 404])
  redeliver(@Param('id') id: string) {
    return this.webhooks.redeliver(id);
  }
}
