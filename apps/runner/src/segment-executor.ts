import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type pino from 'pino';
import {
  SCRIPT_ENV,
  generateK6Script,
  gotResponse,
  resultJobId,
  runCancelKey,
  scriptFiles,
  secondSampleSchema,
  type RunExecutePayload,
} from '@loadline/shared';
import type { TypedProducer } from '@loadline/shared/queue';
import type { RunnerEnv } from './env.js';
import { runK6, type K6Outcome } from './k6-process.js';
import { freeLoopbackPort } from './free-port.js';
import { GeneratorSampler } from './generator-sampler.js';
import { classifySegment, type SegmentCounts, type StopReason } from './segment-outcome.js';

/** How often the cancel key is looked at while k6 runs. */
const CANCEL_POLL_MS = 1_000;

/** k6's execution segment flags for segment `index` of `count` equal parts. */
export function executionSegmentArgs(index: number, count: number): string[] {
  if (count <= 1) return [];
  const fraction = (n: number) => (n === 0 ? '0' : n === count ? '1' : `${n}/${count}`);
  const sequence = Array.from({ length: count + 1 }, (_, n) => fraction(n)).join(',');
  return ['--execution-segment', `${fraction(index)}:${fraction(index + 1)}`, '--execution-segment-sequence', sequence];
}

/**
 * Runs one segment of a run: writes the script generated from the plan, starts k6 with an
 * environment holding only the run's own variables, forwards each second k6 reports (with
 * how busy the generator was in that second), and reports how it ended. Never touches the
 * database: everything goes back through the queue; the only key it reads is the run's
 * cancel key.
 */
export class SegmentExecutor {
  private current: { stop: (reason: StopReason) => void; done: Promise<void> } | undefined;
  private stopping = false;

  constructor(
    private readonly env: RunnerEnv,
    private readonly results: TypedProducer<'results'>,
    private readonly logger: pino.Logger,
    /** The runner's connection, for the cancel key (never blocked: BullMQ blocks its own). */
    private readonly redis: Redis,
  ) {}

  async execute(job: RunExecutePayload): Promise<void> {
    let stopReason: StopReason | null = null;
    const controller = new AbortController();
    const stop = (reason: StopReason) => {
      if (controller.signal.aborted) return;
      stopReason = reason;
      controller.abort(reason);
    };
    if (this.stopping) stop('runner-stopped');
    const done = this.run(job, controller.signal, stop, () => stopReason);
    this.current = { stop, done };
    try {
      await done;
    } finally {
      this.current = undefined;
    }
  }

  /**
   * For the runner's shutdown: interrupts a running k6 (it is killed if it has not stopped
   * 10 s later) and resolves once the segment is reported as RUNNER_STOPPED.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    const current = this.current;
    if (!current) return;
    current.stop('runner-stopped');
    await current.done.catch(() => undefined);
  }

  private async isCancelled(runId: string): Promise<boolean> {
    return (await this.redis.exists(runCancelKey(this.env.LOADLINE_QUEUE_PREFIX, runId))) > 0;
  }

  private async run(job: RunExecutePayload, signal: AbortSignal, stop: (reason: StopReason) => void, stopReason: () => StopReason | null): Promise<void> {
    const { runId } = job;
    const segmentIndex = job.segment.index;
    const log = this.logger.child({ runId, tenantId: job.tenantId, segment: segmentIndex });
    const now = () => new Date().toISOString();
    const ref = { runId, segmentIndex, runnerId: this.env.LOADLINE_RUNNER_ID };
    const finish = async (k6: K6Outcome, counts: SegmentCounts, secondsSent: number) => {
      const verdict = classifySegment(k6, counts, this.env.K6_BIN, k6.aborted ? stopReason() : null);
      log.info({ outcome: verdict.outcome, exitCode: k6.exitCode, secondsSent, requests: counts.requests }, 'k6 finished');
      if (verdict.error) log.warn({ error: verdict.error, stderr: k6.stderrTail.slice(-5) }, 'segment did not complete');
      await this.results.add(
        'segment.finished',
        { ...ref, outcome: verdict.outcome, exitCode: k6.exitCode, error: verdict.error, secondsSent, at: now() },
        { jobId: resultJobId.finished(runId, segmentIndex) },
      );
    };

    // A run cancelled while queued must not put any load on the target.
    if (!signal.aborted && (await this.isCancelled(runId).catch(() => false))) stop('cancelled');
    if (signal.aborted) {
      log.info({ reason: stopReason() }, 'not starting k6');
      await finish({ exitCode: null, signal: null, timedOut: false, aborted: true, stderrTail: [] }, { requests: 0, responded: 0 }, 0);
      return;
    }

    await this.results.add('segment.started', { ...ref, phase: 'STARTING', at: now() }, {
      jobId: resultJobId.started(runId, segmentIndex, 'STARTING'),
    });

    await mkdir(this.env.LOADLINE_RUNNER_WORKDIR, { recursive: true });
    const workdir = await mkdtemp(path.join(this.env.LOADLINE_RUNNER_WORKDIR, `${runId}-${segmentIndex}-`));
    const scriptPath = path.join(workdir, 'script.js');
    await writeFile(scriptPath, generateK6Script(job.spec, { planName: job.planName, planVersion: job.planVersion }));
    // What the script reads beside it (a gRPC plan's .proto); names are the generator's own.
    for (const [name, content] of Object.entries(scriptFiles(job.spec))) await writeFile(path.join(workdir, name), content);

    const counts: SegmentCounts = { requests: 0, responded: 0 };
    const sampler = new GeneratorSampler();
    let secondsSent = 0;
    // Seconds are forwarded strictly in order, without holding up the reading of k6's output.
    let forwarding: Promise<unknown> = Promise.resolve();
    const forward = (line: string) => {
      let parsed;
      try {
        parsed = secondSampleSchema.safeParse(JSON.parse(line));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        log.warn({ line: line.slice(0, 200) }, 'ignored a malformed metrics line from k6');
        return;
      }
      const sample = parsed.data;
      for (const request of sample.requests) {
        counts.requests += request.count;
        if (gotResponse(request)) counts.responded += request.count;
      }
      secondsSent++;
      const generator = sampler.sampleFor(sample.t);
      forwarding = forwarding.then(() =>
        this.results.add('segment.second', { runId, segmentIndex, sample, generator }, { jobId: resultJobId.second(runId, segmentIndex, sample.t) }),
      );
    };

    let pollWarned = false;
    let polling = false;
    const cancelPoll = setInterval(() => {
      if (polling) return;
      polling = true;
      this.isCancelled(runId)
        .then((cancelled) => {
          if (!cancelled) return;
          log.info('run cancelled: interrupting k6');
          stop('cancelled');
        })
        .catch((error: Error) => {
          if (!pollWarned) log.warn({ err: error.message }, 'cannot read the cancel key; k6 keeps running');
          pollWarned = true;
        })
        .finally(() => {
          polling = false;
        });
    }, CANCEL_POLL_MS);

    log.info({ segments: job.segment.count }, 'starting k6');
    let k6: K6Outcome;
    try {
      k6 = await runK6(
        {
          bin: this.env.K6_BIN,
          cwd: workdir,
          deadlineMs: job.deadlineSeconds * 1000,
          signal,
          args: [
            'run',
            '--quiet',
            '--no-color',
            '--log-format=json',
            '--no-usage-report',
            '--summary-mode=disabled',
            // Loadline judges the SLA itself; without this k6 keeps every sample in memory for its
            // own threshold checks (about 175 bytes per request: gigabytes in an hour).
            '--no-thresholds',
            `--address=127.0.0.1:${await freeLoopbackPort()}`,
            '--out=loadline=/dev/fd/3',
            // The installation's address policy, on every connection k6 makes (redirects, DNS
            // that changed since the API checked). Flags outrank anything a script sets.
            ...(job.policy.blacklistIPs.length ? [`--blacklist-ip=${job.policy.blacklistIPs.join(',')}`] : []),
            ...(job.policy.blockHostnames.length ? [`--block-hostnames=${job.policy.blockHostnames.join(',')}`] : []),
            ...executionSegmentArgs(segmentIndex, job.segment.count),
            scriptPath,
          ],
          env: {
            [SCRIPT_ENV.baseUrl]: job.target.baseUrl,
            [SCRIPT_ENV.headers]: JSON.stringify(job.target.headers),
            [SCRIPT_ENV.variables]: JSON.stringify(job.target.variables),
            K6_NO_USAGE_REPORT: 'true',
            // A script importing a module this k6 lacks must fail here, not make k6 fetch a
            // custom binary from the internet.
            K6_AUTO_EXTENSION_RESOLUTION: 'false',
            K6_BINARY_PROVISIONING: 'false',
            HOME: workdir,
            TMPDIR: workdir,
          },
        },
        forward,
        (pid) => {
          sampler.start(pid);
          forwarding = forwarding.then(() =>
            this.results.add('segment.started', { ...ref, phase: 'RUNNING', at: now() }, {
              jobId: resultJobId.started(runId, segmentIndex, 'RUNNING'),
            }),
          );
        },
      );
    } finally {
      clearInterval(cancelPoll);
      sampler.stop();
    }
    await forwarding;
    await finish(k6, counts, secondsSent);
    await rm(workdir, { recursive: true, force: true });
  }
}
