import { describe, expect, it } from 'vitest';
import { telemetryFindings } from './index.js';
import { cpuSecondsPer1kRequests, sourceFigures } from './figures.js';
import { viewOf } from './series.js';
import { steadyStretch } from './steady.js';
import { catalog, findingsInput, load, seconds, series, T0, wobble, type Reading } from './test-fixtures.js';
import type { TelemetryFindingsInput } from './index.js';

const figuresOf = (input: TelemetryFindingsInput, source = 0) => sourceFigures(input, viewOf(input.sources[source]!), steadyStretch(input));

describe("a source's figures over the load", () => {
  it('reads peak CPU (share and cores), CPU-seconds per 1,000 requests and peak memory from what the test set', () => {
    // 30 s at 100 requests/s; the api is busy 0.5 + 0.05 x (offset - 1) cores of its 2 in the
    // second before each read. Peaks are of the reads in the load's seconds (0..29), as the
    // bottleneck table reads them: 1.9 cores (95 %), read at 29 s.
    const input = findingsInput(30, {
      sources: [
        {
          catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate'), series('rss', 'memory_bytes')], { cpuCores: 2 }),
          seconds: seconds('api', -5, 40, (offset) => ({
            // After the load it idles; before, it was warming up hotter than any second of load
            // (the peak is of the load's seconds only).
            cpu: offset < 0 ? 1.99 : offset > 30 ? 0 : 0.5 + 0.05 * (offset - 1),
            rss: offset > 29 ? 900e6 : 100e6 + 1e6 * offset,
          })),
        },
      ],
    });
    const figures = figuresOf(input);
    expect(figures.peakCpuCores).toBeCloseTo(1.9, 6);
    expect(figures.peakCpuShare).toBeCloseTo(0.95, 3);
    // The load's seconds are the reads at 1..30: 0.5 + 0.05 x (0..29) cores, 3,000 requests.
    const busy = Array.from({ length: 30 }, (_, i) => 0.5 + 0.05 * i).reduce((a, b) => a + b, 0);
    expect(figures.cpuSecondsPer1kRequests).toBeCloseTo((busy / 3000) * 1000, 3);
    expect(figures.peakMemoryBytes).toBe(100e6 + 29e6);
    expect(figures.coverage).toBe(1);
    expect(figures.restarts).toBe(0);
    expect(figures.backlogGrowthPerSecond).toBeNull();
  });

  it('counts the CPU of the seconds it could not read at the average of those it read, and says nothing under half', () => {
    const at = (refusedFrom: number) =>
      findingsInput(20, {
        sources: [
          {
            catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate')]),
            seconds: seconds('api', -2, 25, (offset): Reading => (offset >= refusedFrom && offset < 21 ? { error: 'REFUSED' } : { cpu: 1 })),
          },
        ],
      });
    // 1 core through 20 s of 100 requests/s: 20 CPU-seconds per 2,000 requests, however many reads are missing.
    expect(cpuSecondsPer1kRequests(at(99), viewOf(at(99).sources[0]!))).toBeCloseTo(10, 6);
    const sparse = at(11);
    expect(cpuSecondsPer1kRequests(sparse, viewOf(sparse.sources[0]!))).toBeCloseTo(10, 6);
    expect(figuresOf(sparse).coverage).toBe(0.55);
    // Read for 9 of the 20 seconds (1..9 of the reads 1..20): not enough to tell.
    const few = at(10);
    expect(cpuSecondsPer1kRequests(few, viewOf(few.sources[0]!))).toBeNull();
    // Without a share of cores to read it against, the peak share is unknown but the cores are not.
    expect(figuresOf(few).peakCpuShare).toBeNull();
    expect(figuresOf(few).peakCpuCores).toBe(1);
  });

  it('says null, not 0, for CPU per request when no request completed', () => {
    const input = findingsInput(12, {
      load: load(11, () => ({ rps: 0 })),
      sources: [{ catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate')]), seconds: seconds('api', 0, 13, () => ({ cpu: 1 })) }],
    });
    expect(figuresOf(input).cpuSecondsPer1kRequests).toBeNull();
  });

  it('counts the restarts the restart rule finds from the start of the load on', () => {
    // Restarts at -10 (before the load: baseline), 8 and 20 (refused 2 s, then a new start time).
    const input = findingsInput(30, {
      sources: [
        {
          catalog: catalog('worker', [series('start', 'start_time')]),
          seconds: seconds('worker', -15, 40, (offset): Reading => {
            if (offset === -10 || offset === 8 || offset === 9 || offset === 20 || offset === 21) return { error: 'REFUSED' };
            return { start: offset < -10 ? T0 - 900 : offset < 8 ? T0 - 8 : offset < 20 ? T0 + 10 : T0 + 22 };
          }),
        },
      ],
    });
    expect(figuresOf(input).restarts).toBe(2);
    const report = telemetryFindings(input);
    const found = report.findings.filter((finding) => finding.code === 'TARGET_RESTARTED');
    // The findings tell all three (one before the load); the figure counts those from its start.
    expect(found.reduce((sum, finding) => sum + Number(finding.evidence.restarts), 0)).toBe(3);
    expect(report.figures[0]!.restarts).toBe(2);
  });

  it("reads a queue's growth over the steady stretch, added over its queues, also when too small to be a finding", () => {
    // 40 s, steady from the start: orders grows 90/s, emails 3/s (with a wobble), idle stays 0.
    const input = findingsInput(40, {
      sources: [
        {
          catalog: catalog('jobs', [series('orders', 'queue_depth'), series('emails', 'queue_depth')]),
          seconds: seconds('jobs', -3, 50, (offset) => ({
            orders: Math.max(0, 90 * offset),
            emails: Math.max(0, 3 * offset + 2 * wobble(offset)),
          })),
        },
        { catalog: catalog('idle', [series('depth', 'queue_depth')]), seconds: seconds('idle', -3, 50, () => ({ depth: 0 })) },
      ],
    });
    const [jobs, idle] = telemetryFindings(input).figures;
    expect(Math.abs(jobs!.backlogGrowthPerSecond! - 93) / 93).toBeLessThan(0.01);
    expect(idle!.backlogGrowthPerSecond).toBe(0);
    // No steady stretch: a ramp from 1 to 40 VUs never holds a level for 10 s.
    const ramp = { ...input, load: load(39, (offset) => ({ vus: offset + 1, rps: 10 * (offset + 1) })) };
    expect(telemetryFindings(ramp).figures[0]!.backlogGrowthPerSecond).toBeNull();
  });

  it('says null for what a source has no series of, and its coverage when it could not be read at all', () => {
    const input = findingsInput(20, {
      sources: [{ catalog: catalog('refusing', []), seconds: seconds('refusing', 0, 20, (): Reading => ({ error: 'REFUSED' })) }],
    });
    expect(telemetryFindings(input).figures).toEqual([
      {
        source: 'refusing',
        peakCpuShare: null,
        peakCpuCores: null,
        cpuSecondsPer1kRequests: null,
        peakMemoryBytes: null,
        restarts: 0,
        backlogGrowthPerSecond: null,
        coverage: 0,
      },
    ]);
  });
});
