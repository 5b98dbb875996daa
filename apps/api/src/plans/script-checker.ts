import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { ScriptInspection } from '@loadline/shared';
import { CheckQueue } from '@loadline/shared/queue';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { REDIS } from '../queue/queue.module.js';
import { RedisSubscriber } from '../queue/redis-subscriber.js';
import { currentTenantId } from '../tenancy/request-context.js';
import { PlanError, PlanErrorCode } from './plans.errors.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';

/**
 * How long the API waits for an answer: an organization's second check may wait for its first
 * (one runs at a time) and then run, each under the runners' ceiling (10 s by default).
 */
const CHECK_TIMEOUT_MS = 30_000;
/** Answers are announced (pub/sub, at most once); looked for this often besides. */
const POLL_MS = 1_000;
/** Retry-After for an organization at its in-flight limit: a check usually takes well under a second. */
const IN_FLIGHT_RETRY_SECONDS = 2;

/**
 * Checks custom k6 scripts with k6 itself. The API does not run k6: it asks a runner through
 * the check queue (workers of their own in every runner, so a long run does not hold them up)
 * and waits for the answer. Runners are shared by every organization: each may have
 * LOADLINE_SCRIPT_CHECKS_PER_ORGANIZATION checks waiting or running and
 * LOADLINE_SCRIPT_CHECKS_PER_ORGANIZATION_PER_MINUTE a minute (more: 429 with Retry-After),
 * and the runners serve organizations in turn, one check of each at a time (CheckQueue).
 */
@Injectable()
export class ScriptChecker implements OnModuleDestroy {
  private readonly queue: CheckQueue;
  /** Wakes the request waiting for a check id when its answer is announced. */
  private readonly waiting = new Map<string, () => void>();
  private subscribed: Promise<() => void> | undefined;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(API_ENV) private readonly env: ApiEnv,
    private readonly subscriber: RedisSubscriber,
    private readonly runQueue: RunQueueService,
  ) {
    this.queue = new CheckQueue(redis, env.LOADLINE_QUEUE_PREFIX);
  }

  /** Listens for answers from the first check on (a subscription holds nothing until then). */
  private listen(): Promise<() => void> {
    this.subscribed ??= this.subscriber.subscribe(this.queue.keys.done, {
      onMessage: (checkId) => this.waiting.get(checkId)?.(),
      // Announcements may have been lost: every waiting request looks again.
      onResubscribed: () => this.waiting.forEach((wake) => wake()),
    });
    return this.subscribed;
  }

  async check(source: string): Promise<ScriptInspection> {
    // Nobody to ask: say so at once rather than after the wait (runners beat every few seconds).
    if ((await this.runQueue.runners()).online === 0) {
      throw new PlanError(
        PlanErrorCode.SCRIPT_CHECK_UNAVAILABLE,
        'No runner is online to check the script; custom scripts are checked by a runner before they are saved. Try again when a runner is up (GET /health says how many are online).',
      ).withHeader('Retry-After', '10');
    }
    await this.listen();
    const organizationId = currentTenantId();
    const checkId = randomUUID();
    const limits = { inFlight: this.env.LOADLINE_SCRIPT_CHECKS_PER_ORGANIZATION, perMinute: this.env.LOADLINE_SCRIPT_CHECKS_PER_ORGANIZATION_PER_MINUTE };
    const admission = await this.queue.submit(organizationId, checkId, source, limits);
    if (!admission.admitted) {
      if (admission.reason === 'in_flight') {
        throw new PlanError(
          PlanErrorCode.SCRIPT_CHECK_THROTTLED,
          `Your organization has ${admission.inFlight} script checks waiting or running, the most it may have at once (LOADLINE_SCRIPT_CHECKS_PER_ORGANIZATION); try again when one is answered.`,
        ).withHeader('Retry-After', String(IN_FLIGHT_RETRY_SECONDS));
      }
      const seconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
      throw new PlanError(
        PlanErrorCode.SCRIPT_CHECK_THROTTLED,
        `Your organization has had ${limits.perMinute} script checks a minute, the most it may (LOADLINE_SCRIPT_CHECKS_PER_ORGANIZATION_PER_MINUTE); try again in ${seconds} s.`,
      ).withHeader('Retry-After', String(seconds));
    }
    const result = await this.answer(checkId);
    if (result) return result;
    await this.queue.cancel(organizationId, checkId).catch(() => undefined);
    throw new PlanError(
      PlanErrorCode.SCRIPT_CHECK_UNAVAILABLE,
      `No runner checked the script within ${CHECK_TIMEOUT_MS / 1000} s; custom scripts are checked by a runner before they are saved. Try again in a moment (GET /health says how many runners are online).`,
    ).withHeader('Retry-After', '10');
  }

  /** The check's answer once a runner gives it, or null after CHECK_TIMEOUT_MS. */
  private async answer(checkId: string): Promise<ScriptInspection | null> {
    const deadline = Date.now() + CHECK_TIMEOUT_MS;
    try {
      for (;;) {
        const announced = new Promise<void>((resolve) => this.waiting.set(checkId, resolve));
        const result = await this.queue.result(checkId);
        if (result) return result;
        const left = deadline - Date.now();
        if (left <= 0) return null;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([announced, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(POLL_MS, left))))]);
        clearTimeout(timer);
      }
    } finally {
      this.waiting.delete(checkId);
    }
  }

  async onModuleDestroy(): Promise<void> {
    const unsubscribe = await this.subscribed?.catch(() => undefined);
    unsubscribe?.();
  }
}
