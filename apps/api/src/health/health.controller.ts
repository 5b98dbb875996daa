import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Redis } from 'ioredis';
import { healthSchema, type Health } from '@loadline/shared';
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

/** Liveness and readiness: 200 when the database and Redis answer, 503 otherwise. */
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
    const [database, redis] = await Promise.all([check(() => this.db.system.$queryRaw`SELECT 1`), check(() => this.redis.ping())]);
    const ids = redis.ok ? await this.liveRunners().catch(() => []) : [];
    const status = database.ok && redis.ok ? 'ok' : 'degraded';
    res.status(status === 'ok' ? 200 : 503);
    return { status, database, redis, runners: { live: ids.length, ids }, version: VERSION };
  }

  private async liveRunners(): Promise<string[]> {
    return (await this.runQueue.queue.runners(Date.now())).online.sort();
  }
}
