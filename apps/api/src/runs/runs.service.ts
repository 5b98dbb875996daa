import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  isTerminalRunStatus,
  planExpectedSeconds,
  runLabelsSchema,
  scenariosTooSmallToSplit,
  type RunJob,
  type RunLabels,
  type RunView,
} from '@loadline/shared';
import { sealJobSecrets } from '@loadline/shared/queue';
import { currentTraceCarrier, withSpan } from '@loadline/tracing';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { PlansService } from '../plans/plans.service.js';
import { TargetsService, type TargetOverride } from '../targets/targets.service.js';
import { TargetError, TargetErrorCode } from '../targets/targets.errors.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import type { RunTrigger } from '../generated/prisma/client.js';
import { currentTenantId } from '../tenancy/request-context.js';
import { RunsRepository, type RunFilter } from './runs.repository.js';
import { RunListRepository } from './run-list.repository.js';
import { Memo } from '../common/memo.js';
import { PlanRunsAnswers } from './plan-runs-answers.js';
import { writeJson, type Written } from '../common/http/cache-control.js';
import { RunDispatchRepository } from './run-dispatch.repository.js';
import { CommonError, CommonErrorCode } from '../common/errors/domain-error.js';
import { RunError, RunErrorCode } from './runs.errors.js';
import { cachedRunView, finishedViewKey, toRunView, type RunRecord } from './run-view.js';
import { RunFinalizer } from './run-finalizer.service.js';
import { OrganizationsService } from '../organizations/organizations.service.js';
import { plannedVuMinutes } from '../organizations/quota-check.js';
import { DomainEvents } from '../events/domain-events.js';
import { MetricSourcesService } from '../telemetry/metric-sources.service.js';
import { RunTelemetryService } from '../telemetry/run-telemetry.service.js';
import { runManifest } from './run-manifest.js';
import { RunDataService } from './run-data.service.js';

/** Pages of finished runs only, written, by their runs' finished row keys and next cursor (see writePage). */
const finishedPages = new Memo<Written>(100);

/** Pages of one plan's runs, written, by plan, question and runs version (see page): ~56 KB for 100 runs. */
const planPages = new PlanRunsAnswers<Written>(200);

export interface RunCursor {
  createdAt: Date;
  id: string;
}

const encodeCursor = (run: Pick<RunView, 'createdAt' | 'id'>) => Buffer.from(`${run.createdAt}|${run.id}`).toString('base64url');

function decodeCursor(text: string): RunCursor {
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw new CommonError(CommonErrorCode.VALIDATION_FAILED, 'Invalid query: before is not the next cursor of a page', [
      { path: 'before', message: 'not a cursor' },
    ]);
  }
  return { createdAt, id };
}

export interface StartOptions {
  /** Retries with the same key answer the same run instead of starting another. */
  idempotencyKey?: string;
  /** A trigger may point the run at another base URL (a preview deployment) or set variables. */
  override?: TargetOverride;
  /** The run's labels (commit, version, env...), already merged over its schedule's or trigger's. */
  labels?: RunLabels;
  /**
   * Another target of the organization to run against instead of the plan's own (an
   * environment), with its variables and secrets; checked like the plan's (address policy,
   * verification, unverified limits). Another organization's id is not found (404).
   */
  targetId?: string;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === 'P2002';
}

@Injectable()
export class RunsService {
  private readonly logger = new Logger(RunsService.name);

  constructor(
    private readonly runs: RunsRepository,
    private readonly listRows: RunListRepository,
    private readonly dispatches: RunDispatchRepository,
    private readonly plans: PlansService,
    private readonly targets: TargetsService,
    private readonly runQueue: RunQueueService,
    @Inject(API_ENV) private readonly env: ApiEnv,
    private readonly finalizer: RunFinalizer,
    private readonly organizations: OrganizationsService,
    private readonly events: DomainEvents,
    private readonly metricSources: MetricSourcesService,
    private readonly runTelemetry: RunTelemetryService,
    private readonly runData: RunDataService,
  ) {}

  /**
   * Snapshots the plan's current version into a run and puts it in line for runners (all its
   * segments at once). With an idempotency key, a retry of the same start answers the run
   * the first attempt made.
   */
  async start(planId: string, trigger: RunTrigger, createdById?: string | null, options: StartOptions = {}): Promise<RunView> {
    if (options.idempotencyKey) {
      const earlier = await this.runs.findByIdempotencyKey(options.idempotencyKey);
      if (earlier) return this.earlierStart(earlier, planId);
    }
    // A trigger's or schedule's labels with the call's may pass the bound neither passes alone.
    const labels = runLabelsSchema.safeParse(options.labels ?? {});
    if (!labels.success) {
      const why = labels.error.issues[0]!.message;
      throw new CommonError(CommonErrorCode.VALIDATION_FAILED, `Invalid labels: ${why} (the call's together with its trigger's or schedule's)`, [
        { path: 'labels', message: why },
      ]);
    }
    const { plan, version } = await this.plans.getWithVersion(planId);
    const spec = version.spec;
    const ceiling = this.runQueue.ceiling;
    if (ceiling !== null && spec.segments > ceiling) {
      throw new RunError(
        RunErrorCode.SEGMENTS_EXCEED_RUNNERS,
        `This plan is split into ${spec.segments} segments, each needing a runner of its own at the same time, but this installation has at most ${ceiling} runner${ceiling === 1 ? '' : 's'} (LOADLINE_MAX_RUNNERS). Lower the plan's segments to ${ceiling} or fewer.`,
        [{ path: 'segments', message: `at most ${ceiling} on this installation` }],
      );
    }
    const tooSmall = scenariosTooSmallToSplit(spec);
    if (tooSmall.length) {
      throw new RunError(
        RunErrorCode.SEGMENTS_EXCEED_VUS,
        `This plan is split into ${spec.segments} segments but ${tooSmall.map((s) => `scenario "${s.scenario}" has at most ${s.vus} VU${s.vus === 1 ? '' : 's'}`).join(', ')}: k6 gives each segment whole VUs, so some segments would get none. Lower the segments or raise the VUs (maxVUs for arrival rates).`,
        tooSmall.map((s) => ({ path: 'segments', message: `scenario "${s.scenario}": ${s.vus} VUs for ${spec.segments} segments` })),
      );
    }
    // A target named for this run is looked up like any id the caller gives (not theirs: 404);
    // the plan's own target having gone since the plan was saved is a conflict with the plan.
    const named = options.targetId !== undefined && options.targetId !== version.targetId;
    const target = await this.targets.forRun(options.targetId ?? version.targetId, spec, options.override).catch((error: unknown) => {
      if (!named && error instanceof TargetError && error.code === TargetErrorCode.TARGET_NOT_FOUND) {
        throw new RunError(RunErrorCode.RUN_TARGET_GONE, `The plan's target ${version.targetId} no longer exists`);
      }
      throw error;
    });
    // The target's metric sources, resolved and checked now like the target (pinned for the
    // runner of segment 0); one no longer allowed is left out and reported, never fatal.
    const telemetry = await this.metricSources.forRun(target.id);
    const deadlineSeconds = planExpectedSeconds(spec) + this.env.LOADLINE_RUN_GRACE_SECONDS;
    // The plan's data sets, read now: one deleted since the plan was saved refuses the start.
    const data = await this.runData.read(currentTenantId(), spec);
    let raced = false;
    const run = await this.runs
      .create(
        {
          planId: plan.id,
          planVersionId: version.id,
          targetId: target.id,
          baseUrl: target.baseUrl,
          segments: spec.segments,
          trigger,
          // Counted from now: a run waiting in line for runners is not overdue yet, but one that
          // never starts at all must not stay QUEUED forever. Reset when its runners are reserved.
          deadlineAt: new Date(Date.now() + (this.runQueue.deadlineFromQueued(deadlineSeconds) + 60) * 1000),
          createdById: createdById ?? undefined,
          vuMinutes: plannedVuMinutes(spec),
          idempotencyKey: options.idempotencyKey,
          labels: labels.data,
          manifest: runManifest({ planId: plan.id, version, target, data: this.runData.manifest(data) }),
        },
        () => this.organizations.assertRunAllowed(spec),
      )
      .catch(async (error: unknown) => {
        // Two retries raced: the other one created the run; answer it.
        const earlier = options.idempotencyKey && isUniqueViolation(error) ? await this.runs.findByIdempotencyKey(options.idempotencyKey) : null;
        if (!earlier) throw error;
        raced = true;
        return earlier;
      });
    if (raced) return this.earlierStart(run, planId);
    await this.events.emit('run.started', { run: toRunView(run) });
    // Before the job is queued: the run stores telemetry only of the sources recorded here.
    await this.runTelemetry.register(run.id, telemetry.sources, telemetry.refused);

    try {
      // One trace per run: this span's context goes with the job, and each runner's segment
      // span is its child (docs/tracing.md). Nothing happens here when tracing is off.
      // Each segment's rows, sealed into Redis; the job only names where (run-data.service.ts).
      const dataJob = data.length ? await this.runData.stage(run.id, data, spec.segments, deadlineSeconds) : [];
      await withSpan('run.queue', { 'loadline.run.id': run.id, 'loadline.run.segments': spec.segments }, () =>
        this.enqueueTraced(run.id, {
          tenantId: currentTenantId(),
          planName: version.name,
          planVersion: version.version,
          segments: spec.segments,
          spec,
          target: {
            baseUrl: target.baseUrl,
            secrets: sealJobSecrets(this.env.LOADLINE_RUNNER_KEY, run.id, {
              headers: target.headers,
              variables: target.variables,
              ...(Object.keys(telemetry.secrets).length ? { telemetry: telemetry.secrets } : {}),
            }),
          },
          // k6 may resolve only the target's name, and connect to its addresses and nowhere else.
          policy: this.targets.k6Policy(target.addresses, target.baseUrl),
          deadlineSeconds,
          // Every segment gets the same job; only the runner of segment 0 reads the sources.
          ...(telemetry.sources.length ? { telemetry: telemetry.sources } : {}),
          ...(dataJob.length ? { data: dataJob } : {}),
        }),
      );
    } catch (error) {
      this.logger.error({ runId: run.id, err: String(error) }, 'could not queue run');
      await this.runs.markFailedToQueue(run.id, 'The run queue is unavailable; try again shortly');
      throw new RunError(RunErrorCode.QUEUE_UNAVAILABLE, 'The run queue is unavailable; try again shortly');
    }
    return this.view(run);
  }

  private async enqueueTraced(runId: string, job: RunJob): Promise<void> {
    const trace = currentTraceCarrier();
    const traced: RunJob = trace ? { ...job, trace } : job;
    // PostgreSQL keeps what the run was queued with, for RunReconciler should Redis lose it.
    await this.dispatches.save(runId, traced);
    await this.runQueue.enqueue(runId, traced, traced.deadlineSeconds);
  }

  private earlierStart(run: NonNullable<Awaited<ReturnType<RunsRepository['findByIdempotencyKey']>>>, planId: string): RunView {
    if (run.planId !== planId) {
      throw new RunError(RunErrorCode.IDEMPOTENCY_KEY_REUSED, 'This Idempotency-Key was already used to start a run of another plan; use a new key');
    }
    return toRunView(run);
  }

  /** Whether a run of the plan is queued or going (for schedules that skip overlaps). */
  async hasActiveRun(planId: string): Promise<boolean> {
    return (await this.runs.activeCountForPlan(planId)) > 0;
  }

  /** The run an earlier start with this idempotency key made, if any. */
  async findStarted(idempotencyKey: string): Promise<RunView | null> {
    const run = await this.runs.findByIdempotencyKey(idempotencyKey);
    return run ? toRunView(run) : null;
  }

  async get(id: string): Promise<RunView> {
    // A finished run's view built earlier is answered from its light key alone.
    const key = await this.runs.findKey(id);
    if (!key) throw RunError.notFound(id);
    const cached = cachedRunView(key.finishedKey);
    if (cached) return cached;
    const run = await this.runs.find(id);
    if (!run) throw RunError.notFound(id);
    return this.view(run);
  }

  /** The run as the API shows it; one that has not started says where it stands in line. */
  private async view(run: RunRecord): Promise<RunView> {
    const queue = await this.runQueue.views([run]).catch(() => new Map());
    return toRunView(run, queue.get(run.id) ?? null);
  }

  /**
   * Asks the run to stop. The stop is pushed to its runners, which stop k6 gracefully, so
   * what was measured is kept and the run ends CANCELLED. A run that has not begun its load
   * (waiting in line, or runners reserved and k6 paused) ends at once: nothing was sent.
   */
  async cancel(id: string): Promise<RunView> {
    const run = await this.get(id);
    if (isTerminalRunStatus(run.status)) {
      throw new RunError(RunErrorCode.RUN_NOT_CANCELLABLE, `The run has already ended (${run.status})`);
    }
    await this.runs.requestCancel(id, new Date());
    await this.events.emit('run.cancelled', { subject: { type: 'run', id }, details: { status: run.status } });
    const was = await this.runQueue.stop(id, 'cancelled');
    const unstarted = was === 'waiting' || was === 'reserved' || (was === 'none' && (run.status === 'QUEUED' || run.status === 'STARTING'));
    if (unstarted) {
      await this.runs.cancelUnstartedSegments(id, new Date());
      await this.finalizer.finalize(id, { dataMissing: false });
    }
    return this.get(id);
  }

  /**
   * A page of runs, newest first, and the cursor of the next one (keyset: the last run's time
   * and id, so pages hold still while new runs arrive), written as JSON. Light rows (RunListItem):
   * the run's own columns and the figures it stored when it ended, never its report.
   *
   * A page of one plan's runs is kept by what was asked and the plan's runs version
   * (plan-runs-answers.ts): read again, it costs the one statement that finds the plan (another
   * organization's or a deleted plan's id answers 404 there) and no read of its runs.
   * Not with a target too: an empty page of a target answers 404 once the target is gone,
   * which no change of the plan's runs would tell.
   */
  async page(filter: RunFilter, limit: number, before?: string): Promise<Written> {
    if (filter.planId === undefined || filter.targetId !== undefined) return this.writePage(filter, limit, before);
    const { plan } = await this.plans.getWithVersion(filter.planId);
    const question = JSON.stringify([filter, limit, before ?? null]);
    return planPages.get(filter.planId, question, plan.runsVersion, () => this.writePage(filter, limit, before));
  }

  private async writePage(filter: RunFilter, limit: number, before?: string): Promise<Written> {
    const after = before === undefined ? undefined : decodeCursor(before);
    const runs = await this.listRows.page(filter, limit + 1, after);
    // A plan or target that is not this organization's (or not at all) answers 404, like its own
    // route: an empty page would say "exists, no runs" about another organization's id. A page
    // with runs of it already says it is this organization's (rows are read for its tenant only).
    if (runs.length === 0) await this.checkFilterOwners(filter);
    const last = runs.length > limit ? runs[limit - 1]! : null;
    const shown = runs.slice(0, limit);
    const next = last ? encodeCursor(last) : null;
    const write = () => writeJson(`{"items":[${shown.map((run) => run.json).join(',')}],"next":${JSON.stringify(next)}}`);
    // A page of finished runs is the same bytes while their finished keys hold: written once.
    // (The key names only this tenant's runs: it was read for this tenant.)
    const key = shown.every((run) => run.finishedKey !== null) ? `${next}|${shown.map((run) => run.finishedKey).join(',')}` : null;
    return key === null ? write() : finishedPages.get(key, write);
  }

  private async checkFilterOwners(filter: RunFilter): Promise<void> {
    if (filter.planId) await this.plans.getWithVersion(filter.planId);
    if (filter.targetId) await this.targets.get(filter.targetId);
  }

  async list(filter: RunFilter, take = 100, before?: RunCursor): Promise<RunView[]> {
    // A plan that is not this organization's (or not at all) answers 404, like its own route:
    // an empty list would say "exists, no runs" about another organization's id.
    await this.checkFilterOwners(filter);
    // Finished runs never change: their views built earlier are reused, and only the runs
    // without one (new, or still going) are read whole.
    const keys = await this.runs.listKeys(filter, take, before);
    const cached = new Map(keys.map((key) => [key.id, cachedRunView(finishedViewKey(key))] as const));
    const missing = keys.filter((key) => !cached.get(key.id)).map((key) => key.id);
    const records = missing.length ? await this.runs.findMany(missing) : [];
    const queue = await this.runQueue.views(records).catch(() => new Map());
    const built = new Map(records.map((run) => [run.id, toRunView(run, queue.get(run.id) ?? null)] as const));
    return keys.flatMap((key) => cached.get(key.id) ?? built.get(key.id) ?? []);
  }
}
