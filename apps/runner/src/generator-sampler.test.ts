import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorSampleSchema, type GeneratorSample } from '@loadline/shared';
import { GeneratorSampler, SecondSamples } from './generator-sampler.js';

const sample = (k6Cpu: number): GeneratorSample => ({ hostCpu: 0.5, k6Cpu, cores: 2, runnerRssMb: 80 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SecondSamples', () => {
  it('answers the second itself, else the nearest earlier one, else null', () => {
    const samples = new SecondSamples();
    expect(samples.at(100)).toBeNull();
    samples.put(100, sample(1));
    samples.put(102, sample(2));
    expect(samples.at(99)).toBeNull();
    expect(samples.at(100)?.k6Cpu).toBe(1);
    expect(samples.at(101)?.k6Cpu).toBe(1);
    expect(samples.at(102)?.k6Cpu).toBe(2);
    expect(samples.at(500)?.k6Cpu).toBe(2);
  });

  it('keeps the newer of two readings for one second and ignores older ones', () => {
    const samples = new SecondSamples();
    samples.put(100, sample(1));
    samples.put(100, sample(3));
    samples.put(99, sample(9));
    expect(samples.at(100)?.k6Cpu).toBe(3);
    expect(samples.at(99)).toBeNull();
  });

  it('forgets seconds older than five minutes', () => {
    const samples = new SecondSamples();
    for (let t = 1; t <= 400; t++) samples.put(t, sample(t));
    expect(samples.at(100)).toBeNull();
    expect(samples.at(101)?.k6Cpu).toBe(101);
  });
});

describe('GeneratorSampler', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'loadline-sampler-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('samples a fake /proc, keyed by the second the interval mostly fell in', async () => {
    const proc = path.join(dir, 'proc');
    await mkdir(path.join(proc, '42'), { recursive: true });
    const write = async (busy: number, idle: number, k6Ticks: number) => {
      await writeFile(path.join(proc, 'stat'), `cpu  ${busy} 0 0 ${idle} 0 0 0 0 0 0\ncpu0 0 0 0 0\ncpu1 0 0 0 0\ncpu2 0 0 0 0\ncpu3 0 0 0 0\n`);
      await writeFile(path.join(proc, '42', 'stat'), `42 (k6) S 1 1 1 0 -1 0 0 0 0 0 ${k6Ticks} 0 0 0 20 0 9 0 1 1 1\n`);
    };
    let clock = 1_700_000_000_400;
    // The timer never fires here: the test takes the readings itself.
    const sampler = new GeneratorSampler({ procRoot: proc, intervalMs: 3_600_000, now: () => clock, rssBytes: () => 100 * 2 ** 20 });
    await write(1_000, 1_000, 500);
    sampler.start(42);
    await sleep(100); // the baseline reading start() takes
    expect(sampler.sampleFor(1_700_000_000)).toBeNull();
    // One second later: 400 ticks of which 100 idle; k6 used 250 ticks = 2.5 cores.
    await write(1_300, 1_100, 750);
    clock += 1_000;
    await sampler.sampleNow();
    sampler.stop();
    // Interval 1_700_000_000.4 .. 1_700_000_001.4: midpoint in second 1_700_000_000.
    expect(sampler.sampleFor(1_700_000_000)).toEqual({ hostCpu: 0.75, k6Cpu: 2.5, cores: 4, runnerRssMb: 100 });
    expect(sampler.sampleFor(1_699_999_999)).toBeNull();
  });

  it('stays silent when the process has no /proc entry', async () => {
    const sampler = new GeneratorSampler({ intervalMs: 20 });
    sampler.start(2 ** 22 + 12_345); // above Linux's pid_max limit: never a live pid
    await sleep(80);
    sampler.stop();
    expect(sampler.sampleFor(Math.floor(Date.now() / 1000))).toBeNull();
  });

  it.runIf(process.platform === 'linux')('sees a busy child process use most of a core', async () => {
    // Two spinning threads, like k6's many goroutines: all of a process's threads count.
    // Other test files and benchmarks may share the cores, so the child has up to 12 s to
    // show one second above half a core.
    const spin = "const { Worker } = require('node:worker_threads'); new Worker('for (;;) {}', { eval: true }); for (;;) {}";
    const child = spawn(process.execPath, ['-e', spin], { stdio: 'ignore' });
    const sampler = new GeneratorSampler();
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      sampler.start(child.pid!);
      const seen: GeneratorSample[] = [];
      for (let waited = 0; waited < 12_000 && !seen.some((s) => s.k6Cpu > 0.5); waited += 250) {
        await sleep(250);
        const latest = sampler.sampleFor(Math.floor(Date.now() / 1000));
        if (latest && !seen.includes(latest)) seen.push(latest);
      }
      expect(Math.max(0, ...seen.map((s) => s.k6Cpu))).toBeGreaterThan(0.5);
      for (const s of seen) {
        expect(generatorSampleSchema.parse(s)).toEqual(s);
        expect(s.k6Cpu).toBeLessThanOrEqual(s.cores + 0.2);
        expect(s.hostCpu).toBeGreaterThan(0);
        expect(s.cores).toBe(os.cpus().length);
        expect(s.runnerRssMb).toBeGreaterThan(10);
      }
    } finally {
      sampler.stop();
      child.kill('SIGKILL');
    }
  });
});
