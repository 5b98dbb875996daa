import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Redis } from 'ioredis';
import { healthSchema, livenessSchema, readinessSchema, type Health, type Liveness, type Readiness } from '@loadline/shared';
import { Public } from '../access/public.decorator.js';
import { ApiJsonResponse } from '../common/openapi/decorators.js';
import { DatabaseService } from '../prisma/database.service.js';
import { REDIS } from '../queue/queue.module.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';

const VERSION = process.env.npm_package_version ?? '0.1.0';

async function check(fn: () => Promise<unknown>): Promise<{ ok: boolean; error?: string }> {
  try {
    await fn();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

/**
 * Health for people and probes. `/health/live` (liveness) asks nothing but the process, so a
 * PostgreSQL or Redis blip does not get every API pod restarted; `/health/ready` (readiness)
 * and `/health` answer 503 while either cannot be reached, taking the pod out of rotation.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly db: DatabaseService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly runQueue: RunQueueService,
  ) {}

  @Public()
  @Get()
  @ApiJsonResponse(200, healthSchema, [503])
  async health(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const { database, redis } = await this.dependencies();
    const ids = redis.ok ? await this.liveRunners().catch(() => []) : [];
    const status = database.ok && redis.ok ? 'ok' : 'degraded';
    res.status(status === 'ok' ? 200 : 503);
    return { status, database, redis, runners: { live: ids.length, ids }, version: VERSION };
  }

  @Public()
  @Get('live')
  @ApiJsonResponse(200, livenessSchema, [])
  live(): Liveness {
    return { status: 'ok', version: VERSION };
  }

  @Public()
  @Get('ready')
  @ApiJsonResponse(200, readinessSchema, [503])
  async ready(@Res({ passthrough: true }) res: Response): Promise<Readiness> {
    const { database, redis } = await this.dependencies();
    const status = database.ok && redis.ok ? 'ok' : 'degraded';
    res.status(status === 'ok' ? 200 : 503);
    return { status, database, redis, version: VERSION };
  }

  private async dependencies() {
    const [database, redis] = await Promise.all([check(() => this.db.system.$queryRaw`SELECT 1`), check(() => this.redis.ping())]);
    return { database, redis };
  }

  private async liveRunners(): Promise<string[]> {
    return (await this.runQueue.queue.runners(Date.now())).online.sort();
  }
}
