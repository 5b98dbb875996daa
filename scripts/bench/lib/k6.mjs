// Direct ("bare") k6 runs of the exact script Loadline generates, with the environment the
// runner gives k6 (only the run's variables), outside the platform.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BenchError, REPO_ROOT, freeLoopbackPort } from './util.mjs';
import { cpuBetween, cpuSnapshot } from './cpu.mjs';
import { runCommand } from './processes.mjs';
import { childCpuSecondsOfTimes } from './overhead-window.mjs';

export const K6_BIN = process.env.K6_BIN ?? path.join(REPO_ROOT, '.tools', 'bin', 'k6');

export async function k6Version() {
  if (!existsSync(K6_BIN)) throw new BenchError(`${K6_BIN} is missing: bash scripts/ensure-k6.sh builds it`);
  const result = await runCommand(K6_BIN, ['version']);
  if (result.code !== 0) throw new BenchError(`${K6_BIN} version failed: ${result.stderr.trim()}`);
  if (!/loadline \[output\]/.test(result.stdout)) {
    throw new BenchError(`${K6_BIN} is not built with the loadline output (bash scripts/ensure-k6.sh):\n${result.stdout.trim()}`);
  }
  return result.stdout.split('\n')[0].trim();
}

/**
 * Runs k6 on `script` against `baseUrl` and returns k6's --summary-export, the loadline
 * output lines when `out` is 'file', and where the CPU went meanwhile (see cpu.mjs).
 *
 *   out: null (bare k6) | 'devnull' (--out loadline=/dev/null) | 'file' (--out loadline=<tmp file>)
 *   cpus: a CPU list for taskset (e.g. '0'): k6 runs on those CPUs only
 *   env: more environment for k6 (e.g. the Go runtime settings a runner gives it)
 *   asRunner: k6's flags as a runner gives them (--summary-mode=disabled --no-thresholds):
 *             no summary then (summary: null); count the requests at the server
 *
 * k6 runs under bash, whose `times` gives this k6's own CPU seconds (k6Cpu) even when other
 * k6 processes of the bench run beside it.
 */
export async function runK6Direct({
  script,
  baseUrl,
  headers = {},
  out = null,
  trendStats = null,
  timeoutMs,
  stack,
  serverPid,
  cpus = null,
  env = {},
  asRunner = false,
}) {
  const workdir = await mkdtemp(path.join(os.tmpdir(), 'loadline-bench-k6-'));
  try {
    const scriptPath = path.join(workdir, 'script.js');
    const summaryPath = path.join(workdir, 'summary.json');
    const seriesPath = path.join(workdir, 'series.ndjson');
    const timesPath = path.join(workdir, 'times.txt');
    await writeFile(scriptPath, script);
    const args = ['run', '--quiet', '--no-color', '--log-format=json', '--no-usage-report', `--address=127.0.0.1:${await freeLoopbackPort()}`];
    args.push(...(asRunner ? ['--summary-mode=disabled', '--no-thresholds'] : [`--summary-export=${summaryPath}`]));
    if (trendStats) args.push(`--summary-trend-stats=${trendStats}`);
    if (out === 'devnull') args.push('--out=loadline=/dev/null');
    if (out === 'file') args.push(`--out=loadline=${seriesPath}`);
    args.push(scriptPath);

    const before = await cpuSnapshot({ stack, serverPid });
    const startedAt = Date.now();
    const measured = ['bash', '-c', '"$@"; code=$?; times > "$LOADLINE_BENCH_TIMES"; exit $code', 'bash', K6_BIN, ...args];
    // Pinned, k6 also gets a session of its own, as the runner's k6 does (bwrap --new-session):
    // with autogroup scheduling the kernel shares a CPU between sessions first, so two k6
    // side by side are only on equal terms if each is alone in its session.
    const [command, ...commandArgs] = cpus === null ? measured : ['taskset', '-c', cpus, 'setsid', '-w', ...measured];
    const result = await runCommand(command, commandArgs, {
      cwd: workdir,
      timeoutMs,
      env: {
        PATH: process.env.PATH,
        LOADLINE_BENCH_TIMES: timesPath,
        LOADLINE_BASE_URL: baseUrl,
        LOADLINE_HEADERS: JSON.stringify(headers),
        K6_NO_USAGE_REPORT: 'true',
        HOME: workdir,
        TMPDIR: workdir,
        ...env,
      },
    });
    const wallSeconds = (Date.now() - startedAt) / 1000;
    const after = await cpuSnapshot({ stack, serverPid });
    if (result.code !== 0 || (!asRunner && !existsSync(summaryPath))) {
      throw new BenchError(
        `k6 run exited with ${result.code}${result.signal ? ` (${result.signal})` : ''}:\n${result.stderr.trim().split('\n').slice(-10).join('\n')}`,
      );
    }
    const summary = asRunner ? null : JSON.parse(await readFile(summaryPath, 'utf8'));
    const series = out === 'file' ? (await readFile(seriesPath, 'utf8')).split('\n').filter(Boolean) : null;
    return {
      summary,
      series,
      wallSeconds,
      k6Cpu: childCpuSecondsOfTimes(await readFile(timesPath, 'utf8')),
      cpu: cpuBetween(before, after, { k6Under: 'bench' }),
    };
  } finally {
    await rm(workdir, { recursive: true, force: true });
  }
}
