import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QUEUE_NAMES, scriptInspectionSchema, type ScriptInspection } from '@loadline/shared';
import { QueueEvents } from '@loadline/shared/queue';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { INSPECT_PRODUCER, createRedis, type InspectProducer } from '../queue/queue.module.js';
import { PlanError, PlanErrorCode } from './plans.errors.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';

const CHECK_TIMEOUT_MS = 20_000;

/**
 * Checks custom k6 scripts with k6 itself. The API does not run k6: it asks a runner over the
 * `inspect` queue (a worker of its own in every runner, so a long run does not hold it up)
 * and waits for the answer.
 */
@Injectable()
export class ScriptChecker implements OnModuleDestroy {
  private events: QueueEvents | undefined;

  constructor(
    @Inject(INSPECT_PRODUCER) private readonly producer: InspectProducer,
    @Inject(API_ENV) private readonly env: ApiEnv,
    private readonly runQueue: RunQueueService,
  ) {}

  /** Opened on first use: QueueEvents holds a blocking Redis connection of its own. */
  private queueEvents(): QueueEvents {
    this.events ??= new QueueEvents(QUEUE_NAMES.inspect, { connection: createRedis(this.env.REDIS_URL), prefix: this.env.LOADLINE_QUEUE_PREFIX });
    return this.events;
  }

  async check(source: string): Promise<ScriptInspection> {
    // Nobody to ask: say so at once rather than after the wait (runners beat every few seconds).
    if ((await this.runQueue.runners()).online === 0) {
      throw new PlanError(
        PlanErrorCode.SCRIPT_CHECK_UNAVAILABLE,
        'No runner is online to check the script; custom scripts are checked by a runner before they are saved. Try again when a runner is up (GET /health lists them).',
      ).withHeader('Retry-After', '10');
    }
    const events = this.queueEvents();
    await events.waitUntilReady();
    const job = await this.producer.add('script.inspect', { source });
    try {
      return scriptInspectionSchema.parse(await job.waitUntilFinished(events, CHECK_TIMEOUT_MS));
    } catch {
      await job.remove().catch(() => undefined);
      throw new PlanError(
        PlanErrorCode.SCRIPT_CHECK_UNAVAILABLE,
        `No runner checked the script within ${CHECK_TIMEOUT_MS / 1000} s; custom scripts are checked by a runner before they are saved. Try again when a runner is up (GET /health lists them).`,
      );
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }
}
