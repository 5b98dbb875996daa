import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pino from 'pino';
import {
  SCRIPT_ENV,
  generateK6Script,
  resultJobId,
  secondSampleSchema,
  type RunExecutePayload,
} from '@loadline/shared';
import type { TypedProducer } from '@loadline/shared/queue';
import type { RunnerEnv } from './env.js';
import { runK6 } from './k6-process.js';
import { freeLoopbackPort } from './free-port.js';
import { classifySegment, type SegmentCounts } from './segment-outcome.js';

/** k6's execution segment flags for segment `index` of `count` equal parts. */
export function executionSegmentArgs(index: number, count: number): string[] {
  if (count <= 1) return [];
  const fraction = (n: number) => (n === 0 ? '0' : n === count ? '1' : `${n}/${count}`);
  const sequence = Array.from({ length: count + 1 }, (_, n) => fraction(n)).join(',');
  return ['--execution-segment', `${fraction(index)}:${fraction(index + 1)}`, '--execution-segment-sequence', sequence];
}

/**
 * Runs one segment of a run: writes the script generated from the plan, starts k6 with an
 * environment holding only the run's own variables, forwards each second k6 reports, and
 * reports how it ended. Never touches the database: everything goes back through the queue.
 */
export class SegmentExecutor {
  constructor(
    private readonly env: RunnerEnv,
    private readonly results: TypedProducer<'results'>,
    private readonly logger: pino.Logger,
  ) {}

  async execute(job: RunExecutePayload): Promise<void> {
    const { runId } = job;
    const segmentIndex = job.segment.index;
    const log = this.logger.child({ runId, tenantId: job.tenantId, segment: segmentIndex });
    const now = () => new Date().toISOString();
    const ref = { runId, segmentIndex, runnerId: this.env.LOADLINE_RUNNER_ID };

    await this.results.add('segment.started', { ...ref, phase: 'STARTING', at: now() }, {
      jobId: resultJobId.started(runId, segmentIndex, 'STARTING'),
    });

    await mkdir(this.env.LOADLINE_RUNNER_WORKDIR, { recursive: true });
    const workdir = await mkdtemp(path.join(this.env.LOADLINE_RUNNER_WORKDIR, `${runId}-${segmentIndex}-`));
    const scriptPath = path.join(workdir, 'script.js');
    await writeFile(scriptPath, generateK6Script(job.spec, { planName: job.planName, planVersion: job.planVersion }));

    const counts: SegmentCounts = { requests: 0, responded: 0 };
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
        if (request.status > 0) counts.responded += request.count;
      }
      secondsSent++;
      forwarding = forwarding.then(() =>
        this.results.add('segment.second', { runId, segmentIndex, sample }, { jobId: resultJobId.second(runId, segmentIndex, sample.t) }),
      );
    };

    log.info({ segments: job.segment.count }, 'starting k6');
    const k6 = await runK6(
      {
        bin: this.env.K6_BIN,
        cwd: workdir,
        deadlineMs: job.deadlineSeconds * 1000,
        args: [
          'run',
          '--quiet',
          '--no-color',
          '--log-format=json',
          '--no-usage-report',
          '--summary-mode=disabled',
          `--address=127.0.0.1:${await freeLoopbackPort()}`,
          '--out=loadline=/dev/fd/3',
          ...executionSegmentArgs(segmentIndex, job.segment.count),
          scriptPath,
        ],
        env: {
          [SCRIPT_ENV.baseUrl]: job.target.baseUrl,
          [SCRIPT_ENV.headers]: JSON.stringify(job.target.headers),
          K6_NO_USAGE_REPORT: 'true',
          HOME: workdir,
          TMPDIR: workdir,
        },
      },
      forward,
      () => {
        forwarding = forwarding.then(() =>
          this.results.add('segment.started', { ...ref, phase: 'RUNNING', at: now() }, {
            jobId: resultJobId.started(runId, segmentIndex, 'RUNNING'),
          }),
        );
      },
    );
    await forwarding;

    const verdict = classifySegment(k6, counts, this.env.K6_BIN);
    log.info({ outcome: verdict.outcome, exitCode: k6.exitCode, secondsSent, requests: counts.requests }, 'k6 finished');
    if (verdict.error) log.warn({ error: verdict.error, stderr: k6.stderrTail.slice(-5) }, 'segment did not complete');
    await this.results.add(
      'segment.finished',
      { ...ref, outcome: verdict.outcome, exitCode: k6.exitCode, error: verdict.error, secondsSent, at: now() },
      { jobId: resultJobId.finished(runId, segmentIndex) },
    );
    await rm(workdir, { recursive: true, force: true });
  }
}
