import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  createPlanSchema,
  planDiffQuerySchema,
  planListQuerySchema,
  scriptCheckSchema,
  scriptInspectPayloadSchema,
  planDiffSchema,
  planScriptSchema,
  planVersionQuerySchema,
  planVersionNumberSchema,
  planVersionSummarySchema,
  planViewSchema,
  updatePlanSchema,
} from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse, ApiZodParam, ApiZodQuery } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { CurrentCaller, type AuthenticatedCaller } from '../access/access.guard.js';
import { PlansService } from './plans.service.js';
import { PlanError } from './plans.errors.js';
import { Requires } from '../access/permissions.decorator.js';

@ApiTags('plans')
@ApiBearerAuth()
@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get()
  @Requires('read')
  @ApiZodQuery(planListQuerySchema)
  @ApiJsonResponse(200, listOf(planViewSchema), [400, 401])
  async list(@Query(new ZodPipe(planListQuerySchema, 'query')) query: z.infer<typeof planListQuerySchema>) {
    return { items: await this.plans.list(query) };
  }

  @Post()
  @Requires('plans:write')
  @ApiJsonBody(createPlanSchema)
  @ApiJsonResponse(201, planViewSchema, [400, 401, 422, 429, 503])
  create(@Body(new ZodPipe(createPlanSchema, 'plan', PlanError.invalid)) body: z.infer<typeof createPlanSchema>, @CurrentCaller() caller: AuthenticatedCaller) {
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
  @ApiJsonResponse(200, planViewSchema, [400, 401, 404, 422, 429, 503])
  update(
    @Param('id') id: string,
    @Body(new ZodPipe(updatePlanSchema, 'plan change', PlanError.invalid)) body: z.infer<typeof updatePlanSchema>,
    @CurrentCaller() caller: AuthenticatedCaller,
  ) {
    return this.plans.update(id, body, caller.userId ?? undefined);
  }

  /**
   * Checks a custom k6 script with k6 (`k6 inspect`, on a runner) without saving anything.
   * 429 SCRIPT_CHECK_THROTTLED (with Retry-After) when the organization has as many checks in
   * flight, or had as many this minute, as the installation allows.
   */
  @Post('check-script')
  @HttpCode(200)
  @Requires('plans:write')
  @ApiJsonBody(scriptInspectPayloadSchema)
  @ApiJsonResponse(200, scriptCheckSchema, [400, 401, 403, 429, 503])
  checkScript(@Body(new ZodPipe(scriptInspectPayloadSchema, 'script')) body: z.infer<typeof scriptInspectPayloadSchema>) {
    return this.plans.checkScript(body.source);
  }

  @Get(':id/versions')
  @Requires('read')
  @ApiJsonResponse(200, listOf(planVersionSummarySchema), [401, 404])
  async versions(@Param('id') id: string) {
    return { items: await this.plans.versions(id) };
  }

  @Get(':id/versions/:version')
  @Requires('read')
  @ApiZodParam('version', planVersionNumberSchema)
  @ApiJsonResponse(200, planViewSchema, [400, 401, 404])
  version(@Param('id') id: string, @Param('version', new ZodPipe(planVersionNumberSchema, 'version')) version: number) {
    return this.plans.version(id, version);
  }

  /** What changed between two versions (`to` defaults to the current one). */
  @Get(':id/diff')
  @Requires('read')
  @ApiZodQuery(planDiffQuerySchema)
  @ApiJsonResponse(200, planDiffSchema, [400, 401, 404])
  diff(@Param('id') id: string, @Query(new ZodPipe(planDiffQuerySchema, 'query')) query: z.infer<typeof planDiffQuerySchema>) {
    return this.plans.diff(id, query.from, query.to);
  }

  /** The exact k6 script a run of the plan (or of `version`) executes, to read or run locally. */
  @Get(':id/script')
  @Requires('read')
  @ApiZodQuery(planVersionQuerySchema)
  @ApiJsonResponse(200, planScriptSchema, [400, 401, 404])
  script(@Param('id') id: string, @Query(new ZodPipe(planVersionQuerySchema, 'query')) query: z.infer<typeof planVersionQuerySchema>) {
    return this.plans.script(id, query.version);
  }

  @Delete(':id')
  @Requires('plans:write')
  @HttpCode(204)
  @ApiJsonResponse(204, null, [401, 404])
  async remove(@Param('id') id: string): Promise<void> {
    await this.plans.remove(id);
  }
}
