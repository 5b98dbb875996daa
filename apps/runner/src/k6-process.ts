import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface K6Invocation {
  bin: string;
  args: string[];
  /** The complete environment of the k6 process: nothing is inherited from the runner. */
  env: Record<string, string>;
  cwd: string;
  /** k6 is interrupted after this long, then killed if it does not stop. */
  deadlineMs: number;
}

export interface K6Outcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the binary could not be started at all (e.g. ENOENT). */
  spawnError?: NodeJS.ErrnoException;
  timedOut: boolean;
  /** The last message k6 logged at level error (script exceptions, config errors). */
  lastError?: string;
  /** The first "Request Failed" error: what the target did (refused, timed out, ...). */
  firstRequestFailure?: string;
  stderrTail: string[];
}

interface K6LogLine {
  level?: string;
  msg?: string;
  error?: string;
}

/** Seconds k6 gets to stop after an interrupt before it is killed. */
const KILL_AFTER_MS = 10_000;
const STDERR_TAIL_LINES = 40;

/**
 * Runs k6 and streams its loadline output (one JSON line per second on fd 3) to `onLine`.
 * k6 logs JSON on stderr; only the last lines and the first request failure are kept, so a
 * run with millions of failed requests costs no memory.
 */
export function runK6(invocation: K6Invocation, onLine: (line: string) => void, onSpawn: () => void): Promise<K6Outcome> {
  return new Promise((resolve) => {
    const outcome: K6Outcome = { exitCode: null, signal: null, timedOut: false, stderrTail: [] };
    const child = spawn(invocation.bin, invocation.args, {
      cwd: invocation.cwd,
      env: invocation.env,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });

    let killTimer: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => {
      outcome.timedOut = true;
      child.kill('SIGINT');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    }, invocation.deadlineMs);

    child.once('spawn', onSpawn);
    child.once('error', (error: NodeJS.ErrnoException) => {
      outcome.spawnError = error;
    });

    createInterface({ input: child.stderr! }).on('line', (line) => {
      outcome.stderrTail.push(line);
      if (outcome.stderrTail.length > STDERR_TAIL_LINES) outcome.stderrTail.shift();
      let log: K6LogLine;
      try {
        log = JSON.parse(line) as K6LogLine;
      } catch {
        return;
      }
      if (log.msg === 'Request Failed' && !outcome.firstRequestFailure) outcome.firstRequestFailure = log.error ?? log.msg;
      else if (log.level === 'error' || log.level === 'fatal') outcome.lastError = log.error ? `${log.msg}: ${log.error}` : log.msg;
    });

    const metrics = child.stdio[3] as Readable | null;
    const metricsDone = new Promise<void>((done) => {
      if (!metrics) return done();
      const reader = createInterface({ input: metrics });
      reader.on('line', onLine);
      reader.once('close', () => done());
    });

    child.once('close', (code, signal) => {
      clearTimeout(deadline);
      clearTimeout(killTimer);
      outcome.exitCode = code;
      outcome.signal = signal;
      void metricsDone.then(() => resolve(outcome));
    });
  });
}
