import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ScriptInspection } from '@loadline/shared';
import { SCRIPT_ENV, durationToSeconds, k6ThresholdsSchema } from '@loadline/shared';
import { writeResolver } from './run-resolver.js';
import { SANDBOX_WORKDIR, checkOutOfMemoryMessage, isRoot, k6Launch, prepareWorkdir, ranOutOfMemory, type K6Launch, type SandboxConfig } from './sandbox.js';

/** How long one check's k6 may take unless told otherwise (LOADLINE_SCRIPT_CHECK_SECONDS). */
const DEFAULT_CHECK_SECONDS = 10;
const SCRIPT_FILE = 'script.js';
/** A base URL no request can reach (.invalid never resolves), for init code that reads it. */
const INSPECT_BASE_URL = 'http://target.invalid';

interface K6Log {
  level?: string;
  msg?: string;
  error?: string;
}

/** Where in the script an error points: "script.js: Line 4:35 ..." or "at file:///.../script.js:3:11(18)". */
function position(message: string): { line?: number; column?: number } {
  const syntax = /script\.js: Line (\d+):(\d+)/.exec(message);
  const runtime = /script\.js:(\d+):(\d+)/.exec(message);
  const match = syntax ?? runtime;
  return match ? { line: Number(match[1]), column: Number(match[2]) } : {};
}

/** k6's message without the runner's temporary paths or Go wrapping, as the user should read it. */
function clean(message: string, workdir: string): string {
  return message
    .replaceAll(`file://${workdir}/`, '')
    .replaceAll(`${workdir}/`, '')
    .replaceAll(`file://${SANDBOX_WORKDIR}/`, '')
    .replaceAll(`${SANDBOX_WORKDIR}/`, '')
    .replace(/^could not initialize '[^']+': could not load JS test '[^']+': /, '')
    .replace(/\n\tat .*$/s, '')
    .trim();
}

/**
 * A check's k6 under its memory ceiling in the `container` sandbox too, where k6 is started
 * directly: the runner's pod is shared by its run and every organization's checks, so a
 * check must not get the pod's memory. prlimit is util-linux's, in every Debian image (found
 * on the default path: the launch's environment has no PATH). bwrap launches through prlimit
 * already; `off` has no sandbox at all.
 */
function withCheckLimits(launch: K6Launch, sandbox: SandboxConfig): K6Launch {
  if (sandbox.mode !== 'container') return launch;
  const MiB = 1024 * 1024;
  return { ...launch, bin: 'prlimit', args: [`--data=${sandbox.memoryMb * MiB}`, '--core=0', '--', launch.bin, ...launch.args] };
}

/**
 * Checks a custom k6 script the way k6 itself would load it (`k6 inspect
 * --execution-requirements`), without running it: syntax, imports, init code, options. Answers
 * the VUs and duration it needs (for quotas and deadlines) and its options' thresholds, or
 * k6's error with its line (k6 also checks each threshold against its metric's type). Same
 * clean environment as a run; k6 may not fetch anything to resolve an import. A check is
 * held to small ceilings of its own (the sandbox's memory, `seconds` of wall time): it loads
 * the script and sends nothing, and checks of every organization share the runners.
 */
export async function inspectScript(
  k6Bin: string,
  source: string,
  workRoot: string,
  sandbox: SandboxConfig,
  seconds = DEFAULT_CHECK_SECONDS,
): Promise<ScriptInspection> {
  await mkdir(workRoot, { recursive: true });
  const workdir = await mkdtemp(path.join(workRoot, 'inspect-'));
  const resolverDir = `${workdir}-resolver`;
  try {
    await writeFile(path.join(workdir, SCRIPT_FILE), source);
    await prepareWorkdir(sandbox, workdir, [path.join(workdir, SCRIPT_FILE)], isRoot());
    const launch = withCheckLimits(
      k6Launch(
        sandbox,
        k6Bin,
        workdir,
        ['inspect', '--execution-requirements', '--include-system-env-vars', '--log-format=json', '--no-color', SCRIPT_FILE],
        {
          // The variables a run has (k6 run reads the environment; inspect only when told to), so
          // init code asking whether it runs for real (`vus: __ENV.LOADLINE_BASE_URL ? 20 : 1`)
          // answers as it will. No promise: the runner holds the run to what this finds.
          [SCRIPT_ENV.baseUrl]: INSPECT_BASE_URL,
          [SCRIPT_ENV.headers]: '{}',
          [SCRIPT_ENV.variables]: '{}',
          K6_AUTO_EXTENSION_RESOLUTION: 'false',
          K6_BINARY_PROVISIONING: 'false',
          K6_NO_USAGE_REPORT: 'true',
        },
        // A check loads the script and sends nothing: no name resolves for it.
        sandbox.mode === 'bwrap' ? await writeResolver(resolverDir, []) : undefined,
      ),
      sandbox,
    );
    let timedOut = false;
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      // The sandbox's pid report (fd 4) is read and dropped: killing the launcher kills k6.
      const child = spawn(launch.bin, launch.args, { cwd: launch.cwd, env: launch.env, stdio: ['ignore', 'pipe', 'pipe', 'ignore', 'pipe'] });
      (child.stdio[4] as Readable | null)?.resume();
      let out = '';
      let err = '';
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, seconds * 1000);
      child.once('error', (error) => {
        clearTimeout(timer);
        resolve({ code: null, stdout: '', stderr: JSON.stringify({ level: 'error', msg: `cannot start k6 at ${k6Bin}: ${error.message}` }) });
      });
      child.once('close', (exitCode) => {
        clearTimeout(timer);
        resolve({ code: exitCode, stdout: out, stderr: err });
      });
    });
    if (timedOut) {
      return {
        ok: false,
        message: `k6 took longer than ${seconds} s to load the script (LOADLINE_SCRIPT_CHECK_SECONDS on the runner): init code must not loop or wait`,
      };
    }
    if (code !== 0 && ranOutOfMemory(stderr.split('\n'))) return { ok: false, message: checkOutOfMemoryMessage(sandbox.memoryMb) };
    const errors = stderr
      .split('\n')
      .flatMap((line): K6Log[] => {
        try {
          return [JSON.parse(line) as K6Log];
        } catch {
          return line.trim() ? [{ level: 'error', msg: line.trim() }] : [];
        }
      })
      .filter((log) => log.level === 'error' || log.level === 'fatal');
    if (code === 0 && errors.length === 0) {
      const requirements = JSON.parse(stdout) as { maxVUs?: number; totalDuration?: string; thresholds?: unknown };
      // k6 prints null for a script without thresholds; Loadline translates them (the API does).
      const thresholds = k6ThresholdsSchema.safeParse(requirements.thresholds ?? {});
      if (typeof requirements.maxVUs === 'number' && typeof requirements.totalDuration === 'string' && thresholds.success) {
        return { ok: true, maxVUs: requirements.maxVUs, durationSeconds: durationToSeconds(requirements.totalDuration), thresholds: thresholds.data };
      }
    }
    const raw = errors.map((log) => (log.error ? `${log.msg}: ${log.error}` : (log.msg ?? ''))).join('; ') || `k6 inspect exited with ${code}`;
    return { ok: false, message: clean(raw, workdir), ...position(raw) };
  } finally {
    await rm(workdir, { recursive: true, force: true });
    await rm(resolverDir, { recursive: true, force: true });
  }
}
