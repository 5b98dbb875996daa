import { describe, expect, it } from 'vitest';
import { hostBusyShare, parseHostCpuTimes, parseProcessCpuTicks, processCores } from './proc-stat.js';

// Captured from a 2-core Linux 6.x machine, one second apart.
const STAT_BEFORE = `cpu  195214 2569 49216 72111 760 0 3303 454 0 0
cpu0 96298 1330 23788 38344 150 0 1620 235 0 0
cpu1 98915 1239 25427 33766 609 0 1683 218 0 0
intr 123456 0 0
ctxt 987654
btime 1700000000
processes 4665
procs_running 2
procs_blocked 0
softirq 1 2 3
`;
// +200 ticks: user +120, system +30, idle +40, iowait +10.
const STAT_AFTER = STAT_BEFORE.replace('cpu  195214 2569 49216 72111 760', 'cpu  195334 2569 49246 72151 770');

const PID_STAT = (utime: number, stime: number, comm = 'k6') =>
  `4665 (${comm}) S 4662 4662 408 0 -1 4194304 100 0 0 0 ${utime} ${stime} 0 0 20 0 9 0 162676 3133440 361 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n`;

describe('/proc/stat', () => {
  it('reads the aggregate times and counts the cores', () => {
    expect(parseHostCpuTimes(STAT_BEFORE)).toEqual({ total: 195214 + 2569 + 49216 + 72111 + 760 + 0 + 3303 + 454, idle: 72111 + 760, cores: 2 });
  });

  it('leaves guest time out of the total (the kernel already counts it in user)', () => {
    const withGuest = STAT_BEFORE.replace('cpu  195214 2569 49216 72111 760 0 3303 454 0 0', 'cpu  100 0 0 100 0 0 0 0 50 0');
    expect(parseHostCpuTimes(withGuest)?.total).toBe(200);
  });

  it('computes the busy share between two readings: (total - idle - iowait) / total', () => {
    const share = hostBusyShare(parseHostCpuTimes(STAT_BEFORE)!, parseHostCpuTimes(STAT_AFTER)!);
    expect(share).toBeCloseTo(150 / 200, 10);
  });

  it('answers null when no time passed and rejects text that is not /proc/stat', () => {
    const same = parseHostCpuTimes(STAT_BEFORE)!;
    expect(hostBusyShare(same, same)).toBeNull();
    expect(parseHostCpuTimes('')).toBeNull();
    expect(parseHostCpuTimes('cpu  a b c d\n')).toBeNull();
  });

  it('reads old kernels with only four fields', () => {
    expect(parseHostCpuTimes('cpu  10 0 5 85\ncpu0 10 0 5 85\n')).toEqual({ total: 100, idle: 85, cores: 1 });
  });
});

describe('/proc/<pid>/stat', () => {
  it('adds utime and stime', () => {
    expect(parseProcessCpuTicks(PID_STAT(170, 30))).toBe(200);
  });

  it('counts fields from the last parenthesis, whatever the command name holds', () => {
    expect(parseProcessCpuTicks(PID_STAT(7, 3, 'we ird) (name'))).toBe(10);
  });

  it('rejects truncated text', () => {
    expect(parseProcessCpuTicks('4665 (k6) S 1 2 3')).toBeNull();
    expect(parseProcessCpuTicks('garbage')).toBeNull();
  });

  it('turns a tick delta into cores over wall time', () => {
    // 170 ticks = 1.7 s of CPU in 1 s: 1.7 cores.
    expect(processCores(1_000, 1_170, 1_000)).toBeCloseTo(1.7, 10);
    expect(processCores(1_000, 1_050, 2_000)).toBeCloseTo(0.25, 10);
    expect(processCores(1_000, 1_050, 0)).toBeNull();
    expect(processCores(1_050, 1_000, 1_000)).toBeNull();
  });
});
