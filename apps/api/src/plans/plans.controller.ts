import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { createPlanSchema, planViewSchema, updatePlanSchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/http/openapi.js';
import { listOf } from '../common/http/list.js';
import { CurrentCaller, type AuthenticatedCaller } from '../auth/auth.guard.js';
import { PlansService } from './plans.service.js';
import { PlanError } from './plans.errors.js';
import { Requires } from '../auth/permissions.decorator.js';

@ApiTags('plans')
@ApiBearerAuth()
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get()
  @Requires('read')
  @ApiJsonResponse(200, listOf(planViewSchema), [401])
  async list() {
    return { items: await this.plans.list() };
  }

  @Post()
  @Requires('plans:write')
  @ApiJsonBody(createPlanSchema)
  @ApiJsonResponse(201, planViewSchema, [400, 401])
  create(
    @Body(new ZodPipe(createPlanSchema, 'plan', PlanError.invalid)) body: z.infer<typeof createPlanSchema>,
    @CurrentCaller() caller: AuthenticatedCaller,
  ) {
    const { name, targetId, ...spec } = body;
    return this.plans.create({ name, targetId, spec }, caller.userId ?? undefined);
  }

  @Get(':id')
  @Requires('read')
  @ApiJsonResponse(200, planViewSchema, [401, 404])
  get(@Param('id') id: string) {
    return this.plans.get(id);
  }

  @Patch(':id')
  @Requires('plans:write')
  @ApiJsonBody(updatePlanSchema)
  @ApiJsonResponse(200, planViewSchema, [400, 401, 404])
  update(
    @Param('id') id: string,
    @Body(new ZodPipe(updatePlanSchema, 'plan change', PlanError.invalid)) body: z.infer<typeof updatePlanSchema>,
    @CurrentCaller() caller: AuthenticatedCaller,
  ) {
    return this.plans.update(id, body, caller.userId ?? undefined);
  }

  @Delete(':id')
  @Requires('plans:write')
  @HttpCode(204)
  @ApiJsonResponse(204, null, [401, 404])
  async remove(@Param('id') id: string): Promise<void> {
    await this.plans.remove(id);
  }
}
