// The API process's one subscriber connection: every channel on it, and what listeners are
// told when it is lost. A redis-server of this test's own (the connection is killed, which on
// the shared server would disturb other test files).
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RedisSubscriber } from './redis-subscriber.js';
import { freePort } from '../test/free-port.js';

/** Retries `check` until it passes (bounded: 10 s). */
const waitFor = (check: () => unknown) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

describe('RedisSubscriber (a redis-server of its own)', () => {
  let server: ChildProcess;
  let redis: Redis;
  let subscriber: RedisSubscriber;

  beforeAll(async () => {
    const port = await freePort();
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    redis = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: null, retryStrategy: () => 50 });
    redis.on('error', () => {}); // refused until the server listens; waited for below
    await waitFor(async () => expect(await redis.ping()).toBe('PONG'));
    subscriber = new RedisSubscriber(redis);
  });

  afterAll(async () => {
    subscriber?.close();
    redis?.disconnect();
    server?.kill();
  });

  const subscriberConnections = async () =>
    String(await redis.call('CLIENT', 'LIST'))
      .split('\n')
      .filter((line: string) => / sub=[1-9]/.test(line)).length;

  it('carries every channel on one connection, each message to its own channel’s listeners', async () => {
    const a: string[] = [];
    const b: string[] = [];
    await subscriber.subscribe('wake', { onMessage: (message) => a.push(message) });
    const stopB = await subscriber.subscribe('run-live', { onMessage: (message) => b.push(message) });
    expect(await subscriberConnections()).toBe(1);

    await redis.publish('wake', '1');
    await redis.publish('run-live', 'second:r1');
    await waitFor(() => expect([a, b]).toEqual([['1'], ['second:r1']]));

    stopB();
    await redis.publish('run-live', 'state:r1');
    await redis.publish('wake', '2');
    await waitFor(() => expect(a).toEqual(['1', '2']));
    expect(b).toEqual(['second:r1']);
  });

  it('tells listeners when the connection came back (what was published meanwhile is gone), and goes on delivering', async () => {
    let resubscribed = 0;
    const got: string[] = [];
    await subscriber.subscribe('resync', { onMessage: (message) => got.push(message), onResubscribed: () => resubscribed++ });

    await redis.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await waitFor(() => expect(resubscribed).toBe(1));
    await waitFor(async () => expect(await subscriberConnections()).toBe(1));

    await waitFor(async () => {
      await redis.publish('resync', 'after');
      expect(got).toContain('after');
    });
  });
});
