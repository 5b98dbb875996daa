import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { runnersViewSchema, type RunnersView } from '@loadline/shared';
import { ApiJsonResponse } from '../common/openapi/decorators.js';
import { Requires } from '../access/permissions.decorator.js';
import { RunQueueService } from './run-queue.service.js';

/** How many runners are online and free: what a plan's segments can count on right now. */
@ApiTags('runs')
@ApiBearerAuth()
@Controller('runners')
export class RunnersController {
  constructor(private readonly runQueue: RunQueueService) {}

  @Get()
  @Requires('read')
  @ApiJsonResponse(200, runnersViewSchema, [401])
  get(): Promise<RunnersView> {
    return this.runQueue.runners();
  }
}
