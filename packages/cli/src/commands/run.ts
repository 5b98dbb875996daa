import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { baselineFindings, isTerminalRunStatus, runToJunit, type RunBaseline, type RunView } from '@loadline/shared';
import { ApiError, ok } from '../api.js';
import { DEFAULT_TIMEOUT_SECONDS, type Command } from '../args.js';
import { runUrl } from '../config.js';
import type { Context } from '../context.js';
import { CliError, EXIT, exitCodeForStatus, type ExitCode } from '../exit-codes.js';
import { formatSeconds } from '../format.js';
import { liveFigures, progressLine, renderRunReport, type LiveFigures } from '../report.js';
import { resolvePlan, resolveTarget } from '../resolve.js';

type RunCommand = Extract<Command, { kind: 'run' }>;

const POLL_MS = 2_000;
/** In CI logs (no terminal), a progress line at most this often unless the status changes. */
const LOG_EVERY_MS = 10_000;

export async function runPlan(command: RunCommand, ctx: Context): Promise<ExitCode> {
  const { io, client, config } = ctx;
  const plan = await resolvePlan(client, command.plan);
  // Another environment of the plan: its target is looked up before anything changes.
  const target = command.target !== undefined ? await resolveTarget(client, command.target) : undefined;
  if (command.baseline !== undefined) await setBaseline(plan.id, command.baseline, target?.id, ctx);
  const headers = command.idempotencyKey ? { 'Idempotency-Key': command.idempotencyKey } : undefined;
  const body = { ...(command.labels ? { labels: command.labels } : {}), ...(target ? { targetId: target.id } : {}) };
  const { run } = ok(await client.api.POST('/plans/{id}/runs', { params: { path: { id: plan.id } }, headers, ...(Object.keys(body).length ? { body } : {}) }));
  const url = runUrl(config, run.id);

  if (!command.wait) {
    io.stderr(`Started run ${run.id} of "${run.planName}" v${run.planVersion} (${run.status}).\n`);
    // stdout: the id, then the report URL, for scripts (RUN=$(loadline run plan | head -1)).
    io.stdout(`${run.id}\n${url}\n`);
    return EXIT.OK;
  }

  io.stderr(`Started run ${run.id} of "${run.planName}" v${run.planVersion}${target ? ` against ${target.name}` : ''}: ${url}\n`);
  // From here on a run exists: whatever goes wrong, CI gets "no verdict" (2), not "nothing ran" (3).
  try {
    const timeoutSeconds = command.timeoutSeconds ?? Math.max(DEFAULT_TIMEOUT_SECONDS, run.plannedSeconds + 600);
    const outcome = await waitForRun(run, timeoutSeconds, ctx);
    if (outcome.timedOut) {
      io.stderr(
        `Timed out after ${formatSeconds(timeoutSeconds)}: run ${run.id} is still ${outcome.run.status}. It goes on; see ${url} ` +
          `(or stop it with POST /api/v1/runs/${run.id}/cancel).\n`,
      );
      return EXIT.NO_VERDICT;
    }
    const finished = outcome.run;
    io.stdout(renderRunReport(finished, url));
    // An API without baselines (older) answers 404: the report goes on without them.
    const baseline = await client.api.GET('/runs/{id}/baseline', { params: { path: { id: finished.id } } }).then(ok, () => null);
    if (baseline) io.stdout(renderBaseline(baseline));
    const written = await writeExports(command, finished, baseline, ctx);
    for (const file of written) io.stderr(`wrote ${file}\n`);
    return exitCodeForStatus(finished.status);
  } catch (error) {
    if (error instanceof CliError) throw new CliError(`${error.message}\n(run ${run.id}: ${url})`, EXIT.NO_VERDICT);
    throw error;
  }
}

interface WaitOutcome {
  run: RunView;
  timedOut: boolean;
}

/** Asks about the run every 2 s until it is over or the timeout passes; progress on stderr. */
async function waitForRun(first: RunView, timeoutSeconds: number, ctx: Context): Promise<WaitOutcome> {
  const { io, client } = ctx;
  const interval = io.pollIntervalMs ?? POLL_MS;
  const start = io.now();
  const deadline = start + timeoutSeconds * 1000;
  let run = first;
  let lastStatus = '';
  let lastLogged = 0;
  let failing: string | null = null;
  let shownLine = false;

  const show = (live: LiveFigures | null) => {
    const line = progressLine(run, live, io.now(), (io.now() - start) / 1000);
    if (io.stderrIsTTY) {
      io.stderr(`\r\x1b[K${line}`);
      shownLine = true;
    } else if (run.status !== lastStatus || io.now() - lastLogged >= LOG_EVERY_MS) {
      io.stderr(`${line}\n`);
      lastLogged = io.now();
    }
    lastStatus = run.status;
  };
  const endLine = () => {
    if (shownLine) io.stderr('\n');
    shownLine = false;
  };

  show(null);
  while (!isTerminalRunStatus(run.status)) {
    const left = deadline - io.now();
    if (left <= 0) {
      endLine();
      return { run, timedOut: true };
    }
    await io.sleep(Math.min(interval, left));
    try {
      run = ok(await client.api.GET('/runs/{id}', { params: { path: { id: run.id } } }));
      if (failing) {
        endLine();
        io.stderr('the API answers again\n');
        failing = null;
      }
    } catch (error) {
      // An API restart or a network blip: keep asking until the timeout; anything else stops.
      if (error instanceof ApiError && error.transient) {
        if (failing !== error.message) {
          endLine();
          io.stderr(`cannot get the run's status, retrying: ${error.message}\n`);
          failing = error.message;
        }
        continue;
      }
      endLine();
      throw error;
    }
    let live: LiveFigures | null = null;
    if (run.status === 'RUNNING' || run.status === 'FINISHING') {
      // Progress only: a failure here is not worth stopping for.
      live = liveFigures(await client.api.GET('/runs/{id}/series', { params: { path: { id: run.id } } }).then(ok, () => null));
    }
    if (!isTerminalRunStatus(run.status)) show(live);
  }
  endLine();
  io.stderr(`${run.status} after ${formatSeconds((io.now() - start) / 1000)}\n`);
  return { run, timedOut: false };
}

/**
 * `--baseline`: a run id pins that run as the plan's baseline (against that run's target);
 * last-passed unpins, against the --target given (default the plan's own).
 */
async function setBaseline(planId: string, which: string, targetId: string | undefined, ctx: Context): Promise<void> {
  const path = { id: planId };
  const set = ok(
    which === 'last-passed'
      ? await ctx.client.api.DELETE('/plans/{id}/baseline', { params: { path, ...(targetId ? { query: { targetId } } : {}) } })
      : await ctx.client.api.PUT('/plans/{id}/baseline', { params: { path }, body: { runId: which } }),
  );
  ctx.io.stderr(`Baseline: ${set.message}\n`);
}

/** How the run compares with its plan's baseline, for the report on stdout. */
export function renderBaseline(baseline: RunBaseline): string {
  const findings = baselineFindings(baseline);
  const lines = ['', `Baseline: ${baseline.message}${baseline.baseline ? ` (run ${baseline.baseline.runId})` : ''}`];
  for (const finding of findings) lines.push(`  ${finding.change === 'regression' ? '✗' : finding.change === 'improvement' ? '✓' : '·'} ${finding.text}`);
  const regressions = findings.filter((finding) => finding.change === 'regression').length;
  if (baseline.comparison) lines.push(regressions ? `  ${regressions} regression${regressions > 1 ? 's' : ''} beyond noise` : '  no regression beyond noise');
  return `${lines.join('\n')}\n`;
}

/**
 * Writes --junit (each threshold a test case, and each key figure against the baseline, a
 * regression failing) and --json (the run, with "baseline"); answers the paths written.
 */
async function writeExports(command: RunCommand, run: RunView, baseline: RunBaseline | null, ctx: Context): Promise<string[]> {
  const written: string[] = [];
  const exports: [string | undefined, 'junit' | 'json', () => string][] = [
    [command.junit, 'junit', () => runToJunit(run, baseline ?? undefined)],
    [command.json, 'json', () => `${JSON.stringify({ ...run, baseline }, null, 2)}\n`],
  ];
  for (const [file, format, body] of exports) {
    if (!file) continue;
    const target = path.resolve(ctx.io.cwd, file);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body());
    } catch (error) {
      throw new CliError(`cannot write --${format} ${file}: ${(error as Error).message}`, EXIT.NO_VERDICT);
    }
    written.push(file);
  }
  return written;
}
