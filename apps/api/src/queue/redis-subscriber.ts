import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

export interface Subscription {
  /** Called with each message published on the channel. */
  onMessage: (message: string) => void;
  /**
   * Called when the connection came back after a loss: Redis pub/sub is at most once, so what
   * was published meanwhile is gone and the listener reads again what it relies on.
   */
  onResubscribed?: () => void;
}

/**
 * The API process's one Redis connection in subscriber mode, shared by every domain that
 * listens to a channel (run signals, the run queue's wake-ups): a connection that has
 * subscribed can do nothing else, so one per listener would be a connection per feature per
 * process. Opened on first use; provided and closed by QueueModule.
 */
export class RedisSubscriber {
  private readonly logger = new Logger(RedisSubscriber.name);
  private connection?: Redis;
  private readonly channels = new Map<string, Set<Subscription>>();

  constructor(private readonly redis: Redis) {}

  /** Listens on `channel` until the returned function is called. */
  async subscribe(channel: string, subscription: Subscription): Promise<() => void> {
    const connection = this.connect();
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
      await connection.subscribe(channel);
    }
    listeners.add(subscription);
    return () => {
      listeners.delete(subscription);
    };
  }

  private connect(): Redis {
    if (this.connection) return this.connection;
    const connection = this.redis.duplicate();
    this.connection = connection;
    let connectedBefore = false;
    connection.on('ready', () => {
      // ioredis subscribes again by itself; what was published meanwhile is gone.
      if (connectedBefore) for (const listeners of this.channels.values()) for (const listener of listeners) listener.onResubscribed?.();
      connectedBefore = true;
    });
    connection.on('error', (error: Error) => this.logger.warn({ err: error.message }, 'Redis subscriber'));
    connection.on('message', (channel: string, message: string) => {
      for (const listener of this.channels.get(channel) ?? []) listener.onMessage(message);
    });
    return connection;
  }

  close(): void {
    this.connection?.disconnect();
  }
}
