import { Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { TypedProducer } from '@loadline/shared/queue';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { RedisSubscriber } from './redis-subscriber.js';

export const REDIS = Symbol('REDIS');
export const WEBHOOKS_PRODUCER = Symbol('WEBHOOKS_PRODUCER');
export type WebhooksProducer = TypedProducer<'webhooks'>;

export function createRedis(url: string): Redis {
  // BullMQ requires maxRetriesPerRequest: null on connections used by workers.
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

class QueueLifecycle implements OnModuleDestroy {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(WEBHOOKS_PRODUCER) private readonly webhooks: WebhooksProducer,
    @Inject(RedisSubscriber) private readonly subscriber: RedisSubscriber,
  ) {}

  async onModuleDestroy(): Promise<void> {
    this.subscriber.close();
    await this.webhooks.close();
    this.redis.disconnect();
  }
}

/**
 * The Redis connection, the one subscriber connection (RedisSubscriber) and the producers of
 * the queues the API feeds (runs: run-queue/; script checks: plans/script-checker.ts).
 */
@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [API_ENV], useFactory: (env: ApiEnv) => createRedis(env.REDIS_URL) },
    {
      provide: WEBHOOKS_PRODUCER,
      inject: [REDIS, API_ENV],
      useFactory: (redis: Redis, env: ApiEnv) => new TypedProducer('webhooks', redis, { prefix: env.LOADLINE_QUEUE_PREFIX }),
    },
    { provide: RedisSubscriber, inject: [REDIS], useFactory: (redis: Redis) => new RedisSubscriber(redis) },
    QueueLifecycle,
  ],
  exports: [REDIS, WEBHOOKS_PRODUCER, RedisSubscriber],
})
export class QueueModule {}
