import { Body, Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { baselineQuerySchema, planBaselineSchema, runBaselineSchema, setBaselineSchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse, ApiZodQuery } from '../common/openapi/decorators.js';
import { CurrentCaller, type AuthenticatedCaller } from '../access/access.guard.js';
import { Requires } from '../access/permissions.decorator.js';
import { BaselinesService } from './baselines.service.js';

@ApiTags('baselines')
@ApiBearerAuth()
@Controller()
export class BaselinesController {
  constructor(private readonly baselines: BaselinesService) {}

  /** The baseline of the plan's runs against a target (`targetId`; default the plan's own). */
  @Get('plans/:id/baseline')
  @Requires('read')
  @ApiZodQuery(baselineQuerySchema)
  @ApiJsonResponse(200, planBaselineSchema, [400, 401, 404])
  ofPlan(@Param('id') planId: string, @Query(new ZodPipe(baselineQuerySchema, 'query')) query: z.infer<typeof baselineQuerySchema>) {
    return this.baselines.ofPlan(planId, query.targetId);
  }

  /** Pins a run as the plan's baseline against the target that run ran against. */
  @Put('plans/:id/baseline')
  @Requires('plans:write')
  @ApiJsonBody(setBaselineSchema)
  @ApiJsonResponse(200, planBaselineSchema, [400, 401, 403, 404, 422])
  pin(
    @Param('id') planId: string,
    @Body(new ZodPipe(setBaselineSchema, 'baseline')) body: z.infer<typeof setBaselineSchema>,
    @CurrentCaller() caller: AuthenticatedCaller,
  ) {
    return this.baselines.pin(planId, body.runId, caller.userId ?? null);
  }

  /** Unpins (against `targetId`, default the plan's own target): the baseline is the last passed run of the same load there again. */
  @Delete('plans/:id/baseline')
  @Requires('plans:write')
  @ApiZodQuery(baselineQuerySchema)
  @ApiJsonResponse(200, planBaselineSchema, [400, 401, 403, 404])
  unpin(@Param('id') planId: string, @Query(new ZodPipe(baselineQuerySchema, 'query')) query: z.infer<typeof baselineQuerySchema>) {
    return this.baselines.unpin(planId, query.targetId);
  }

  /** The run against its plan's baseline: which run that is, and the comparison. */
  @Get('runs/:id/baseline')
  @Requires('read')
  @ApiJsonResponse(200, runBaselineSchema, [401, 404])
  ofRun(@Param('id') runId: string) {
    return this.baselines.ofRun(runId);
  }
}
