import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { HealthDetails } from '@loadline/shared';
import { DatabaseService } from '../prisma/database.service.js';
import { MetricsService } from '../metrics/metrics.module.js';
import { REDIS } from '../queue/queue.module.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { API_VERSION } from '../config/version.js';

const VERSION = API_VERSION;

/** An error in a line, for the operator: the driver's message, else its cause's, else its code or name. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  const code = (error as { code?: unknown }).code;
  return error.message.split('\n')[0] || cause?.split('\n')[0] || (typeof code === 'string' ? code : '') || error.name;
}

async function check(fn: () => Promise<unknown>): Promise<{ ok: boolean; error?: string }> {
  try {
    await fn();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
}

/**
 * What the platform's parts say about themselves, with the details: the error text of a part
 * that fails and the ids of the runners online. Those are the operator's (GET /health on the
 * metrics port, served from here); the public routes answer ok or degraded per part only
 * (HealthController).
 */
@Injectable()
export class HealthService implements OnModuleInit {
  readonly version = VERSION;

  constructor(
    private readonly db: DatabaseService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly runQueue: RunQueueService,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.serveToOperator('/health', async () => {
      const details = await this.details();
      return { status: details.status === 'ok' ? 200 : 503, body: details };
    });
  }

  async dependencies(): Promise<Pick<HealthDetails, 'status' | 'database' | 'redis'>> {
    const [database, redis] = await Promise.all([check(() => this.db.system.$queryRaw`SELECT 1`), check(() => this.redis.ping())]);
    return { status: database.ok && redis.ok ? 'ok' : 'degraded', database, redis };
  }

  async details(): Promise<HealthDetails> {
    const dependencies = await this.dependencies();
    const ids = dependencies.redis.ok ? await this.liveRunners().catch(() => []) : [];
    return { ...dependencies, runners: { live: ids.length, ids }, version: VERSION };
  }

  private async liveRunners(): Promise<string[]> {
    return (await this.runQueue.queue.runners(Date.now())).online.sort();
  }
}
