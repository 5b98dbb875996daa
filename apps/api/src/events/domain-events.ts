import { Injectable } from '@nestjs/common';
import type { AuditAction, BaselineFinding, RunView, TrendChange } from '@loadline/shared';

/** What an audited change says beyond who and from where (the request context has those). */
export interface AuditedChange {
  subject?: { type: string; id: string };
  /** Names and ids only (lists of them too): never a secret. */
  details?: Record<string, string | number | boolean | null | string[]>;
  /** Defaults to the caller's organization. */
  tenantIds?: string[];
  /** Defaults to the caller; given for events before authentication (logins). */
  actorUserId?: string | null;
}

/** How an ended run compares with the baseline it was judged against. */
export interface BaselineComparison {
  runId: string;
  rule: string;
  findings: BaselineFinding[];
  regressions: number;
}

/**
 * Everything the domains announce, by name, with what each carries. Domains emit; audit and
 * webhooks (and whatever comes next) subscribe, so no domain calls them. Handlers run in the
 * emitter's request context (its organization and caller), in the order they subscribed, and
 * the emit waits for them: a handler that must not fail the emitter catches its own errors.
 */
export type DomainEventMap = { [A in Exclude<AuditAction, 'run.started'>]: AuditedChange } & {
  /** A run was created and queued. */
  'run.started': { run: RunView };
  /** A run ended (any terminal status), with the trend regressions it confirmed. */
  'run.ended': {
    run: RunView;
    regressions: readonly TrendChange[];
    /** The comparison with its baseline: a bootstrap over both runs' seconds, so worked out only when asked. */
    baseline: () => Promise<BaselineComparison | null>;
  };
  /** A run confirmed a step for the worse in its plan's trend. */
  'plan.regression': { planId: string; runId: string; change: TrendChange };
  /** A schedule's slot did not start a run. */
  'schedule.skipped': { schedule: { id: string; planId: string }; slotAt: string; reason: string; detail: string };
};

export type DomainEventName = keyof DomainEventMap;
export type DomainEventHandler<E extends DomainEventName> = (payload: DomainEventMap[E]) => Promise<void> | void;

/** The in-process, typed event bus (see DomainEventMap). */
@Injectable()
export class DomainEvents {
  private readonly handlers = new Map<DomainEventName, Array<DomainEventHandler<never>>>();

  on<E extends DomainEventName>(name: E, handler: DomainEventHandler<E>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as DomainEventHandler<never>);
    this.handlers.set(name, list);
  }

  async emit<E extends DomainEventName>(name: E, payload: DomainEventMap[E]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) await (handler as DomainEventHandler<E>)(payload);
  }
}
