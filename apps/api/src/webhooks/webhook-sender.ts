import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { Redis } from 'ioredis';
import { networkErrorInWords } from '@loadline/shared';
import { UnrecoverableError, createTypedWorker, type Worker } from '@loadline/shared/queue';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { createRedis } from '../queue/queue.module.js';
import { runAsTenant } from '../tenancy/request-context.js';
import { AddressGuard } from '../targets/address-guard.js';
import { SecretBox, SecretUnreadableError } from '../targets/secret-box.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { webhookDeliveries } from '../metrics/metrics.js';
import { signedHeaders, type SignedHeaders } from './signing.js';

const SEND_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 4_096;

interface Attempt {
  status: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Sends queued webhook deliveries (every API process runs a worker) and retries failures on
 * the schedule of RETRY_DELAYS_MS. Each attempt is signed afresh (Standard Webhooks) with the
 * endpoint's secret, and its previous one during a rotation; it goes through the address
 * policy on connect and follows no redirect; the delivery log records every attempt. Retries
 * follow LOADLINE_WEBHOOK_RETRY_DELAYS_MS (about 23 hours in all by default).
 */
@Injectable()
export class WebhookSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookSender.name);
  private worker: Worker | undefined;
  private connection: Redis | undefined;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly guard: AddressGuard,
    private readonly box: SecretBox,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = createRedis(this.env.REDIS_URL);
    this.worker = createTypedWorker(
      'webhooks',
      { 'webhook.deliver': (job) => runAsTenant(job.tenantId, () => this.deliver(job.deliveryId, job.redeliver)) },
      {
        connection: this.connection,
        prefix: this.env.LOADLINE_QUEUE_PREFIX,
        concurrency: 5,
        settings: { backoffStrategy: (attemptsMade: number) => this.retryDelay(attemptsMade) },
      },
    );
    // The last attempt failed: the delivery is given up.
    this.worker.on('failed', (job, error) => {
      if (!job || (job.attemptsMade < (job.opts.attempts ?? 1) && error.name !== 'UnrecoverableError')) return;
      void runAsTenant(job.data.tenantId as string, () => this.webhooks.markFailed(job.data.deliveryId as string)).catch(() => undefined);
      webhookDeliveries.inc({ outcome: 'given_up' });
      this.logger.warn({ deliveryId: job.data.deliveryId, err: error.message }, 'webhook delivery given up');
    });
    this.worker.on('error', (error) => this.logger.error({ err: error.message }, 'webhook worker error'));
  }

  /** Delay before the next attempt after `attemptsMade` failed ones. */
  private retryDelay(attemptsMade: number): number {
    const delays = this.env.LOADLINE_WEBHOOK_RETRY_DELAYS_MS;
    return delays[Math.min(Math.max(attemptsMade, 1), delays.length) - 1]!;
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    this.connection?.disconnect();
  }

  /** The signing secret, or null when this LOADLINE_SECRET_KEY cannot open it. */
  private openSecret(sealed: string): string | null {
    try {
      return this.box.open<string>(sealed);
    } catch (error) {
      if (error instanceof SecretUnreadableError) return null;
      throw error;
    }
  }

  private async deliver(deliveryId: string, redeliver: boolean): Promise<void> {
    const delivery = await this.webhooks.findDelivery(deliveryId);
    // Deleted with its endpoint; or delivered already by this series of attempts.
    if (!delivery || (delivery.status === 'DELIVERED' && !redeliver)) return;
    const endpoint = delivery.endpoint;
    // A secret sealed under another LOADLINE_SECRET_KEY (a restore under a new key) cannot sign:
    // the current one ends the delivery saying so; a previous one is left out, so rotating the
    // secret is the way out.
    const current = this.openSecret(endpoint.secretEncrypted);
    if (current === null) {
      const message = 'the signing secret cannot be opened with this LOADLINE_SECRET_KEY (sealed under another key); rotate the secret';
      await this.webhooks.recordAttempt(deliveryId, { responseCode: null, lastError: message, durationMs: 0 });
      webhookDeliveries.inc({ outcome: 'refused' });
      throw new UnrecoverableError(message);
    }
    const secrets = [current];
    if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date()) {
      const previous = this.openSecret(endpoint.previousSecretEncrypted);
      if (previous !== null) secrets.push(previous);
    }
    // Checked again at every attempt, as targets are at every run: DNS may have changed, and
    // Node does not call the connect-time lookup for a URL that is an IP address.
    try {
      await this.guard.assertAllowed(endpoint.url, 'url');
    } catch (error) {
      const message = `address policy: ${(error as Error).message}`;
      await this.webhooks.recordAttempt(deliveryId, { responseCode: null, lastError: message, durationMs: 0 });
      webhookDeliveries.inc({ outcome: 'refused' });
      throw new UnrecoverableError(message);
    }
    const body = JSON.stringify(delivery.payload);
    const headers = signedHeaders(secrets, delivery.eventId, Math.floor(Date.now() / 1000), body);
    const attempt = await this.post(endpoint.url, body, headers);
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    await this.webhooks.recordAttempt(deliveryId, {
      ...(ok ? { status: 'DELIVERED', deliveredAt: new Date() } : {}),
      responseCode: attempt.status,
      lastError: ok ? null : (attempt.error ?? `answered ${attempt.status}`),
      durationMs: attempt.durationMs,
    });
    webhookDeliveries.inc({ outcome: ok ? 'delivered' : 'failed' });
    if (ok) return;
    // A URL the policy refuses at connect time will not become acceptable by waiting.
    if (attempt.error?.startsWith('address policy')) throw new UnrecoverableError(attempt.error);
    throw new Error(attempt.error ?? `answered ${attempt.status}`);
  }

  private post(url: string, body: string, signed: SignedHeaders): Promise<Attempt> {
    const started = Date.now();
    const client = url.startsWith('https:') ? https : http;
    return new Promise((resolve) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          lookup: this.guard.lookup,
          timeout: SEND_TIMEOUT_MS,
          headers: { 'content-type': 'application/json', 'user-agent': 'Loadline-Webhooks/1', 'content-length': Buffer.byteLength(body), ...signed },
        },
        (response) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) response.destroy();
          });
          response.on('close', () => resolve({ status: response.statusCode ?? null, error: null, durationMs: Date.now() - started }));
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS / 1000} s`)));
      // In words ("connection refused by 127.0.0.1:9"): the delivery log is read by people.
      request.on('error', (error) => resolve({ status: null, error: networkErrorInWords(error), durationMs: Date.now() - started }));
      request.end(body);
    });
  }
}
