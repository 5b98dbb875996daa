/**
 * Parsing of Linux /proc files for the generator load samples. Pure: the sampler reads the
 * files, these functions turn their text into numbers, so they are tested on fixtures.
 */

/** Aggregate CPU time of the machine, in clock ticks, from the first line of /proc/stat. */
export interface HostCpuTimes {
  total: number;
  /** idle + iowait: time a core had nothing to run. */
  idle: number;
  /** Number of `cpuN` lines: the cores the times are spread over. */
  cores: number;
}

/**
 * /proc exposes times in USER_HZ, which the kernel fixes at 100 for userspace on every
 * architecture Node runs on; Node has no sysconf(_SC_CLK_TCK) to ask.
 */
export const CLOCK_TICKS_PER_SECOND = 100;

export function parseHostCpuTimes(procStat: string): HostCpuTimes | null {
  let aggregate: number[] | null = null;
  let cores = 0;
  for (const line of procStat.split('\n')) {
    if (line.startsWith('cpu ')) aggregate = line.trim().split(/\s+/).slice(1).map(Number);
    else if (/^cpu\d+\s/.test(line)) cores++;
  }
  if (!aggregate || aggregate.length < 4 || aggregate.some((n) => !Number.isFinite(n))) return null;
  // user nice system idle iowait irq softirq steal [guest guest_nice]: guest time is already
  // counted in user and nice, so only the first eight make up the total.
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = aggregate;
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, idle: idle + iowait, cores: Math.max(cores, 1) };
}

/** Busy share of all cores between two readings, 0..1; null when no time passed. */
export function hostBusyShare(before: HostCpuTimes, after: HostCpuTimes): number | null {
  const total = after.total - before.total;
  if (!(total > 0)) return null;
  const busy = total - (after.idle - before.idle);
  return Math.min(1, Math.max(0, busy / total));
}

/**
 * utime + stime (clock ticks, all threads) from /proc/<pid>/stat. The command name (field 2)
 * is in parentheses and may itself hold spaces and parentheses, so fields are counted from
 * the last ')'.
 */
export function parseProcessCpuTicks(pidStat: string): number | null {
  const close = pidStat.lastIndexOf(')');
  if (close < 0) return null;
  // After ')': state is field 3, so utime (field 14) and stime (15) are at 11 and 12.
  const fields = pidStat
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (fields.length < 13 || !Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return utime + stime;
}

/** Cores a process kept busy between two readings taken `wallMs` apart (1.0 = one core). */
export function processCores(ticksBefore: number, ticksAfter: number, wallMs: number): number | null {
  if (!(wallMs > 0) || ticksAfter < ticksBefore) return null;
  return (ticksAfter - ticksBefore) / CLOCK_TICKS_PER_SECOND / (wallMs / 1000);
}
