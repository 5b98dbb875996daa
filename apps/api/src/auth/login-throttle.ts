import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { REDIS } from '../queue/queue.module.js';
import { FixedWindowCounter, retryAfterSeconds } from '../common/rate-limit/fixed-window.js';
import { retryInWords } from '../common/rate-limit/retry-words.js';
import { AuthError, AuthErrorCode } from './auth.errors.js';

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/** What a failure changed, for the audit log. */
export interface FailureOutcome {
  /** This failure locked the (account, address) pair. */
  pairLockedNow: boolean;
  /** This failure put the account as a whole over its limit: its logins are slowed from now on. */
  slowedNow: boolean;
}

/**
 * Failed logins, counted in Redis (shared by every API process) over a window that starts with
 * the first failure, three ways:
 * - per (account, client address): LOADLINE_LOGIN_MAX_FAILURES locks that pair. Guessing one
 *   account's password from one place stops; the account's owner elsewhere is not locked out.
 * - per client address: LOADLINE_LOGIN_MAX_FAILURES_PER_ADDRESS locks the address for every
 *   account (password spraying from one place stops).
 * - per account, from everywhere: past LOADLINE_LOGIN_SLOW_AFTER_FAILURES every login of the
 *   account is answered only after LOADLINE_LOGIN_SLOW_DELAY_MS, right or wrong. It slows and
 *   never refuses, so a stranger who knows an address cannot lock its owner out; guessing from
 *   many addresses is bounded by the two locks per address and made hopeless by the password
 *   rule (a zxcvbn score of 3: about 10^10 guesses).
 * Every counter is keyed by the e-mail given, whether an account has it or not, so neither a
 * lock nor a delay tells who has an account. Keys hold hashes, not addresses.
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

  private keys(email: string, ip: string | undefined) {
    const address = ip ?? 'unknown';
    return { pair: `pair:${digest(`${email}\n${address}`)}`, address: `address:${digest(address)}`, account: `account:${digest(email)}` };
  }

  /** Refuses (429 LOGIN_LOCKED) a pair or an address at its limit; resolves with the delay the account's answers take now. */
  async admit(email: string, ip: string | undefined): Promise<number> {
    const keys = this.keys(email, ip);
    const [pair, address, account] = await Promise.all([this.counters.peek(keys.pair), this.counters.peek(keys.address), this.counters.peek(keys.account)]);
    const locked =
      pair.count >= this.env.LOADLINE_LOGIN_MAX_FAILURES ? pair : address.count >= this.env.LOADLINE_LOGIN_MAX_FAILURES_PER_ADDRESS ? address : null;
    if (locked) {
      throw new AuthError(AuthErrorCode.LOGIN_LOCKED, `Too many failed logins from your address; try again ${retryInWords(locked.resetInMs)}`).withHeader(
        'Retry-After',
        retryAfterSeconds(locked),
      );
    }
    return account.count >= this.env.LOADLINE_LOGIN_SLOW_AFTER_FAILURES ? this.env.LOADLINE_LOGIN_SLOW_DELAY_MS : 0;
  }

  /** Waits out the delay admit() gave (after the password was checked, so the failure is already counted). */
  async delay(ms: number): Promise<void> {
    if (ms > 0) await sleep(ms);
  }

  async recordFailure(email: string, ip: string | undefined): Promise<FailureOutcome> {
    const keys = this.keys(email, ip);
    const [pair, , account] = await Promise.all([
      this.counters.hit(keys.pair, this.windowMs),
      this.counters.hit(keys.address, this.windowMs),
      this.counters.hit(keys.account, this.windowMs),
    ]);
    return { pairLockedNow: pair.count === this.env.LOADLINE_LOGIN_MAX_FAILURES, slowedNow: account.count === this.env.LOADLINE_LOGIN_SLOW_AFTER_FAILURES };
  }

  /**
   * The right password clears its own pair only: the account-wide count stays, or whoever
   * guesses from many addresses would get their speed back each time the owner signs in.
   */
  async recordSuccess(email: string, ip: string | undefined): Promise<void> {
    await this.counters.reset(this.keys(email, ip).pair);
  }
}
