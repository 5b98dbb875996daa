import { readFile } from 'node:fs/promises';
import type { GeneratorSample } from '@loadline/shared';
import { hostBusyShare, parseHostCpuTimes, parseProcessCpuTicks, processCores, type HostCpuTimes } from './proc-stat.js';

/** Samples kept for lookup; seconds are forwarded about 2 s after they end, so this is ample. */
const KEEP_SECONDS = 300;

/** Generator samples by unix second, looked up by the second k6 reports. */
export class SecondSamples {
  private readonly entries: { t: number; sample: GeneratorSample }[] = [];

  put(t: number, sample: GeneratorSample): void {
    const last = this.entries.at(-1);
    if (last && last.t >= t) {
      // A timer that fired late can produce two readings for one second: keep the newer.
      if (last.t === t) last.sample = sample;
      return;
    }
    this.entries.push({ t, sample });
    if (this.entries.length > KEEP_SECONDS) this.entries.shift();
  }

  /** The sample of second `t`, else of the nearest earlier second, else null. */
  at(t: number): GeneratorSample | null {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i]!;
      if (entry.t <= t) return entry.sample;
    }
    return null;
  }
}

interface Reading {
  at: number;
  host: HostCpuTimes;
  ticks: number;
}

export interface GeneratorSamplerOptions {
  intervalMs?: number;
  /** Where /proc is; tests point it elsewhere. */
  procRoot?: string;
  now?: () => number;
  rssBytes?: () => number;
}

/**
 * Once a second, how busy the load generator is: the machine's cores, the k6 process and the
 * runner's memory. Two small /proc reads per second, nothing else; on a system without /proc
 * it stays silent and every lookup answers null.
 */
export class GeneratorSampler {
  private readonly samples = new SecondSamples();
  private readonly intervalMs: number;
  private readonly procRoot: string;
  private readonly now: () => number;
  private readonly rssBytes: () => number;
  private timer: NodeJS.Timeout | undefined;
  private last: Reading | undefined;
  private busy = false;
  private pid = 0;

  constructor(options: GeneratorSamplerOptions = {}) {
    this.intervalMs = options.intervalMs ?? 1_000;
    this.procRoot = options.procRoot ?? '/proc';
    this.now = options.now ?? Date.now;
    this.rssBytes = options.rssBytes ?? (() => process.memoryUsage.rss());
  }

  /** Starts sampling process `pid` (k6); the first sample comes one interval later. */
  start(pid: number): void {
    this.stop();
    this.pid = pid;
    this.last = undefined;
    void this.sampleNow();
    this.timer = setInterval(() => void this.sampleNow(), this.intervalMs);
    // Sampling must never be what keeps the runner alive.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  sampleFor(t: number): GeneratorSample | null {
    return this.samples.at(t);
  }

  private async read(): Promise<Reading | null> {
    const at = this.now();
    try {
      const [stat, pidStat] = await Promise.all([readFile(`${this.procRoot}/stat`, 'utf8'), readFile(`${this.procRoot}/${this.pid}/stat`, 'utf8')]);
      const host = parseHostCpuTimes(stat);
      const ticks = parseProcessCpuTicks(pidStat);
      return host && ticks !== null ? { at, host, ticks } : null;
    } catch {
      // No /proc (not Linux) or k6 has exited: nothing to sample.
      return null;
    }
  }

  /** One step of the timer: a reading, and a sample from it and the previous one. */
  async sampleNow(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const reading = await this.read();
      if (!reading) return;
      const before = this.last;
      this.last = reading;
      if (!before) return;
      const hostCpu = hostBusyShare(before.host, reading.host);
      const k6Cpu = processCores(before.ticks, reading.ticks, reading.at - before.at);
      if (hostCpu === null || k6Cpu === null) return;
      // The reading describes the interval since the previous one; it belongs to the second
      // holding most of that interval, which is the second k6 reports those requests under.
      const second = Math.floor((before.at + reading.at) / 2 / 1000);
      this.samples.put(second, {
        hostCpu: round(hostCpu, 3),
        k6Cpu: round(k6Cpu, 3),
        cores: reading.host.cores,
        runnerRssMb: round(this.rssBytes() / 2 ** 20, 1),
      });
    } finally {
      this.busy = false;
    }
  }
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
