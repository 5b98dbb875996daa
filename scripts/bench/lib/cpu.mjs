// Where the machine's CPU went during one measurement, from /proc: k6, the target server, the
// API, the runner, this bench database's PostgreSQL backends, redis-server, and the rest
// ("other": everything else on the box, e.g. other people's test suites).
import { readdirSync } from 'node:fs';
import { cpuSeconds, hostCpuSeconds, processName, round } from './util.mjs';

let redisPid;
function redisServerPid() {
  if (redisPid !== undefined && processName(redisPid) === 'redis-server') return redisPid;
  redisPid = null;
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && processName(entry) === 'redis-server') {
      redisPid = Number(entry);
      break;
    }
  }
  return redisPid;
}

/** A snapshot of cumulative CPU seconds; diff two with `cpuBetween`. */
export async function cpuSnapshot({ stack, serverPid }) {
  const backends = stack?.db ? (await stack.db.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((row) => row.pid) : [];
  const postgres = {};
  for (const pid of backends) postgres[pid] = cpuSeconds(pid)?.self ?? 0;
  const self = cpuSeconds(process.pid);
  // Every runner process the stack has (one but in the scale benchmark), added up.
  const runnerTimes = (stack?.runners ?? []).map((runner) => cpuSeconds(runner.entry.child.pid)).filter(Boolean);
  const runner = runnerTimes.length ? { self: runnerTimes.reduce((t, c) => t + c.self, 0), children: runnerTimes.reduce((t, c) => t + c.children, 0) } : null;
  const api = stack?.api ? cpuSeconds(stack.api.child.pid) : null;
  const redis = redisServerPid();
  return {
    at: Date.now(),
    ...(({ busy, steal }) => ({ host: busy, steal }))(hostCpuSeconds()),
    // k6 run directly by the bench: our child, counted in our cutime once it has exited.
    benchChildren: self.children,
    bench: self.self,
    runner: runner?.self ?? 0,
    // k6 run by a runner: the runner's child, counted in the runner's cutime once reaped.
    runnerChildren: runner?.children ?? 0,
    api: api?.self ?? 0,
    server: serverPid ? (cpuSeconds(serverPid)?.self ?? 0) : 0,
    postgres,
    redis: redis ? (cpuSeconds(redis)?.self ?? 0) : 0,
  };
}

/** CPU seconds per consumer between two snapshots; `k6` from where that k6 ran. */
export function cpuBetween(before, after, { k6Under }) {
  let postgres = 0;
  for (const [pid, seconds] of Object.entries(after.postgres)) postgres += seconds - (before.postgres[pid] ?? 0);
  const k6 = k6Under === 'runner' ? after.runnerChildren - before.runnerChildren : after.benchChildren - before.benchChildren;
  const parts = {
    k6,
    server: after.server - before.server,
    api: after.api - before.api,
    runner: after.runner - before.runner,
    postgres,
    redis: after.redis - before.redis,
    bench: after.bench - before.bench,
  };
  const host = after.host - before.host;
  const known = Object.values(parts).reduce((total, value) => total + value, 0);
  const wallSeconds = (after.at - before.at) / 1000;
  const result = { wallSeconds, host, ...parts, other: Math.max(0, host - known), steal: after.steal - before.steal };
  return Object.fromEntries(Object.entries(result).map(([key, value]) => [key, round(value, 2)]));
}
