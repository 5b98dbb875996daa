import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createTriggerSchema, createdTriggerSchema, fireTriggerSchema, runSchema, triggerViewSchema } from '@loadline/shared';
import { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { PublicUrl } from '../common/http/public-url.js';
import { CurrentCaller } from '../access/access.guard.js';
import { makerOf, type Caller } from '../access/caller.js';
import { Public } from '../access/public.decorator.js';
import { Requires } from '../access/permissions.decorator.js';
import { TriggersService } from './triggers.service.js';
import { IdempotencyKey } from '../common/http/idempotency-key.js';

@ApiTags('triggers')
@Controller()
export class TriggersController {
  constructor(
    private readonly triggers: TriggersService,
    private readonly publicUrl: PublicUrl,
  ) {}

  /** A secret URL that starts a run of the plan when POSTed to; shown once. */
  @Post('plans/:id/triggers')
  @Requires('runs:start')
  @ApiBearerAuth()
  @ApiJsonBody(createTriggerSchema)
  @ApiJsonResponse(201, createdTriggerSchema, [400, 401, 403, 404])
  create(
    @Param('id') id: string,
    @Body(new ZodPipe(createTriggerSchema)) body: z.infer<typeof createTriggerSchema>,
    @CurrentCaller() caller: Caller,
    @Req() req: Request,
  ) {
    return this.triggers.create(id, body.name, makerOf(caller), this.publicUrl.of(req), body.labels, body.targetId);
  }

  @Get('plans/:id/triggers')
  @Requires('read')
  @ApiBearerAuth()
  @ApiJsonResponse(200, listOf(triggerViewSchema), [401, 404])
  async list(@Param('id') id: string) {
    return { items: await this.triggers.list(id) };
  }

  @Delete('triggers/:id')
  @HttpCode(204)
  @Requires('runs:start')
  @ApiBearerAuth()
  @ApiJsonResponse(204, null, [401, 403, 404])
  async revoke(@Param('id') id: string): Promise<void> {
    await this.triggers.revoke(id);
  }

  /**
   * Starts a run (the token in the URL is the credential). Optional body: `baseUrl` for a
   * preview deployment, `variables` for this run. Retries with the same Idempotency-Key
   * answer the same run.
   */
  @Public()
  @Post('triggers/:token')
  @HttpCode(202)
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiJsonBody(fireTriggerSchema)
  @ApiJsonResponse(202, z.object({ run: runSchema }), [400, 404, 422, 429])
  async fire(
    @Param('token') token: string,
    @Body(new ZodPipe(fireTriggerSchema, 'trigger call')) body: z.infer<typeof fireTriggerSchema>,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return { run: await this.triggers.fire(token, body, idempotencyKey) };
  }
}
