// The bench's loopback targets: small Go programs in scripts/bench/servers, built with the
// plain Go toolchain into .tools/bench/ and rebuilt only when their source (or Go) changes.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, BenchError, REPO_ROOT, log, sha256 } from './util.mjs';
import { logTail, runCommand, startChild, stopChild } from './processes.mjs';

const SERVERS_DIR = path.join(REPO_ROOT, 'scripts', 'bench', 'servers');
const GO = process.env.GO_BIN ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : 'go');

function goEnv() {
  return { ...process.env, GOTOOLCHAIN: 'local', CGO_ENABLED: '0', GOFLAGS: '' };
}

export async function goVersion() {
  const result = await runCommand(GO, ['version'], { env: goEnv() });
  if (result.code !== 0) throw new BenchError(`Go is needed to build the bench servers and "${GO} version" failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** Code every server shares (loopback-only listening, exit with the bench), built with each. */
const SHARED_SOURCE = path.join(SERVERS_DIR, 'loopback.go');

/** Builds scripts/bench/servers/<name>.go into .tools/bench/<name> unless it is up to date. */
export async function buildServer(name) {
  const source = path.join(SERVERS_DIR, `${name}.go`);
  const binary = path.join(BENCH_DIR, name);
  const stampPath = `${binary}.stamp`;
  const stamp = sha256(readFileSync(source), readFileSync(SHARED_SOURCE), await goVersion());
  if (existsSync(binary) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) return binary;
  mkdirSync(BENCH_DIR, { recursive: true });
  log(`building ${path.relative(REPO_ROOT, source)}`);
  const result = await runCommand(GO, ['build', '-o', binary, source, SHARED_SOURCE], { env: goEnv(), cwd: SERVERS_DIR });
  if (result.code !== 0) throw new BenchError(`go build ${name}.go failed:\n${result.stderr.trim()}`);
  writeFileSync(stampPath, stamp);
  return binary;
}

/**
 * Starts a built server on a loopback port the OS picks and resolves once it listens.
 * Returns { url, pid, stop() }.
 */
export async function startServer(name, args = [], maxSeconds = 7_200) {
  const binary = await buildServer(name);
  let resolveAddress;
  const address = new Promise((resolve) => (resolveAddress = resolve));
  const entry = startChild(`server-${name}`, binary, ['-addr', '127.0.0.1:0', '-max-seconds', String(maxSeconds), ...args], {
    onStdoutLine: (line) => {
      const match = /^listening (127\.0\.0\.1:\d+)$/.exec(line.trim());
      if (match) resolveAddress(match[1]);
    },
  });
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 10_000));
  const hostPort = await Promise.race([address, timeout]);
  if (!hostPort) {
    await stopChild(entry);
    throw new BenchError(`the ${name} server did not start:\n${logTail(entry)}`);
  }
  return { name, url: `http://${hostPort}`, pid: entry.child.pid, entry, stop: () => stopChild(entry) };
}
