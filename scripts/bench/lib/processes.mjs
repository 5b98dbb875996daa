// Child processes the bench starts: each in its own process group (so that a runner's k6 is
// stopped with it), with its output in a log file, and all of them stopped on exit.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, sleep } from './util.mjs';

export const LOG_DIR = path.join(BENCH_DIR, 'logs');
const children = new Set();
// Short-lived commands (go build, direct k6 runs): killed if the bench stops meanwhile.
const commands = new Set();

/**
 * Starts a long-lived child. stdin is a pipe the child may watch (our Go servers exit when
 * it closes, so they never outlive the bench); stdout/stderr go to LOG_DIR/<name>.log.
 */
export function startChild(name, command, args, { env, cwd, onStdoutLine } = {}) {
  mkdirSync(LOG_DIR, { recursive: true });
  const logPath = path.join(LOG_DIR, `${name}.log`);
  const logStream = createWriteStream(logPath);
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  const entry = { name, child, logPath, exited: false, exitCode: null, signal: null, spawnError: null };
  children.add(entry);
  let pending = '';
  child.stdout.on('data', (chunk) => {
    logStream.write(chunk);
    if (!onStdoutLine) return;
    pending += chunk.toString();
    let newline;
    while ((newline = pending.indexOf('\n')) >= 0) {
      onStdoutLine(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
    }
  });
  child.stderr.on('data', (chunk) => logStream.write(chunk));
  child.stdin.on('error', () => {});
  child.once('error', (error) => {
    entry.spawnError = error;
    entry.exited = true;
  });
  child.once('exit', (code, signal) => {
    entry.exited = true;
    entry.exitCode = code;
    entry.signal = signal;
    children.delete(entry);
    logStream.end();
  });
  return entry;
}

export function logTail(entry, lines = 20) {
  try {
    return readFileSync(entry.logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** SIGTERM to the child's process group, SIGKILL after `graceMs`. */
export async function stopChild(entry, graceMs = 5_000) {
  if (!entry || entry.exited || !entry.child.pid) return;
  const pid = entry.child.pid;
  const signalGroup = (signal) => {
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  };
  entry.child.stdin.end();
  signalGroup('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (!entry.exited && Date.now() < deadline) await sleep(50);
  // The group may still hold a grandchild (a runner's k6) even when the leader is gone.
  signalGroup('SIGKILL');
}

export async function stopAllChildren() {
  for (const child of commands) child.kill('SIGKILL');
  await Promise.all([...children].map((entry) => stopChild(entry)));
}

/** Synchronous last resort (process 'exit' handler): SIGKILL every group still alive. */
export function killAllChildrenNow() {
  for (const child of commands) child.kill('SIGKILL');
  for (const entry of children) {
    try {
      process.kill(-entry.child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}

/** Runs a command to completion; resolves with { code, stdout, stderr }. */
export function runCommand(command, args, { env, cwd, timeoutMs = 600_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    commands.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      commands.delete(child);
      resolve({ code: -1, stdout, stderr: `${stderr}${error.message}` });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      commands.delete(child);
      resolve({ code: code ?? (signal ? -1 : 0), signal, stdout, stderr });
    });
  });
}
