import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AUDIT_ACTIONS } from '@loadline/shared';
import { DomainEvents } from '../events/domain-events.js';
import { AuditService } from './audit.service.js';

/**
 * Records the audited domain events. A failure to record fails the action that caused it (the
 * emit waits for this handler): an action the log cannot show is not taken silently.
 */
@Injectable()
export class AuditSubscriber implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    for (const action of AUDIT_ACTIONS) {
      if (action !== 'run.started') this.events.on(action, (change) => this.audit.record(action, change));
    }
    this.events.on('run.started', ({ run }) =>
      this.audit.record('run.started', {
        subject: { type: 'run', id: run.id },
        details: { plan: run.planName, planVersion: run.planVersion, trigger: run.trigger },
      }),
    );
  }
}
