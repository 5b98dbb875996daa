import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { JobHandlers, JobPayload } from '@loadline/shared';
import { createTypedWorker, type Worker } from '@loadline/shared/queue';
import { REDIS } from '../queue/queue.module.js';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { runAsTenant } from '../tenancy/request-context.js';
import { RunsRepository } from './runs.repository.js';
import { RunSecondsRepository } from './run-seconds.repository.js';
import { RunFinalizer } from './run-finalizer.service.js';
import { RunQueueService } from '../run-queue/run-queue.service.js';
import { RunStopRules } from './run-stop-rules.service.js';
import { RunSignals } from './run-signals.js';
import { RunTelemetryService } from '../telemetry/run-telemetry.service.js';
import { ingestLag, k6Exits, queueWait, segmentsFinished } from '../metrics/metrics.js';

const CACHE_SIZE = 1_000;

/** Adds to a small insertion-ordered cache, forgetting the oldest entry when full. */
function remember(cache: Set<string>, key: string): void;
function remember<V>(cache: Map<string, V>, key: string, value: V): void;
function remember<V>(cache: Set<string> | Map<string, V>, key: string, value?: V): void {
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  if (cache instanceof Map) cache.set(key, value as V);
  else cache.add(key);
}

type Results<N extends keyof JobHandlers<'results'>> = JobPayload<'results', N>;

/**
 * Consumes what runners report. Every handler is idempotent (a redelivered job changes
 * nothing) and tolerant of order (a second may arrive after its segment finished), because
 * BullMQ delivers at least once and several API processes may consume side by side.
 */
@Injectable()
export class ResultsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ResultsConsumer.name);
  private worker?: Worker;
  /** A run's tenant never changes; remembering it saves a query per ingested second. */
  private readonly tenantOfRun = new Map<string, string>();
  /** Runs this process already moved to RUNNING: the move is needed once, not every second. */
  private readonly knownRunning = new Set<string>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(API_ENV) private readonly env: ApiEnv,
    private readonly runs: RunsRepository,
    private readonly runSeconds: RunSecondsRepository,
    private readonly finalizer: RunFinalizer,
    private readonly runQueue: RunQueueService,
    private readonly stopRules: RunStopRules,
    private readonly signals: RunSignals,
    private readonly telemetry: RunTelemetryService,
  ) {}

  readonly handlers: JobHandlers<'results'> = {
    'segment.started': (payload) => this.asTenantOf(payload.runId, () => this.started(payload)),
    'segment.second': (payload) => this.asTenantOf(payload.runId, () => this.second(payload)),
    'segment.finished': (payload) => this.asTenantOf(payload.runId, () => this.finished(payload)),
    // The target's metrics, read by the runner of segment 0 (telemetry/run-telemetry.service.ts).
    'telemetry.second': (payload) =>
      this.asTenantOf(payload.runId, async () => {
        await this.telemetry.second(payload);
        await this.signals.changed(payload.runId, 'telemetry');
      }),
    'telemetry.catalog': (payload) => this.asTenantOf(payload.runId, () => this.telemetry.catalog(payload)),
  };

  onApplicationBootstrap(): void {
    this.worker = createTypedWorker('results', this.handlers, {
      connection: this.redis,
      prefix: this.env.LOADLINE_QUEUE_PREFIX,
      concurrency: 8,
    });
    this.worker.on('failed', (job, error) => this.logger.warn({ jobId: job?.id, name: job?.name, err: error.message }, 'result job failed'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  private async asTenantOf(runId: string, fn: () => Promise<void>): Promise<void> {
    let tenantId = this.tenantOfRun.get(runId);
    if (!tenantId) {
      const found = await this.runs.tenantOfRun(runId);
      if (!found) {
        // The run was deleted (its tenant removed); nothing to record.
        this.logger.warn({ runId }, 'result for an unknown run dropped');
        return;
      }
      tenantId = found;
      remember(this.tenantOfRun, runId, tenantId);
    }
    await runAsTenant(tenantId, fn);
  }

  private async started(payload: Results<'segment.started'>): Promise<void> {
    const at = new Date(payload.at);
    await this.runs.markSegmentStarted(payload.runId, payload.segmentIndex, payload.phase, payload.runnerId, at, payload.build);
    if (payload.phase === 'STARTING') {
      await this.runs.advanceStatus(payload.runId, 'STARTING', ['QUEUED']);
    } else {
      const moved = await this.runs.advanceStatus(payload.runId, 'RUNNING', ['QUEUED', 'STARTING'], at);
      if (moved.count) await this.observeQueueWait(payload.runId, at);
    }
    await this.signals.changed(payload.runId, 'state');
  }

  private async second(payload: Results<'segment.second'>): Promise<void> {
    const segmentsFinished = await this.runSeconds.insertSecond(payload.runId, payload.segmentIndex, payload.sample, payload.generator);
    // A second (t) ends at t+1 on the runner's clock; what passed since is the ingest lag.
    ingestLag.observe(Math.max(0, Date.now() / 1000 - (payload.sample.t + 1)));
    if (!this.knownRunning.has(payload.runId)) {
      const at = new Date(payload.sample.t * 1000);
      const moved = await this.runs.advanceStatus(payload.runId, 'RUNNING', ['QUEUED', 'STARTING'], at);
      remember(this.knownRunning, payload.runId);
      if (moved.count) {
        await this.observeQueueWait(payload.runId, at);
        await this.signals.changed(payload.runId, 'state');
      }
    }
    await this.signals.changed(payload.runId, 'second');
    // A second that arrives after every segment finished may be the last one awaited.
    if (segmentsFinished) await this.finalizer.tryFinalize(payload.runId);
    else {
      // The stored second is what counts: a failed stop check must not make BullMQ redeliver
      // it; the next second checks again.
      await this.stopRules.onSecond(payload.runId, payload.sample.t).catch((error: unknown) => {
        this.logger.error({ runId: payload.runId, t: payload.sample.t, err: String(error) }, 'stop rule check failed');
      });
    }
  }

  /** Once per run, by whichever process moved it to RUNNING: from created (QUEUED) to load. */
  private async observeQueueWait(runId: string, startedAt: Date): Promise<void> {
    const createdAt = await this.runs.createdAt(runId);
    if (createdAt) queueWait.observe(Math.max(0, startedAt.getTime() - createdAt.getTime()) / 1000);
  }

  private async finished(payload: Results<'segment.finished'>): Promise<void> {
    segmentsFinished.inc({ outcome: payload.outcome, code: payload.error?.code ?? 'none' });
    k6Exits.inc({ exit_code: payload.exitCode === null || payload.exitCode === undefined ? 'none' : String(payload.exitCode) });
    await this.runs.updateSegment(payload.runId, payload.segmentIndex, {
      status: payload.outcome === 'completed' ? 'COMPLETED' : payload.outcome === 'errored' ? 'ERRORED' : 'CANCELLED',
      runnerId: payload.runnerId,
      exitCode: payload.exitCode,
      secondsSent: payload.secondsSent,
      error: payload.error,
      finishedAt: new Date(payload.at),
    });
    // Rows its k6 used of each data set, for the run's manifest and report.
    if (payload.data?.length) await this.runs.recordDataUsage(payload.runId, payload.segmentIndex, payload.data);
    await this.signals.changed(payload.runId, 'state');
    if (payload.outcome === 'errored') {
      // One run, one fate: a failed segment stops the others. If the run had not begun its
      // load (a k6 failed to initialise), the others are paused and it ends now.
      const was = await this.runQueue.stop(payload.runId, 'segment-failed');
      if (was === 'reserved') {
        await this.runs.cancelUnstartedSegments(payload.runId, new Date(payload.at));
        await this.finalizer.finalize(payload.runId, { dataMissing: false });
        return;
      }
    }
    await this.finalizer.tryFinalize(payload.runId);
  }
}
