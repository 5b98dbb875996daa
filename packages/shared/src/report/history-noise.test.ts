import { describe, expect, it } from 'vitest';
import { requestSecond, second } from '../test-fixtures.js';
import { summarizeSeconds } from '../summary.js';
import { thresholdSchema } from '../threshold.js';
import type { RunView } from '../runs.js';
import type { PlanSpec } from '../plan.js';
import type { SecondSample } from '../series.js';
import { compareRuns } from './compare.js';
import { consecutiveSpread, historySpread, widenDifference, type HistorySpread } from './history-noise.js';
import { judgeRelative } from './relative-threshold.js';
import type { TrendPoint } from './trend.js';

function generator(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** A plan's history: `count` runs whose p95 varies run to run by `spread` (log-normal), stepping by `step` at `stepAt`. */
function history(count: number, spread: number, { seed = 1, step = 0, stepAt = Infinity, doubtful = [] as number[] } = {}): TrendPoint[] {
  const normal = generator(seed);
  return Array.from({ length: count }, (_, i) => {
    const p95 = 100 * (i >= stepAt ? 1 + step : 1) * Math.exp(spread * normal());
    const figures = { count: 1000, rps: 100, errorRate: 0, p50: p95 / 2, p95, p99: p95 * 1.5 };
    return {
      runId: `run-${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
      planVersion: 1,
      status: 'PASSED',
      verdict: 'PASS',
      verdictChanged: false,
      doubtful: doubtful.includes(i),
      overall: figures,
      requests: { Get: figures },
      telemetry: [],
      labels: {},
    };
  });
}

describe('run-to-run spread from a plan history', () => {
  it("reads the spread of a difference between two runs: √2 times the runs' own spread", () => {
    // 5 % run-to-run spread: a difference of two runs spreads by 7.1 %.
    const estimates = [1, 2, 3, 4, 5].map((seed) => historySpread(history(30, 0.05, { seed }))!.overall.p95!);
    // Each from 29 differences, so each alone is rough (a median absolute deviation of 29 values).
    for (const estimate of estimates) {
      expect(estimate).toBeGreaterThan(0.04);
      expect(estimate).toBeLessThan(0.12);
    }
    const mean = estimates.reduce((a, b) => a + b, 0) / estimates.length;
    expect(mean).toBeGreaterThan(0.06);
    expect(mean).toBeLessThan(0.085);
  });

  it('is not inflated by one step in the history', () => {
    const flat = historySpread(history(30, 0.05, { seed: 9 }))!.overall.p95!;
    const stepped = historySpread(history(30, 0.05, { seed: 9, step: 0.3, stepAt: 15 }))!.overall.p95!;
    expect(stepped / flat).toBeLessThan(1.25);
  });

  it('leaves out doubtful runs and the runs compared, and needs 8 runs', () => {
    expect(historySpread(history(7, 0.05))).toBeNull();
    expect(historySpread(history(9, 0.05, { doubtful: [3] }))?.runs).toBe(8);
    expect(historySpread(history(9, 0.05), ['run-8', 'run-7'])).toBeNull();
    expect(consecutiveSpread([0, 0, 0, 0, 0, 0, 0, 0], false)).toBe(0);
  });

  it('widens an interval to the history band around the change, never narrows it', () => {
    // head 110 vs base 100 with a 5 % spread of differences: 110·e^(±1.96·0.05) - 100 = -0.3 to +21.3.
    const widened = widenDifference({ low: 8, high: 12 }, 100, 110, 'p95', { p95: 0.05 });
    expect(widened.low).toBeCloseTo(110 * Math.exp(-1.959964 * 0.05) - 100, 6);
    expect(widened.high).toBeCloseTo(110 * Math.exp(1.959964 * 0.05) - 100, 6);
    expect(widenDifference({ low: -30, high: 50 }, 100, 110, 'p95', { p95: 0.05 })).toEqual({ low: -30, high: 50 });
    expect(widenDifference({ low: 8, high: 12 }, 100, 110, 'p95', {})).toEqual({ low: 8, high: 12 });
  });
});

/** 30 seconds of one request at a steady latency level (very little noise within the run). */
function steadyRun(id: string, level: number) {
  const seconds: SecondSample[] = Array.from({ length: 30 }, (_, t) =>
    second(t, [
      requestSecond(
        'Get',
        200,
        Array.from({ length: 100 }, (_, i) => level * (0.9 + (0.2 * i) / 100)),
      ),
    ]),
  );
  const summary = summarizeSeconds(seconds, ['Get']);
  const run = {
    id,
    planId: 'plan',
    planName: 'p',
    planVersion: 1,
    createdAt: '2026-11-01T00:00:00Z',
    segments: 1,
    partial: false,
    error: null,
    diagnostics: [],
    verdict: 'PASS',
    summary,
    plannedSeconds: 30,
    labels: {},
    manifest: null,
  } as unknown as RunView;
  return { run, seconds, summary };
}

describe("comparisons and relative thresholds with the plan's history", () => {
  const spec = { scenarios: [], thresholds: [], segments: 1 } as unknown as PlanSpec;
  const base = steadyRun('base', 100);
  const head = steadyRun('head', 106);
  const noisyPlan: HistorySpread = historySpread(history(30, 0.05, { seed: 3 }))!;

  it("calls a 6 % change within noise when the plan's runs differ by more than that from run to run", () => {
    const alone = compareRuns({ ...base, spec }, { ...head, spec });
    const p95 = (comparison: typeof alone) => comparison.overall.find((delta) => delta.metric === 'p95')!;
    // The two runs alone: steady seconds, a narrow interval, a regression.
    expect(p95(alone).change).toBe('regression');
    expect(alone.noise!.history).toBeNull();
    const withHistory = compareRuns({ ...base, spec }, { ...head, spec }, noisyPlan);
    expect(p95(withHistory).change).toBe('unchanged');
    expect(p95(withHistory).interval!.low).toBeLessThan(0);
    expect(withHistory.noise!.history).toEqual({ runs: 30 });
    // Per request too, from the request's own history.
    expect(withHistory.requests[0]!.metrics.find((delta) => delta.metric === 'p95')!.change).toBe('unchanged');
  });

  it('makes a relative threshold INCONCLUSIVE where only the runs alone would have failed it', () => {
    const threshold = thresholdSchema.parse({ metric: 'latency', stat: 'p95', op: '<=', value: 1.03, relativeTo: 'baseline' });
    const baseline = { runId: 'base', summary: base.summary, seconds: base.seconds, unlike: null };
    const judged = { runId: 'head', summary: head.summary, seconds: head.seconds };
    expect(judgeRelative(threshold, judged, baseline).verdict).toBe('FAIL');
    const withHistory = judgeRelative(threshold, judged, baseline, noisyPlan);
    expect(withHistory.verdict).toBe('INCONCLUSIVE');
    expect(withHistory.explanation).toContain("widened to the plan's run-to-run spread over 30 runs");
  });
});
