import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import {
  STORED_JSON_VERSION,
  can,
  decodeStored,
  mergeLabels,
  type CreatedTrigger,
  type FireTriggerInput,
  type RunLabels,
  type RunView,
  type TriggerView,
} from '@loadline/shared';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { REDIS } from '../queue/queue.module.js';
import { hashSecretToken, newSecretToken } from '../access/secrets.js';
import { CommonError, CommonErrorCode } from '../common/errors/domain-error.js';
import { FixedWindowCounter, retryAfterSeconds } from '../common/rate-limit/fixed-window.js';
import { runAsTenant } from '../tenancy/request-context.js';
import { PlansService } from '../plans/plans.service.js';
import { TargetsService } from '../targets/targets.service.js';
import { RunsService } from '../runs/runs.service.js';
import { TriggersRepository } from './triggers.repository.js';
import { TriggerError, TriggerErrorCode } from './triggers.errors.js';
import type { Maker } from '../access/caller.js';
import { rootOf } from '../access/authority.js';

const TRIGGER_TOKEN_PREFIX = 'llt';
/** Calls per minute one trigger URL takes (it needs no login, so it gets its own limit). */
const CALLS_PER_MINUTE = 30;

type TriggerRow = NonNullable<Awaited<ReturnType<TriggersRepository['find']>>>;

/** A trigger's labels as stored (Trigger has one JSON version). */
const labelsOf = (row: TriggerRow) => decodeStored('Trigger.labels', row.labels, STORED_JSON_VERSION, row.id);

const notFound = () => new TriggerError(TriggerErrorCode.TRIGGER_NOT_FOUND, 'This trigger URL does not exist or was revoked');

/**
 * Inbound triggers: a secret URL per plan that starts a run when called (from a deploy
 * pipeline), optionally against another base URL. The token is the credential; it is shown
 * once and only its hash is stored.
 */
@Injectable()
export class TriggersService {
  private readonly calls: FixedWindowCounter;

  constructor(
    private readonly triggers: TriggersRepository,
    private readonly plans: PlansService,
    private readonly runs: RunsService,
    private readonly targets: TargetsService,
    @Inject(REDIS) redis: Redis,
    @Inject(API_ENV) env: ApiEnv,
  ) {
    this.calls = new FixedWindowCounter(redis, `${env.LOADLINE_QUEUE_PREFIX}:trigger-calls`);
  }

  private async views(rows: TriggerRow[]): Promise<TriggerView[]> {
    const creators = [...new Set(rows.map((row) => row.createdById).filter((id): id is string => !!id))];
    const emails = new Map((creators.length ? await this.triggers.userEmails(creators) : []).map((user) => [user.id, user.email]));
    return rows.map((row) => ({
      id: row.id,
      planId: row.planId,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdById ? (emails.get(row.createdById) ?? null) : null,
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      labels: labelsOf(row),
      targetId: row.targetId,
    }));
  }

  /**
   * The trigger carries its maker's root person's authority: it stops when they may no longer
   * start runs. A target named here (another organization's is not found) is where its runs go.
   */
  async create(planId: string, name: string, maker: Maker, linkBase: string, labels: RunLabels = {}, targetId: string | null = null): Promise<CreatedTrigger> {
    const plan = await this.plans.get(planId);
    if (targetId !== null && targetId !== plan.targetId) await this.targets.get(targetId);
    const token = newSecretToken(TRIGGER_TOKEN_PREFIX);
    const row = await this.triggers.create({ planId, name, tokenHash: hashSecretToken(token), labels, targetId }, maker);
    const [trigger] = await this.views([row]);
    return { trigger: trigger!, token, url: `${linkBase.replace(/\/$/, '')}/api/v1/triggers/${token}` };
  }

  async list(planId: string): Promise<TriggerView[]> {
    await this.plans.get(planId);
    return this.views(await this.triggers.forPlan(planId));
  }

  async revoke(id: string): Promise<void> {
    const row = await this.triggers.find(id);
    if (!row) throw new TriggerError(TriggerErrorCode.TRIGGER_NOT_FOUND, `No trigger ${id}`);
    if (!row.revokedAt) await this.triggers.revoke(id);
  }

  /** Starts a run for whoever holds the token, as the organization that made the trigger. */
  async fire(token: string, input: FireTriggerInput, idempotencyKey: string | undefined): Promise<RunView> {
    const row = await this.triggers.findByTokenHash(hashSecretToken(token));
    if (!row || row.revokedAt) throw notFound();
    // Its power is its root person's, now (a role change revokes it in its own transaction;
    // this makes a row that escaped that fail closed).
    const root = rootOf(row);
    const rootRole = root ? await this.triggers.rootRole(row.tenantId, root) : null;
    if (!rootRole || !can(rootRole, 'runs:start')) throw notFound();
    const window = await this.calls.hit(row.id, 60_000);
    if (window.count > CALLS_PER_MINUTE) {
      throw new CommonError(CommonErrorCode.RATE_LIMITED, `Rate limit: at most ${CALLS_PER_MINUTE} calls per minute per trigger`).withHeader(
        'Retry-After',
        retryAfterSeconds(window),
      );
    }
    await this.triggers.touch(row.id);
    return runAsTenant(row.tenantId, () =>
      this.runs.start(row.planId, 'WEBHOOK', row.createdById, {
        // Scoped to the trigger, so one pipeline's key cannot collide with another's.
        idempotencyKey: idempotencyKey ? `trigger:${row.id}:${idempotencyKey}` : undefined,
        override: { baseUrl: input.baseUrl, variables: input.variables },
        labels: mergeLabels(labelsOf(row), input.labels),
        ...(row.targetId ? { targetId: row.targetId } : {}),
      }),
    );
  }
}
