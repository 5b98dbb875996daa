import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pino from 'pino';
import {
  generateK6Script,
  gotResponse,
  resultJobId,
  scriptFiles,
  secondSampleSchema,
  segmentLimits,
  vuLimitBreach,
  type RunAssignment,
  type RunExecutePayload,
  type RunnerBuild,
} from '@loadline/shared';
import { openJobSecrets, type RunDataStore, type TypedProducer } from '@loadline/shared/queue';
import { untraced, withSpan, type SpanHandle } from '@loadline/tracing';
import type { RunnerEnv } from './env.js';
import { startK6, type K6Outcome } from './k6-process.js';
import { writeResolver } from './run-resolver.js';
import { k6RunArgs, k6RunEnv } from './k6-run-options.js';
import { SANDBOX_WORKDIR, isRoot, k6Launch, prepareWorkdir, type SandboxConfig } from './sandbox.js';
import { sandboxConfig } from './env.js';
import { controlAddress, resume, waitUntilPaused } from './k6-control.js';
import { GeneratorSampler } from './generator-sampler.js';
import { MAX_NAMES, OTHER_NAME, ReportedNames, SecretRedactor, redactWithAll } from './reported-names.js';
import { DATA_UNAVAILABLE, DataUsageCounter, stageSegmentData } from './run-data.js';
import { segmentPayload } from './segment-args.js';
import { classifySegment, stopReasonOf, type SegmentCounts, type SegmentVerdict, type StopReason } from './segment-outcome.js';
import type { SegmentControl } from './run-control.js';
import type { RunnerMetrics } from './runner-metrics.js';
import type { ClockOffset } from './clock-offset.js';
import { TelemetryCollector } from './telemetry/collector.js';
import { ResultsTelemetrySink } from './telemetry/results-sink.js';

export { executionSegmentArgs, segmentPayload } from './segment-args.js';

/**
 * How long a paused k6 waits for the start signal before the runner gives the segment up on
 * its own. The API releases a reservation that is not ready within its own limit (shorter);
 * this only matters when no API is there to do it.
 */
const START_WAIT_MAX_MS = 5 * 60_000;

/**
 * Runs one segment of a run: writes the script generated from the plan, starts k6 paused
 * with an environment holding only the run's own variables, reports ready, and begins the
 * load at the run's start signal, together with the run's other segments. Then forwards
 * each second k6 reports (with how busy the generator was in that second) and reports how
 * it ended. Never touches the database: everything goes back through the `results` queue.
 *
 * Until the start, nothing is reported: a reservation given up (release) or a run stopped
 * before its start just kills the paused k6; no load was sent and the API ends the run.
 */
export class SegmentExecutor {
  private current: { stop: (reason: StopReason) => void; done: Promise<void> } | undefined;
  private stopping = false;
  private readonly sandbox: SandboxConfig;

  constructor(
    private readonly env: RunnerEnv,
    private readonly results: TypedProducer<'results'>,
    private readonly logger: pino.Logger,
    /** This machine's offset to Redis's clock: the start moment is on Redis's clock. */
    private readonly clock: ClockOffset,
    private readonly metrics?: RunnerMetrics,
    /** What it tells each run about itself (runner-build.ts), for the run's manifest. */
    private readonly build?: RunnerBuild,
    /** Where the rows of a run's data sets wait (needed only by runs that use data sets). */
    private readonly dataStore?: RunDataStore,
  ) {
    this.sandbox = sandboxConfig(env);
  }

  async execute(assignment: RunAssignment, control: SegmentControl): Promise<void> {
    let stopReason: StopReason | null = null;
    const controller = new AbortController();
    const stop = (reason: StopReason) => {
      if (controller.signal.aborted) return;
      stopReason = reason;
      controller.abort(reason);
    };
    if (this.stopping) stop('runner-stopped');
    const job = segmentPayload(assignment);
    // A child of the API's span that queued the run (job.trace), so a run is one trace.
    const attributes = {
      'loadline.run.id': job.runId,
      'loadline.segment.index': job.segment.index,
      'loadline.segment.count': job.segment.count,
      'loadline.runner.id': this.env.LOADLINE_RUNNER_ID,
    };
    const done = withSpan('segment.execute', attributes, (span) => this.run(job, control, controller.signal, stop, () => stopReason, span), job.trace);
    this.current = { stop, done };
    try {
      await done;
    } finally {
      this.current = undefined;
    }
  }

  /**
   * For the runner's shutdown: interrupts a running k6 (it is killed if it has not stopped
   * 10 s later) and resolves once the segment is reported as RUNNER_STOPPED. A k6 still
   * paused is killed and nothing is reported: the API gives the reservation up.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    const current = this.current;
    if (!current) return;
    current.stop('runner-stopped');
    await current.done.catch(() => undefined);
  }

  private async run(
    job: RunExecutePayload,
    control: SegmentControl,
    signal: AbortSignal,
    stop: (reason: StopReason) => void,
    stopReason: () => StopReason | null,
    span: SpanHandle,
  ): Promise<void> {
    const { runId } = job;
    const segmentIndex = job.segment.index;
    const log = this.logger.child({ runId, tenantId: job.tenantId, segment: segmentIndex });
    const ref = { runId, segmentIndex, runnerId: this.env.LOADLINE_RUNNER_ID };
    // The VUs this segment may have, held before the start and every second (run-limits.ts).
    const limits = segmentLimits(job.spec, job.segment.count);
    let breach: { code: string; message: string } | null = null;
    // Names and messages cleaned of the target's secrets (reported-names.ts); replaced with
    // the run's own once its secrets are opened, before k6 starts.
    let names = new ReportedNames(new SecretRedactor([]));
    const dataUsage = new DataUsageCounter(job);
    const finish = async (k6: K6Outcome, counts: SegmentCounts, secondsSent: number) => {
      const judged: SegmentVerdict = breach
        ? { outcome: 'errored', error: breach }
        : classifySegment(k6, counts, this.env.K6_BIN, k6.aborted ? stopReason() : null, this.sandbox.memoryMb);
      // k6's messages quote what the script logged or threw: they are report text too.
      const verdict: SegmentVerdict = judged.error ? { ...judged, error: { ...judged.error, message: names.text(judged.error.message) } } : judged;
      const folded = Object.entries(names.folded).filter(([, count]) => count > 0);
      if (folded.length)
        log.warn({ folded: Object.fromEntries(folded), max: MAX_NAMES }, `names past the first ${MAX_NAMES} of a kind were counted as "${OTHER_NAME}"`);
      log.info({ outcome: verdict.outcome, exitCode: k6.exitCode, secondsSent, requests: counts.requests }, 'k6 finished');
      span.setAttributes({
        'loadline.k6.exit_code': k6.exitCode ?? -1,
        'loadline.segment.outcome': verdict.outcome,
        'loadline.segment.seconds_sent': secondsSent,
        ...(verdict.error ? { 'loadline.segment.error_code': verdict.error.code } : {}),
      });
      this.metrics?.segments.inc({ outcome: verdict.outcome, code: verdict.error?.code ?? 'none' });
      this.metrics?.k6Exits.inc({ exit_code: k6.exitCode === null ? 'none' : String(k6.exitCode) });
      if (verdict.error) log.warn({ error: verdict.error, stderr: k6.stderrTail.slice(-5).map((line) => names.text(line)) }, 'segment did not complete');
      await this.results.add(
        'segment.finished',
        {
          ...ref,
          outcome: verdict.outcome,
          exitCode: k6.exitCode,
          error: verdict.error,
          secondsSent,
          at: new Date().toISOString(),
          ...(job.data?.length ? { data: dataUsage.usage(k6.lastError) } : {}),
        },
        { jobId: resultJobId.finished(runId, segmentIndex) },
      );
    };
    if (signal.aborted || control.ended) {
      log.info({ reason: stopReason() ?? control.ended?.type }, 'not starting k6');
      return;
    }

    await mkdir(this.env.LOADLINE_RUNNER_WORKDIR, { recursive: true });
    const workdir = await mkdtemp(path.join(this.env.LOADLINE_RUNNER_WORKDIR, `${runId}-${segmentIndex}-`));
    const resolverDir = `${workdir}-resolver`;
    try {
      const scriptPath = path.join(workdir, 'script.js');
      await writeFile(scriptPath, generateK6Script(job.spec, { planName: job.planName, planVersion: job.planVersion, runner: true }));
      // What the script reads beside it (a gRPC plan's .proto); names are the generator's own.
      const extraFiles: string[] = [];
      for (const [name, content] of Object.entries(scriptFiles(job.spec))) {
        extraFiles.push(path.join(workdir, name));
        await writeFile(extraFiles.at(-1)!, content);
      }

      // This segment's rows of the plan's data sets, beside the script (run-data.ts).
      const inside = this.sandbox.mode === 'bwrap' ? SANDBOX_WORKDIR : workdir;
      const data = job.data?.length ? await stageSegmentData(this.dataStore, this.env.LOADLINE_RUNNER_KEY, job, workdir, inside) : null;
      if (data && 'unavailable' in data) {
        // Before any load: the API ends the run with this, as for a k6 that failed to start.
        log.warn({ err: data.unavailable }, 'data set rows unavailable: segment not started');
        const error = { code: DATA_UNAVAILABLE, message: data.unavailable };
        const finished = { ...ref, outcome: 'errored' as const, exitCode: null, error, secondsSent: 0, at: new Date().toISOString() };
        await this.results.add('segment.finished', finished, { jobId: resultJobId.finished(runId, segmentIndex) });
        return;
      }

      const counts: SegmentCounts = { requests: 0, responded: 0 };
      const sampler = new GeneratorSampler();
      let secondsSent = 0;
      /** Seconds wholly before the start are k6 idling paused: not part of the run. */
      let firstSecond = Number.POSITIVE_INFINITY;
      // Seconds are forwarded strictly in order, without holding up the reading of k6's output.
      let forwarding: Promise<unknown> = Promise.resolve();
      /** Kills k6 at once: a limit breach must not run on through k6's graceful stop. */
      let killK6: () => void = () => undefined;
      const forward = (line: string) => {
        let parsed;
        try {
          parsed = secondSampleSchema.safeParse(JSON.parse(line));
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success) {
          log.warn({ line: names.text(line).slice(0, 200) }, 'ignored a malformed metrics line from k6');
          return;
        }
        const sample = names.sample(parsed.data);
        if (!breach) {
          breach = vuLimitBreach(limits.segmentVus, sample);
          if (breach) {
            log.warn({ vus: sample.vus, vusMax: sample.vusMax, limit: limits.segmentVus }, 'k6 went above the VUs this segment may use: killing it');
            killK6();
          }
        }
        if (sample.t < firstSecond) return;
        dataUsage.observe(parsed.data);
        for (const request of sample.requests) {
          counts.requests += request.count;
          if (gotResponse(request)) counts.responded += request.count;
        }
        secondsSent++;
        const generator = sampler.sampleFor(sample.t);
        this.metrics?.secondsSent.inc();
        if (generator) this.metrics?.k6Cpu.set(generator.k6Cpu);
        // Not traced: a span (and Redis spans) per second of every run would outweigh the rest.
        forwarding = forwarding.then(() =>
          untraced(() =>
            this.results.add('segment.second', { runId, segmentIndex, sample, generator }, { jobId: resultJobId.second(runId, segmentIndex, sample.t) }),
          ),
        );
      };

      const address = await controlAddress();
      log.info({ segments: job.segment.count }, 'starting k6 paused');
      await prepareWorkdir(this.sandbox, workdir, [scriptPath, ...extraFiles, ...(data?.files ?? [])], isRoot());
      // k6 resolves the target's name to the addresses pinned at the run's start, and no other
      // name at all. A job of the release before has no list: the machine's resolver, as then.
      const pinned = job.policy.hosts;
      if (!pinned) log.warn('the job names no pinned hosts (queued by an older API): k6 uses the machine resolver');
      const ownResolver = pinned && this.sandbox.mode === 'bwrap' ? await writeResolver(resolverDir, pinned) : undefined;
      // Opened here, only for k6's environment; a job that does not open fails the segment.
      const secrets = openJobSecrets(this.env.LOADLINE_RUNNER_KEY, runId, job.target.secrets);
      const targetSecrets = new SecretRedactor([...Object.values(secrets.headers), ...Object.values(secrets.variables)]);
      // A data set's secret cells are redacted too, wherever the target's secrets are.
      names = new ReportedNames(data?.secrets.size ? redactWithAll(targetSecrets, data.secrets) : targetSecrets);
      // The target's metric sources, read by the runner of segment 0 only (telemetry/collector.ts).
      const telemetry = TelemetryCollector.forSegment(job, secrets.telemetry, new ResultsTelemetrySink(runId, this.results, log), log);
      const launch = k6Launch(
        this.sandbox,
        this.env.K6_BIN,
        workdir,
        k6RunArgs(job, segmentIndex, address),
        k6RunEnv(job.target.baseUrl, secrets, this.env, data?.env),
        ownResolver,
      );
      const k6 = startK6({ ...launch, signal }, forward, (pid) => sampler.start(pid));
      killK6 = () => k6.kill();

      let outcome: K6Outcome;
      try {
        // A baseline of the target's metrics before the start, while k6 waits paused.
        const began = await this.begin(k6.done, address, control, signal, log, limits.segmentVus, telemetry?.readBaseline);
        if (began.kind !== 'began') telemetry?.abandon();
        if (began.kind === 'over-limit') {
          // Refused before any load: the segment ends ERRORED with the numbers, the API stops
          // the run's other segments (as for a k6 whose init failed).
          breach = began.breach;
          log.warn({ limit: limits.segmentVus }, 'k6 initialised more VUs than this segment may use: killed before the start');
          k6.kill();
        } else if (began.kind === 'given-up') {
          log.info({ why: began.why }, 'start given up: k6 killed before sending any load');
          k6.kill();
          const killed = await k6.done;
          // Before the start signal the API ends the run itself; once it was given, the API
          // waits for every segment's report, so this one says it never began.
          if (control.started) {
            if (!signal.aborted) stop(stopReasonOf(control.stopReason() ?? 'cancelled'));
            await finish(killed, counts, 0);
          }
          return;
        }
        // 'exited': k6 ended before the start (its init failed). That is the segment's outcome;
        // the API stops the run's other segments.
        if (began.kind === 'began') {
          firstSecond = Math.floor(began.at / 1000);
          telemetry?.loadStarted(began.at);
          k6.startDeadline(job.deadlineSeconds * 1000);
          control.onStop((reason) => {
            log.info({ reason }, 'run told to stop: interrupting k6');
            stop(stopReasonOf(reason));
          });
          await this.results.add(
            'segment.started',
            { ...ref, phase: 'RUNNING', at: new Date(began.at).toISOString(), ...(this.build ? { build: this.build } : {}) },
            {
              jobId: resultJobId.started(runId, segmentIndex, 'RUNNING'),
            },
          );
        }
        outcome = await k6.done;
        // Recovery and drain after the load (none for a run told to stop), within the deadline.
        if (began.kind === 'began') await telemetry?.finish(Date.now(), began.at + job.deadlineSeconds * 1000, !signal.aborted, signal);
      } finally {
        sampler.stop();
        telemetry?.abandon();
      }
      await forwarding;
      await finish(outcome, counts, secondsSent);
    } finally {
      await rm(workdir, { recursive: true, force: true });
      await rm(resolverDir, { recursive: true, force: true });
    }
  }

  /**
   * Waits for the paused k6 to be ready, reports ready, waits for the run's start signal and
   * resumes k6. Returns when k6 began the load (`at`: when the resume was taken), or why it
   * must not, or that k6 exited on its own first.
   */
  private async begin(
    exited: Promise<K6Outcome>,
    address: string,
    control: SegmentControl,
    signal: AbortSignal,
    log: pino.Logger,
    vuLimit: number,
    /** Segment 0 with metric sources: read their baseline before reporting ready. */
    baseline?: (waiting: AbortSignal) => Promise<void>,
  ): Promise<
    { kind: 'began'; at: number } | { kind: 'exited' } | { kind: 'given-up'; why: string } | { kind: 'over-limit'; breach: { code: string; message: string } }
  > {
    const waiting = new AbortController();
    const abortWaiting = () => waiting.abort();
    signal.addEventListener('abort', abortWaiting, { once: true });
    let k6Exited = false;
    void exited.then(() => {
      k6Exited = true;
      waiting.abort();
    });
    try {
      const paused = await waitUntilPaused(address, waiting.signal);
      if (k6Exited) return { kind: 'exited' };
      if (!paused) return { kind: 'given-up', why: String(signal.reason ?? 'stopped') };
      // Every VU but arrival rates' lazy ones exists now: above the limit, no load at all.
      const over = vuLimitBreach(vuLimit, { vus: 0, vusMax: paused.vusMax });
      if (over) return { kind: 'over-limit', breach: over };
      if (baseline) {
        await baseline(waiting.signal);
        if (k6Exited) return { kind: 'exited' };
        if (waiting.signal.aborted) return { kind: 'given-up', why: String(signal.reason ?? 'stopped') };
      }
      await control.ready();
      log.debug('k6 ready, paused');
      const interrupted = waiting.signal.aborted
        ? Promise.resolve('interrupted' as const)
        : new Promise<'interrupted'>((resolve) => waiting.signal.addEventListener('abort', () => resolve('interrupted'), { once: true }));
      const next = await Promise.race([control.nextSignal(START_WAIT_MAX_MS), interrupted]);
      if (k6Exited) return { kind: 'exited' };
      if (next === 'interrupted') return { kind: 'given-up', why: String(signal.reason ?? 'stopped') };
      if (signal.aborted) return { kind: 'given-up', why: String(signal.reason) };
      if (next === null) return { kind: 'given-up', why: 'no start signal' };
      if (next.type !== 'start') return { kind: 'given-up', why: next.type === 'stop' ? next.reason : 'released' };
      // Every segment resumes at the same moment of Redis's clock, however late the signal came.
      const signalled = Date.now();
      const wait = control.startAt === null ? 0 : this.clock.toLocal(control.startAt) - signalled;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Stopped in the moment before the start: no load at all rather than a burst.
      if (signal.aborted) return { kind: 'given-up', why: String(signal.reason) };
      const stopped = control.stopReason();
      if (stopped) return { kind: 'given-up', why: stopped };
      await resume(address);
      const at = Date.now();
      log.debug({ waitedMs: Math.round(wait), resumeMs: at - signalled - Math.max(0, wait), clockOffsetMs: Math.round(this.clock.offset) }, 'k6 resumed');
      return { kind: 'began', at };
    } finally {
      signal.removeEventListener('abort', abortWaiting);
    }
  }
}
