import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { createScheduleSchema, scheduleSlotViewSchema, scheduleViewSchema, updateScheduleSchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { Requires } from '../access/permissions.decorator.js';
import { SchedulesService } from './schedules.service.js';

@ApiTags('schedules')
@ApiBearerAuth()
@Controller()
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  /**
   * Runs the plan on a cron in a time zone; the view lists the next five fire times. 422
   * SCHEDULE_TOO_FREQUENT for a cron firing more often than the installation allows (once a
   * minute by default), SCHEDULE_LIMIT_REACHED when the organization has as many schedules as
   * it may.
   */
  @Post('plans/:id/schedules')
  @Requires('schedules:manage')
  @ApiJsonBody(createScheduleSchema)
  @ApiJsonResponse(201, scheduleViewSchema, [400, 401, 403, 404, 422])
  create(@Param('id') id: string, @Body(new ZodPipe(createScheduleSchema, 'schedule')) body: z.infer<typeof createScheduleSchema>) {
    return this.schedules.create(id, body);
  }

  @Get('plans/:id/schedules')
  @Requires('read')
  @ApiJsonResponse(200, listOf(scheduleViewSchema), [401, 404])
  async list(@Param('id') id: string) {
    return { items: await this.schedules.list(id) };
  }

  @Patch('schedules/:id')
  @Requires('schedules:manage')
  @ApiJsonBody(updateScheduleSchema)
  @ApiJsonResponse(200, scheduleViewSchema, [400, 401, 403, 404, 422])
  update(@Param('id') id: string, @Body(new ZodPipe(updateScheduleSchema, 'schedule')) body: z.infer<typeof updateScheduleSchema>) {
    return this.schedules.update(id, body);
  }

  @Delete('schedules/:id')
  @HttpCode(204)
  @Requires('schedules:manage')
  @ApiJsonResponse(204, null, [401, 403, 404])
  async delete(@Param('id') id: string): Promise<void> {
    await this.schedules.delete(id);
  }

  /** What each slot did: ran (with the run), or skipped and why. Newest first. */
  @Get('schedules/:id/slots')
  @Requires('read')
  @ApiJsonResponse(200, listOf(scheduleSlotViewSchema), [401, 404])
  async slots(@Param('id') id: string) {
    return { items: await this.schedules.slots(id) };
  }
}
