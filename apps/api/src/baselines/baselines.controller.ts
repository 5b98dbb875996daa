import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { planBaselineSchema, runBaselineSchema, setBaselineSchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { CurrentCaller, type AuthenticatedCaller } from '../access/access.guard.js';
import { Requires } from '../access/permissions.decorator.js';
import { BaselinesService } from './baselines.service.js';

@ApiTags('baselines')
@ApiBearerAuth()
@Controller()
export class BaselinesController {
  constructor(private readonly baselines: BaselinesService) {}

  @Get('plans/:id/baseline')
  @Requires('read')
  @ApiJsonResponse(200, planBaselineSchema, [401, 404])
  ofPlan(@Param('id') planId: string) {
    return this.baselines.ofPlan(planId);
  }

  /** Pins a run as the plan's baseline. */
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

  /** Unpins: the baseline is the plan's last passed run of the same load again. */
  @Delete('plans/:id/baseline')
  @Requires('plans:write')
  @ApiJsonResponse(200, planBaselineSchema, [401, 403, 404])
  unpin(@Param('id') planId: string) {
    return this.baselines.unpin(planId);
  }

  /** The run against its plan's baseline: which run that is, and the comparison. */
  @Get('runs/:id/baseline')
  @Requires('read')
  @ApiJsonResponse(200, runBaselineSchema, [401, 404])
  ofRun(@Param('id') runId: string) {
    return this.baselines.ofRun(runId);
  }
}
