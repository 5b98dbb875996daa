import { Injectable } from '@nestjs/common';
import { SHARE_MAX_DAYS, can, toPublicShare, type CreatedShare, type PublicShare, type ShareView } from '@loadline/shared';
import { hashSecretToken, newSecretToken } from '../access/secrets.js';
import { runAsTenant } from '../tenancy/request-context.js';
import { PlansService } from '../plans/plans.service.js';
import { RunsService } from '../runs/runs.service.js';
import { TargetsService } from '../targets/targets.service.js';
import { RunLiveService } from '../runs/run-live.service.js';
import { ReportsService } from '../reports/reports.service.js';
import { RunTelemetryService } from '../telemetry/run-telemetry.service.js';
import { SharesRepository } from './shares.repository.js';
import { ShareError, ShareErrorCode } from './shares.errors.js';
import type { Maker } from '../access/caller.js';
import { rootOf } from '../access/authority.js';

const SHARE_TOKEN_PREFIX = 'lsh';
/** How many runs a shared trend page shows. */
const SHARED_TREND_RUNS = 100;

type ShareRow = Awaited<ReturnType<SharesRepository['list']>>[number];

const DAY_MS = 86_400_000;

/** When a link ends: its own expiry, or for a link of a release that let links live forever, a year after it was made. */
const endOf = (share: { expiresAt: Date | null; createdAt: Date }) => share.expiresAt ?? new Date(share.createdAt.getTime() + SHARE_MAX_DAYS * DAY_MS);

const notFound = () => new ShareError(ShareErrorCode.SHARE_NOT_FOUND, 'This link does not exist, has expired or was revoked');

/**
 * Public, read-only links to a run report or a plan's trend. The token is shown once (only
 * its hash is kept); an expired or revoked link answers 404 like one that never existed.
 */
@Injectable()
export class SharesService {
  constructor(
    private readonly shares: SharesRepository,
    private readonly runs: RunsService,
    private readonly live: RunLiveService,
    private readonly plans: PlansService,
    private readonly reports: ReportsService,
    private readonly telemetry: RunTelemetryService,
    private readonly targets: TargetsService,
  ) {}

  private async views(rows: ShareRow[]): Promise<ShareView[]> {
    const creators = [...new Set(rows.map((row) => row.createdById).filter((id): id is string => !!id))];
    const emails = new Map((creators.length ? await this.shares.userEmails(creators) : []).map((user) => [user.id, user.email]));
    return rows.map((row) => ({
      id: row.id,
      kind: row.runId ? 'run' : 'trend',
      runId: row.runId,
      planId: row.planId,
      targetId: row.targetId,
      title: row.run
        ? `${row.run.planVersion.name}, run of ${row.run.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
        : `${row.plan?.name ?? 'plan'}, trend${row.target ? ` on ${row.target.name}` : ''}`,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdById ? (emails.get(row.createdById) ?? null) : null,
      expiresAt: endOf(row).toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
    }));
  }

  async create(
    subject: { runId?: string; planId?: string; targetId?: string },
    options: { expiresInDays: number },
    maker: Maker,
    linkBase: string,
  ): Promise<CreatedShare> {
    // The subject must be the caller's: these lookups are tenant-scoped and 404 otherwise.
    if (subject.runId) await this.runs.get(subject.runId);
    const plan = subject.planId ? await this.plans.get(subject.planId) : null;
    // The plan's own target is stored as null: the link follows the plan if its target changes.
    const targetId = plan && subject.targetId && subject.targetId !== plan.targetId ? (await this.targets.get(subject.targetId)).id : null;
    const token = newSecretToken(SHARE_TOKEN_PREFIX);
    const row = await this.shares.create(
      {
        tokenHash: hashSecretToken(token),
        runId: subject.runId ?? null,
        planId: subject.planId ?? null,
        targetId,
        expiresAt: new Date(Date.now() + options.expiresInDays * DAY_MS),
      },
      maker,
    );
    const share = (await this.views((await this.shares.list()).filter((candidate) => candidate.id === row.id)))[0]!;
    return { share, token, url: `${linkBase.replace(/\/$/, '')}/r/${token}` };
  }

  async list(): Promise<ShareView[]> {
    return this.views(await this.shares.list());
  }

  async revoke(id: string): Promise<void> {
    const share = await this.shares.find(id);
    if (!share) throw new ShareError(ShareErrorCode.SHARE_NOT_FOUND, `No share link ${id}`);
    if (!share.revokedAt) await this.shares.revoke(id, new Date());
  }

  /**
   * What a public link shows, read as the organization that shared it, while the link lives:
   * not revoked, not expired, and its root person may still share (a role change revokes the
   * link in its own transaction; this makes a row that escaped that fail closed).
   */
  async open(token: string): Promise<PublicShare> {
    const share = await this.shares.findByTokenHash(hashSecretToken(token));
    if (!share || share.revokedAt || endOf(share) <= new Date()) throw notFound();
    const root = rootOf(share);
    const rootRole = root ? await this.shares.rootRole(share.tenantId, root) : null;
    if (!rootRole || !can(rootRole, 'shares:manage')) throw notFound();
    const expiresAt = endOf(share).toISOString();
    return runAsTenant(share.tenantId, async (): Promise<PublicShare> => {
      if (share.runId) {
        const [run, series, telemetry] = await Promise.all([this.runs.get(share.runId), this.live.series(share.runId), this.telemetry.view(share.runId)]);
        return toPublicShare({ kind: 'run', run, series, telemetry: telemetry.sources.length ? telemetry : null }, expiresAt);
      }
      const trend = await this.reports.trend(share.planId!, { limit: SHARED_TREND_RUNS, targetId: share.targetId ?? undefined });
      return toPublicShare({ kind: 'trend', trend }, expiresAt);
    }).catch((error: unknown) => {
      // The run or plan went away since: the link leads nowhere.
      if (error instanceof Error && /NOT_FOUND/.test((error as { code?: string }).code ?? '')) throw notFound();
      throw error;
    });
  }
}
