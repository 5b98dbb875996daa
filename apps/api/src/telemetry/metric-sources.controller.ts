import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { createMetricSourceSchema, metricSourceViewSchema, type MetricSourceSpec } from '@loadline/shared';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { Requires } from '../access/permissions.decorator.js';
import { updateMetricSourceSchema, type UpdateMetricSourceInput } from './metric-sources.dto.js';
import { MetricSourcesService } from './metric-sources.service.js';

/**
 * A target's metric sources: where Loadline reads the target's own metrics while a run applies
 * load (docs/telemetry.md). Credentials are written, never read back. Permissions are the
 * target's: reading needs `read`, changing needs `targets:write`.
 */
@ApiTags('targets')
@ApiBearerAuth()
@Controller('targets/:id/sources')
export class MetricSourcesController {
  constructor(private readonly sources: MetricSourcesService) {}

  @Get()
  @Requires('read')
  @ApiJsonResponse(200, listOf(metricSourceViewSchema), [401, 404])
  async list(@Param('id') targetId: string) {
    return { items: await this.sources.list(targetId) };
  }

  /** 422 SOURCE_NOT_ALLOWED when the source's address is refused or is not the target's (the reason in words). */
  @Post()
  @Requires('targets:write')
  @ApiJsonBody(createMetricSourceSchema)
  @ApiJsonResponse(201, metricSourceViewSchema, [400, 401, 403, 404, 409, 422])
  create(@Param('id') targetId: string, @Body(new ZodPipe(createMetricSourceSchema)) body: MetricSourceSpec) {
    return this.sources.create(targetId, body);
  }

  @Patch(':sourceId')
  @Requires('targets:write')
  @ApiJsonBody(updateMetricSourceSchema)
  @ApiJsonResponse(200, metricSourceViewSchema, [400, 401, 403, 404, 409, 422])
  update(@Param('id') targetId: string, @Param('sourceId') id: string, @Body(new ZodPipe(updateMetricSourceSchema)) body: UpdateMetricSourceInput) {
    return this.sources.update(targetId, id, body);
  }

  @Delete(':sourceId')
  @Requires('targets:write')
  @HttpCode(204)
  @ApiJsonResponse(204, null, [401, 403, 404])
  async remove(@Param('id') targetId: string, @Param('sourceId') id: string): Promise<void> {
    await this.sources.remove(targetId, id);
  }
}
