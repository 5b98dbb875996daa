import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { REDIS } from '../queue/queue.module.js';
import { FixedWindowCounter, retryAfterSeconds } from '../common/rate-limit/fixed-window.js';
import { AuthError, AuthErrorCode } from './auth.errors.js';

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * Failed logins are counted per account and per client address in Redis (shared by every
 * API process). Once either reaches its limit, logins for it are refused until the window
 * that started with the first failure ends: brute force against one account and password
 * spraying from one address both stop. Keys hold hashes, not e-mail addresses.
 */
@Injectable()
export class LoginThrottle {
  private readonly counters: FixedWindowCounter;
  private readonly windowMs: number;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {
    this.counters = new FixedWindowCounter(redis, `${env.LOADLINE_QUEUE_PREFIX}:login-failures`);
    this.windowMs = env.LOADLINE_LOGIN_LOCKOUT_MINUTES * 60_000;
  }

  async assertAllowed(email: string, ip: string | undefined): Promise<void> {
    const [account, address] = await Promise.all([
      this.counters.peek(`account:${digest(email)}`),
      ip ? this.counters.peek(`address:${digest(ip)}`) : Promise.resolve({ count: 0, resetInMs: 0 }),
    ]);
    const locked =
      account.count >= this.env.LOADLINE_LOGIN_MAX_FAILURES ? account : address.count >= this.env.LOADLINE_LOGIN_MAX_FAILURES_PER_ADDRESS ? address : null;
    if (locked) {
      const retryAfter = retryAfterSeconds(locked);
      throw new AuthError(AuthErrorCode.LOGIN_LOCKED, `Too many failed logins; try again in ${Math.ceil(Number(retryAfter) / 60)} minute(s)`).withHeader(
        'Retry-After',
        retryAfter,
      );
    }
  }

  /** Counts a failure; true when this one locked the account. */
  async recordFailure(email: string, ip: string | undefined): Promise<boolean> {
    const [account] = await Promise.all([
      this.counters.hit(`account:${digest(email)}`, this.windowMs),
      ip ? this.counters.hit(`address:${digest(ip)}`, this.windowMs) : undefined,
    ]);
    return account.count === this.env.LOADLINE_LOGIN_MAX_FAILURES;
  }

  async recordSuccess(email: string): Promise<void> {
    await this.counters.reset(`account:${digest(email)}`);
  }
}
