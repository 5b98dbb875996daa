import { Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { TypedProducer } from '@loadline/shared/queue';
import { API_ENV, type ApiEnv } from '../config/env.js';

export const REDIS = Symbol('REDIS');
export const RUNS_PRODUCER = Symbol('RUNS_PRODUCER');
export type RunsProducer = TypedProducer<'runs'>;

export function createRedis(url: string): Redis {
  // BullMQ requires maxRetriesPerRequest: null on connections used by workers.
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

class QueueLifecycle implements OnModuleDestroy {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(RUNS_PRODUCER) private readonly runs: RunsProducer,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.runs.close();
    this.redis.disconnect();
  }
}

/** The Redis connection and the producers of the queues the API feeds. */
@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [API_ENV], useFactory: (env: ApiEnv) => createRedis(env.REDIS_URL) },
    {
      provide: RUNS_PRODUCER,
      inject: [REDIS, API_ENV],
      useFactory: (redis: Redis, env: ApiEnv) =>
        new TypedProducer('runs', redis, {
          prefix: env.LOADLINE_QUEUE_PREFIX,
          // Run jobs carry target headers (possibly secrets): drop them from Redis once taken.
          defaultJobOptions: { removeOnComplete: true, removeOnFail: { age: 3_600 }, attempts: 1 },
        }),
    },
    QueueLifecycle,
  ],
  exports: [REDIS, RUNS_PRODUCER],
})
export class QueueModule {}
