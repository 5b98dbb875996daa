// Small helpers shared by the bench modules: logging, statistics, formatting, /proc readers.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const BENCH_DIR = path.join(REPO_ROOT, '.tools', 'bench');

export class BenchError extends Error {}

const started = Date.now();
export function log(message) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${seconds}s] ${message}\n`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const sum = (values) => values.reduce((total, value) => total + value, 0);

export function round(value, digits = 3) {
  if (value === null || value === undefined || !Number.isFinite(value)) return value ?? null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** 25100 -> "25,100"; 12_300_000 -> "12.3 M" when compact. */
export function fmtInt(value, { compact = false } = {}) {
  if (value === null || value === undefined) return 'n/a';
  if (compact && value >= 1e6) return `${(value / 1e6).toFixed(1)} M`;
  return Math.round(value).toLocaleString('en-US');
}

export function fmtBytes(bytes) {
  if (bytes === null || bytes === undefined) return 'n/a';
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${Math.round(bytes)} B`;
}

export const fmtRatio = (value) => (value === null || value === undefined ? 'n/a' : value.toFixed(3));
export const fmtPct = (value, digits = 2) => (value === null || value === undefined ? 'n/a' : `${(value * 100).toFixed(digits)} %`);

export function sha256(...parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** A free TCP port on 127.0.0.1 (the OS picks it; we close it and hand it on). */
export function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Throws unless the URL's host is a loopback address: the bench talks to nothing else. */
export function assertLoopbackUrl(label, value) {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  if (!loopback) throw new BenchError(`${label} must point at a loopback address (127.0.0.1), not ${host}`);
}

// ---- /proc readers (Linux) ---------------------------------------------------------------

export const CLOCK_TICKS = 100; // USER_HZ on Linux (sysconf(_SC_CLK_TCK)), fixed at 100 on x86-64

/** VmRSS of a process in bytes, or null when it is gone. */
export function rssBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds of a process: its own (user+system) and that of its children it has waited
 * for (cutime+cstime: e.g. a k6 that has exited). Null when the process is gone.
 */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); utime is field 14, stime 15, cutime 16, cstime 17.
    const at = (field) => Number(fields[field - 3]);
    return { self: (at(14) + at(15)) / CLOCK_TICKS, children: (at(16) + at(17)) / CLOCK_TICKS };
  } catch {
    return null;
  }
}

/** Busy, stolen and total CPU seconds of the whole machine since boot (all cores). */
export function hostCpuSeconds() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values;
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  // steal: time the hypervisor ran someone else while this VM wanted the CPU.
  return { busy: (total - idle - iowait - steal) / CLOCK_TICKS, steal: steal / CLOCK_TICKS, total: total / CLOCK_TICKS };
}

/** Direct children of a process (all its threads), as pids. */
export function childPids(pid) {
  const out = [];
  try {
    for (const task of readdirSafe(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) out.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // gone
  }
  return out;
}

/** Every process below pid (children, theirs, ...): k6 runs under the sandbox (bwrap), a grandchild of the runner. */
export function descendantPids(pid) {
  const out = [];
  for (let queue = childPids(pid); queue.length;) {
    const next = queue.shift();
    out.push(next);
    queue.push(...childPids(next));
  }
  return out;
}

export function processName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

function readdirSafe(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

export function loadAverage() {
  return os.loadavg().map((value) => round(value, 2));
}
