import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { DomainEvents } from '../events/domain-events.js';
import { WebhookEvents } from './webhook-events.js';
import { endEvents, runEventData } from './run-event.js';

/**
 * Turns domain events into webhook events for the endpoints that chose them. Never fails the
 * emitter: a webhook that cannot be queued is logged, and the run or schedule goes on.
 */
@Injectable()
export class WebhookSubscriber implements OnModuleInit {
  private readonly logger = new Logger(WebhookSubscriber.name);

  constructor(
    private readonly events: DomainEvents,
    private readonly webhooks: WebhookEvents,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  onModuleInit(): void {
    this.events.on('run.started', ({ run }) => this.webhooks.emit('run.started', runEventData(run, this.env)));
    this.events.on('run.ended', ({ run, regressions, baseline }) =>
      this.safely('run.ended', async () => {
        const types = endEvents(run);
        // The comparison with the baseline is a bootstrap over both runs' seconds: only for endpoints that will receive it.
        const comparison = (await this.webhooks.anyListens(types)) ? await baseline() : null;
        for (const type of types) await this.webhooks.emit(type, runEventData(run, this.env, comparison, regressions));
      }),
    );
    this.events.on('plan.regression', ({ planId, runId, change }) =>
      this.webhooks.emit('plan.regression', { plan: { id: planId }, confirmedBy: { runId }, change }),
    );
    this.events.on('schedule.skipped', (skipped) => this.webhooks.emit('schedule.skipped', skipped));
  }

  private async safely(event: string, work: () => Promise<void>): Promise<void> {
    await work().catch((error: unknown) => this.logger.error({ event, err: String(error) }, 'could not queue webhook events'));
  }
}
