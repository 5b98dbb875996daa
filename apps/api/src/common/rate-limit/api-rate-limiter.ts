import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { API_ENV, type ApiEnv } from '../../config/env.js';
import { REDIS } from '../../queue/queue.module.js';
import { CommonError, CommonErrorCode } from '../errors/domain-error.js';
import { FixedWindowCounter, retryAfterSeconds, type WindowState } from './fixed-window.js';

const WINDOW_MS = 60_000;
const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

interface RateLimitedCaller {
  tenantId: string;
  apiKeyId: string | null;
  sessionId: string | null;
}

/**
 * Per-caller (API key or session) and per-organization request limits on the authenticated
 * API, per minute, in Redis so that every API process counts together. Over either limit the
 * request is refused with 429 RATE_LIMITED and Retry-After.
 */
@Injectable()
export class ApiRateLimiter {
  private readonly counters: FixedWindowCounter;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {
    this.counters = new FixedWindowCounter(redis, `${env.LOADLINE_QUEUE_PREFIX}:rate`);
  }

  /**
   * A route opened by a token (`:token` in its path): counted per client address and per
   * token (hashed: counters name no secret).
   */
  async consumePublic(ip: string | undefined, token: string): Promise<void> {
    const [address, link] = (await this.counters.hitAll([`public-address:${digest(ip ?? 'unknown')}`, `public-token:${digest(token)}`], WINDOW_MS)) as [
      WindowState,
      WindowState,
    ];
    if (address.count > this.env.LOADLINE_RATE_LIMIT_PUBLIC_PER_ADDRESS) {
      throw new CommonError(
        CommonErrorCode.RATE_LIMITED,
        `Rate limit: at most ${this.env.LOADLINE_RATE_LIMIT_PUBLIC_PER_ADDRESS} requests per minute from one address to links`,
      ).withHeader('Retry-After', retryAfterSeconds(address));
    }
    if (link.count > this.env.LOADLINE_RATE_LIMIT_PUBLIC_PER_TOKEN) {
      throw new CommonError(
        CommonErrorCode.RATE_LIMITED,
        `Rate limit: at most ${this.env.LOADLINE_RATE_LIMIT_PUBLIC_PER_TOKEN} requests per minute to one link`,
      ).withHeader('Retry-After', retryAfterSeconds(link));
    }
  }

  async consume(caller: RateLimitedCaller): Promise<void> {
    const callerKey = caller.apiKeyId ? `key:${caller.apiKeyId}` : `session:${caller.sessionId}`;
    const [own, org] = (await this.counters.hitAll([callerKey, `org:${caller.tenantId}`], WINDOW_MS)) as [WindowState, WindowState];
    if (own.count > this.env.LOADLINE_RATE_LIMIT_PER_CALLER) {
      throw new CommonError(
        CommonErrorCode.RATE_LIMITED,
        `Rate limit: at most ${this.env.LOADLINE_RATE_LIMIT_PER_CALLER} requests per minute per ${caller.apiKeyId ? 'API key' : 'session'}`,
      ).withHeader('Retry-After', retryAfterSeconds(own));
    }
    if (org.count > this.env.LOADLINE_RATE_LIMIT_PER_ORG) {
      throw new CommonError(
        CommonErrorCode.RATE_LIMITED,
        `Rate limit: at most ${this.env.LOADLINE_RATE_LIMIT_PER_ORG} requests per minute per organization`,
      ).withHeader('Retry-After', retryAfterSeconds(org));
    }
  }
}
