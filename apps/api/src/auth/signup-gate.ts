import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { REDIS } from '../queue/queue.module.js';
import { FixedWindowCounter, retryAfterSeconds } from '../common/rate-limit/fixed-window.js';
import { retryInWords } from '../common/rate-limit/retry-words.js';
import { AuthRepository } from './auth.repository.js';
import { AuthError, AuthErrorCode } from './auth.errors.js';

const HOUR_MS = 3_600_000;
const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * Who may make an account (LOADLINE_SIGNUP), and how often from one address. Checked before
 * any work (no password hash, no invite lookup), so a flood of sign-ups costs the API little.
 * The first account of an empty installation is always allowed: that is how a closed
 * installation gets its first owner.
 */
@Injectable()
export class SignupGate {
  private readonly counter: FixedWindowCounter;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(API_ENV) private readonly env: ApiEnv,
    private readonly accounts: AuthRepository,
  ) {
    this.counter = new FixedWindowCounter(redis, `${env.LOADLINE_QUEUE_PREFIX}:signups`);
  }

  async assertAllowed(withInvite: boolean, ip: string | undefined): Promise<void> {
    const mode = this.env.LOADLINE_SIGNUP;
    if (mode === 'closed' || (mode === 'invite-only' && !withInvite)) {
      if (await this.accounts.anyUser()) {
        throw new AuthError(
          AuthErrorCode.SIGNUP_CLOSED,
          mode === 'closed'
            ? 'Sign-up is closed on this installation; ask its administrator for an account'
            : 'This installation takes new accounts by invitation only; ask a member of your organization for an invite link',
        );
      }
    }
    if (!ip) return;
    const window = await this.counter.hit(`address:${digest(ip)}`, HOUR_MS);
    if (window.count > this.env.LOADLINE_SIGNUPS_PER_ADDRESS_PER_HOUR) {
      throw new AuthError(AuthErrorCode.SIGNUP_THROTTLED, `Too many sign-ups from your address; try again ${retryInWords(window.resetInMs)}`).withHeader(
        'Retry-After',
        retryAfterSeconds(window),
      );
    }
  }
}
