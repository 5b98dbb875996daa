import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { runTelemetrySchema } from '@loadline/shared';
import { ApiJsonResponse } from '../common/openapi/decorators.js';
import { revalidateWhenFinal } from '../common/http/cache-control.js';
import { Requires } from '../access/permissions.decorator.js';
import { TelemetryError } from './telemetry.errors.js';
import { RunTelemetryService } from './run-telemetry.service.js';

@ApiTags('runs')
@ApiBearerAuth()
@Controller()
export class RunTelemetryController {
  constructor(private readonly telemetry: RunTelemetryService) {}

  /** The target's metrics during the run, per source: its kept series on one axis of seconds, and the reads that failed. */
  @Get('runs/:id/telemetry')
  @Requires('read')
  @ApiJsonResponse(200, runTelemetrySchema, [401, 404])
  async get(@Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    const found = await this.telemetry.ofRun(id);
    if (!found) throw TelemetryError.runNotFound(id);
    revalidateWhenFinal(res, found.final);
    return found.telemetry;
  }
}
