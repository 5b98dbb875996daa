import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { healthSchema, livenessSchema, publicHealth, readinessSchema, type Health, type Liveness, type Readiness } from '@loadline/shared';
import { Public } from '../access/public.decorator.js';
import { ApiJsonResponse } from '../common/openapi/decorators.js';
import { HealthService } from './health.service.js';

/**
 * Health for people and probes, without a login: ok or degraded per part, and how many
 * runners are online. Which runners, and why a part fails (error texts name hosts, ports and
 * users), only on the metrics port (HealthService). `/health/live` (liveness) asks nothing
 * but the process, so a PostgreSQL or Redis blip does not get every API pod restarted;
 * `/health/ready` (readiness) and `/health` answer 503 while either cannot be reached, taking
 * the pod out of rotation.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly service: HealthService) {}

  @Public()
  @Get()
  @ApiJsonResponse(200, healthSchema, [503])
  async health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const details = await this.service.details();
    res.status(details.status === 'ok' ? 200 : 503);
    return publicHealth(details);
  }

  @Public()
  @Get('live')
  @ApiJsonResponse(200, livenessSchema, [])
  live(): Liveness {
    return { status: 'ok', version: this.service.version };
  }

  @Public()
  @Get('ready')
  @ApiJsonResponse(200, readinessSchema, [503])
  async ready(@Res({ passthrough: true }) res: Response): Promise<Readiness> {
    const { status, database, redis } = await this.service.dependencies();
    res.status(status === 'ok' ? 200 : 503);
    return { status, database: { ok: database.ok }, redis: { ok: redis.ok }, version: this.service.version };
  }
}
