import { Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { TypedProducer } from '@loadline/shared/queue';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { RedisSubscriber } from './redis-subscriber.js';

export const REDIS = Symbol('REDIS');
export const INSPECT_PRODUCER = Symbol('INSPECT_PRODUCER');
export type InspectProducer = TypedProducer<'inspect'>;
export const WEBHOOKS_PRODUCER = Symbol('WEBHOOKS_PRODUCER');
export type WebhooksProducer = TypedProducer<'webhooks'>;

export function createRedis(url: string): Redis {
  // BullMQ requires maxRetriesPerRequest: null on connections used by workers.
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

class QueueLifecycle implements OnModuleDestroy {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(INSPECT_PRODUCER) private readonly inspect: InspectProducer,
    @Inject(WEBHOOKS_PRODUCER) private readonly webhooks: WebhooksProducer,
    @Inject(RedisSubscriber) private readonly subscriber: RedisSubscriber,
  ) {}

  async onModuleDestroy(): Promise<void> {
    this.subscriber.close();
    await Promise.all([this.inspect.close(), this.webhooks.close()]);
    this.redis.disconnect();
  }
}

/**
 * The Redis connection, the one subscriber connection (RedisSubscriber) and the producers of
 * the queues the API feeds (runs: run-queue/).
 */
@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [API_ENV], useFactory: (env: ApiEnv) => createRedis(env.REDIS_URL) },
    {
      provide: INSPECT_PRODUCER,
      inject: [REDIS, API_ENV],
      useFactory: (redis: Redis, env: ApiEnv) =>
        // Scripts are user code: kept in Redis only for the minute a check takes.
        new TypedProducer('inspect', redis, {
          prefix: env.LOADLINE_QUEUE_PREFIX,
          defaultJobOptions: { removeOnComplete: { age: 60 }, removeOnFail: { age: 60 }, attempts: 1 },
        }),
    },
    {
      provide: WEBHOOKS_PRODUCER,
      inject: [REDIS, API_ENV],
      useFactory: (redis: Redis, env: ApiEnv) => new TypedProducer('webhooks', redis, { prefix: env.LOADLINE_QUEUE_PREFIX }),
    },
    { provide: RedisSubscriber, inject: [REDIS], useFactory: (redis: Redis) => new RedisSubscriber(redis) },
    QueueLifecycle,
  ],
  exports: [REDIS, INSPECT_PRODUCER, WEBHOOKS_PRODUCER, RedisSubscriber],
})
export class QueueModule {}
