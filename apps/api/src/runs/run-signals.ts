import { Inject, Injectable, Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { REDIS } from '../queue/queue.module.js';
import { RedisSubscriber } from '../queue/redis-subscriber.js';
import { API_ENV, type ApiEnv } from '../config/env.js';

/**
 * What changed about a run: `second` — a segment's second was stored; `state` — its status or
 * a segment's changed (started, reserved, back in line, finished, ended); `telemetry` — a
 * second of the target's metrics was stored (live views read GET /runs/:id/telemetry again).
 */
export type RunChange = 'second' | 'state' | 'telemetry';

export interface RunSignal {
  runId: string;
  change: RunChange;
}

type Listener = (signal: RunSignal) => void;

/**
 * Tells every API process that a run changed, so that live views read it once when something
 * is new instead of every viewer polling PostgreSQL. Redis pub/sub: at most once, and lost
 * while a subscriber is disconnected, so a listener is also told when its connection comes
 * back (`onResync`) to read again what it shows.
 */
@Injectable()
export class RunSignals {
  private readonly logger = new Logger(RunSignals.name);
  private readonly channel: string;
  private subscribed?: Promise<unknown>;
  private readonly listeners = new Set<Listener>();
  private readonly resyncListeners = new Set<() => void>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly subscriber: RedisSubscriber,
    @Inject(API_ENV) env: ApiEnv,
  ) {
    this.channel = `${env.LOADLINE_QUEUE_PREFIX}:run-live`;
  }

  /** Never throws: the change is stored already; a lost signal delays a live view, nothing more. */
  async changed(runId: string, change: RunChange): Promise<void> {
    await this.redis.publish(this.channel, `${change}:${runId}`).catch((error: unknown) => {
      this.logger.warn({ runId, err: String(error) }, 'could not signal a run change');
    });
  }

  /** Listens (through the process's one subscriber connection, opened on first use); returns the unsubscribe. */
  listen(listener: Listener, onResync: () => void): () => void {
    this.listeners.add(listener);
    this.resyncListeners.add(onResync);
    this.subscribed ??= this.subscriber
      .subscribe(this.channel, {
        onMessage: (message) => this.dispatch(message),
        onResubscribed: () => {
          for (const resync of this.resyncListeners) resync();
        },
      })
      .catch((error: unknown) => {
        this.subscribed = undefined;
        this.logger.warn({ err: String(error) }, 'could not subscribe to run signals');
      });
    return () => {
      this.listeners.delete(listener);
      this.resyncListeners.delete(onResync);
    };
  }

  private dispatch(message: string): void {
    const colon = message.indexOf(':');
    const change = message.slice(0, colon);
    if (change !== 'second' && change !== 'state' && change !== 'telemetry') return;
    const signal: RunSignal = { runId: message.slice(colon + 1), change };
    for (const listener of this.listeners) listener(signal);
  }
}
