import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface K6Invocation {
  bin: string;
  args: string[];
  /** The complete environment of the k6 process: nothing is inherited from the runner. */
  env: Record<string, string>;
  cwd: string;
  /**
   * k6 is interrupted after this long, then killed if it does not stop. Counted from the
   * spawn with runK6; with startK6, from `startDeadline` (a paused k6 has not begun yet).
   */
  deadlineMs?: number;
  /**
   * Aborting it interrupts k6 the way Ctrl+C does (SIGINT): k6 stops its VUs and its output
   * writes the seconds measured so far. If already aborted, k6 is not started at all.
   */
  signal?: AbortSignal;
  /**
   * Set when `bin` is the sandbox launcher (sandbox.ts) rather than k6: the fd on which it
   * reports k6's own pid. Signals then go to that pid, and `onSpawn` gets it.
   */
  infoFd?: number;
  /** The k6 binary when `bin` is the sandbox launcher: a missing one is reported as k6's ENOENT. */
  k6Bin?: string;
}

export interface K6Outcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the binary could not be started at all (e.g. ENOENT). */
  spawnError?: NodeJS.ErrnoException;
  timedOut: boolean;
  /** The signal was aborted: k6 was interrupted (or never started). */
  aborted: boolean;
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

export interface K6Handle {
  /** How k6 ended (after its output was read to the end). */
  done: Promise<K6Outcome>;
  /** Starts the deadline clock, once: the load began. */
  startDeadline(ms: number): void;
  /** Kills k6 at once (SIGKILL): for a k6 that never began the load, so nothing is lost. */
  kill(): void;
}

/**
 * Runs k6 and streams its loadline output (one JSON line per second on fd 3) to `onLine`.
 * k6 logs JSON on stderr; only the last lines and the first request failure are kept, so a
 * run with millions of failed requests costs no memory. `onSpawn` gets k6's pid.
 */
export function runK6(invocation: K6Invocation, onLine: (line: string) => void, onSpawn: (pid: number) => void): Promise<K6Outcome> {
  const handle = startK6(invocation, onLine, onSpawn);
  if (invocation.deadlineMs !== undefined) handle.startDeadline(invocation.deadlineMs);
  return handle.done;
}

/**
 * Starts k6 (see runK6) and hands back control of it: a paused k6 gets its deadline only
 * once it is resumed, and one that must not begin at all is killed.
 *
 * If the runner dies, k6 is not told by the kernel; the loadline output notices its pipe is
 * gone at its next write (within about a second) and stops the test itself.
 */
export function startK6(invocation: K6Invocation, onLine: (line: string) => void, onSpawn: (pid: number) => void): K6Handle {
  let startDeadline: (ms: number) => void = () => undefined;
  let kill: () => void = () => undefined;
  const done = new Promise<K6Outcome>((resolve) => {
    const outcome: K6Outcome = { exitCode: null, signal: null, timedOut: false, aborted: false, stderrTail: [] };
    const { signal } = invocation;
    if (signal?.aborted) {
      outcome.aborted = true;
      return resolve(outcome);
    }
    const { infoFd } = invocation;
    if (invocation.k6Bin !== undefined) {
      try {
        accessSync(invocation.k6Bin, constants.X_OK);
      } catch (error) {
        outcome.spawnError = error as NodeJS.ErrnoException;
        return resolve(outcome);
      }
    }
    const child = spawn(invocation.bin, invocation.args, {
      cwd: invocation.cwd,
      env: invocation.env,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', ...(infoFd === undefined ? [] : Array<'pipe'>(infoFd - 3).fill('pipe'))],
    });
    const running = () => child.exitCode === null && child.signalCode === null;
    // k6's pid: the child itself, or (sandboxed) the one the launcher reports. Killing the
    // launcher kills k6 too (bwrap --die-with-parent); an interrupt must reach k6 itself.
    let k6Pid: number | undefined;
    let interruptWanted = false;
    const signalK6 = (name: NodeJS.Signals) => {
      if (k6Pid === undefined) {
        // The sandbox launcher ignores SIGINT: k6 gets it as soon as its pid is known.
        if (name === 'SIGINT' && infoFd !== undefined) interruptWanted = true;
        else child.kill(name);
        return;
      }
      try {
        process.kill(k6Pid, name);
      } catch {
        child.kill(name); // k6 already gone
      }
    };

    // One interrupt only: a second SIGINT makes k6 exit at once, without flushing its output.
    let killTimer: NodeJS.Timeout | undefined;
    const interrupt = () => {
      if (killTimer || !running()) return;
      signalK6('SIGINT');
      killTimer = setTimeout(() => {
        signalK6('SIGKILL');
        child.kill('SIGKILL');
      }, KILL_AFTER_MS);
    };
    let deadline: NodeJS.Timeout | undefined;
    startDeadline = (ms) => {
      if (deadline) return;
      deadline = setTimeout(() => {
        outcome.timedOut = true;
        interrupt();
      }, ms);
    };
    kill = () => {
      if (!running()) return;
      outcome.aborted = true;
      signalK6('SIGKILL');
      child.kill('SIGKILL');
    };
    const onAbort = () => {
      outcome.aborted = true;
      interrupt();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (infoFd === undefined) {
      child.once('spawn', () => {
        k6Pid = child.pid!;
        onSpawn(k6Pid);
      });
    } else {
      let info = '';
      const stream = child.stdio[infoFd] as Readable;
      stream.on('data', (chunk: Buffer) => {
        info += chunk.toString();
        const pid = /"child-pid":\s*(\d+)/.exec(info);
        if (pid && k6Pid === undefined) {
          k6Pid = Number(pid[1]);
          onSpawn(k6Pid);
          if (interruptWanted) signalK6('SIGINT');
        }
      });
    }
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

    child.once('close', (code, exitSignal) => {
      clearTimeout(deadline);
      clearTimeout(killTimer);
      signal?.removeEventListener('abort', onAbort);
      outcome.exitCode = code;
      outcome.signal = exitSignal;
      void metricsDone.then(() => resolve(outcome));
    });
  });
  return { done, startDeadline: (ms) => startDeadline(ms), kill: () => kill() };
}
