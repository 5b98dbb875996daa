import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { RunExecutePayload, RunStopReason } from '@loadline/shared';
import { RunQueue } from '@loadline/shared/queue';
import { ControlChannel, SegmentControl } from '../run-control.js';
import type { SegmentExecutor } from '../segment-executor.js';

/**
 * Plays the API's part of the run queue for runner tests, on the real Redis: puts runs in
 * line, reserves runners for them (the same atomic step the dispatcher uses) and stops them.
 * `executeAlone` also plays the runner's loop for a bare SegmentExecutor.
 */
export class DispatchHarness {
  readonly queue: RunQueue;
  private readonly redis: Redis;
  private readonly blocking: Redis;
  private readonly channel: ControlChannel;

  constructor(redisUrl: string, prefix: string) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.blocking = this.redis.duplicate();
    this.queue = new RunQueue(this.redis, prefix);
    this.channel = new ControlChannel(this.redis.duplicate(), this.queue, pino({ level: 'silent' }));
  }

  async enqueue(job: RunExecutePayload): Promise<void> {
    const { runId, segment, ...rest } = job;
    await this.queue.enqueue(runId, { ...rest, segments: segment.count }, { queuedAt: Date.now(), ttlSeconds: 600 });
  }

  /** Reserves runners for a queued run, waiting up to `timeoutMs` for enough to be idle. */
  async reserve(runId: string, timeoutMs = 10_000): Promise<string[]> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const result = await this.queue.reserve(runId, Date.now());
      if (result.outcome === 'reserved') return result.runners;
      if (result.outcome === 'gone' || Date.now() > until) throw new Error(`could not reserve runners for ${runId}: ${JSON.stringify(result)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  stop(runId: string, reason: RunStopReason = 'cancelled') {
    return this.queue.stop(runId, reason);
  }

  /**
   * Runs a one-segment job through `executor` as a runner would: queued, this (fake) runner
   * reserved, its assignment taken, the control channel opened. `beforeExecute` may act on
   * the run once it is reserved (e.g. stop it).
   */
  async executeAlone(executor: SegmentExecutor, job: RunExecutePayload, beforeExecute?: () => Promise<unknown>): Promise<void> {
    const runnerId = `solo-${randomUUID()}`;
    await this.enqueue(job);
    await this.queue.markIdle(runnerId, Date.now());
    await this.reserve(job.runId);
    const assignment = await this.queue.takeAssignment(this.blocking, runnerId, 5);
    if (!assignment) throw new Error('the reserved runner found no assignment');
    await beforeExecute?.();
    const control = await SegmentControl.open(this.queue, this.channel, assignment);
    try {
      await executor.execute(assignment, control);
    } finally {
      await control.close();
      await this.queue.leave(runnerId);
    }
  }

  close(): void {
    this.channel.close();
    this.blocking.disconnect();
    this.redis.disconnect();
  }
}
