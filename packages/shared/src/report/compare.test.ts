import { describe, expect, it } from 'vitest';
import type { RunView } from '../runs.js';
import type { SecondSample } from '../series.js';
import { compareRuns } from './compare.js';
import { summarizeSeconds } from '../summary.js';
import { emptyHistogram, recordValue } from '../histogram.js';
import { summarizeCustomMetric } from '../custom-metrics.js';
import { run, spec } from './test-runs.js';

describe('compareRuns', () => {
  /** 30 seconds of 50 requests of `name`, latencies spread ±10 % around `ms`, each second a little different. */
  const secondsAround = (ms: number, name = 'Get, "quoted"'): SecondSample[] =>
    Array.from({ length: 30 }, (_, t) => {
      const latency = emptyHistogram();
      for (let i = 0; i < 50; i++) recordValue(latency, ms * (0.9 + 0.2 * (((i * 37 + t * 11) % 50) / 50)));
      return {
        v: 1,
        t: 1_000 + t,
        requests: [{ name, method: 'GET', status: 200, expected: true, errorCode: '', scenario: 'default', count: 50, latency }],
        vus: 1,
        vusMax: 1,
        iterations: 50,
        droppedIterations: 0,
        bytesReceived: 0,
        bytesSent: 0,
        checks: [],
      } as SecondSample;
    });

  it('gives absolute and relative deltas, and calls a change only when its interval excludes 0', () => {
    const [base, head] = [run('a', '2026-11-01T00:00:00Z', 100), run('b', '2026-11-02T00:00:00Z', 80)];
    const comparison = compareRuns({ run: base, spec: spec(5), seconds: secondsAround(100) }, { run: head, spec: spec(5), seconds: secondsAround(80) });
    expect(comparison.warnings).toEqual([]);
    const p95 = comparison.overall.find((delta) => delta.metric === 'p95')!;
    expect(p95).toMatchObject({ metric: 'p95', base: 100, head: 80, delta: -20, deltaPct: expect.closeTo(-0.2, 9), change: 'improvement' });
    expect(p95.interval!.high).toBeLessThan(0);
    // The same rate every second on both sides: no change. The seconds alone would bound it at
    // exactly 0; its counts (Poisson) still allow for chance.
    const rps = comparison.overall.find((delta) => delta.metric === 'rps')!;
    expect(rps.change).toBe('unchanged');
    expect(rps.interval!.low).toBeLessThan(0);
    expect(rps.interval!.high).toBeGreaterThan(0);
    // Every second is drawn (the partial first and last count for latencies, not for rates).
    expect(comparison.noise).toEqual({
      method: 'moving-block bootstrap over seconds',
      confidence: 0.95,
      resamples: 400,
      seconds: { base: 30, head: 30 },
      history: null,
      assumedLatencySpread: 0.014,
    });
    expect(comparison.requests.map((request) => request.name)).toEqual(['Get, "quoted"', '=cmd()']);

    // Without seconds (or with too few) there is no interval, so no change is called.
    const blind = compareRuns({ run: base, spec: spec(5) }, { run: head, spec: spec(5) });
    expect(blind.overall.find((delta) => delta.metric === 'p95')).toMatchObject({ delta: -20, interval: null, change: null });
    expect(blind.noise).toBeNull();
  });

  it('reads a change smaller than a histogram bucket apart from it: a true +1.5 % is called, its interval around it', () => {
    // 30 s of 500 requests a second spread evenly over ±10 %, then the same 1.5 % slower, with
    // a plan history that says its runs differ by 0.1 %: the stated p95s (bucket values) read
    // +1.0 % or +2.0 %; the interval must hold the true +1.5 %.
    const seconds = (ms: number): SecondSample[] =>
      secondsAround(ms).map((second) => {
        const latency = emptyHistogram();
        for (let i = 0; i < 500; i++) recordValue(latency, ms * (0.9 + (0.2 * i) / 499));
        return { ...second, requests: [{ ...second.requests[0]!, count: 500, latency }] };
      });
    const [b, h] = [seconds(100), seconds(101.5)];
    const runOf = (id: string, samples: SecondSample[]): RunView => ({ ...run(id, '2026-11-01T00:00:00Z', 0), summary: summarizeSeconds(samples) });
    const spread = { p50: 0.001, p95: 0.001, p99: 0.001, rps: 0.001, errorRate: 0 };
    const comparison = compareRuns(
      { run: runOf('a', b), spec: spec(5), seconds: b },
      { run: runOf('b', h), spec: spec(5), seconds: h },
      { runs: 10, overall: spread, requests: {} },
    );
    const p95 = comparison.overall.find((delta) => delta.metric === 'p95')!;
    const truth = 0.015 * p95.base!;
    expect(Math.abs(p95.deltaPct! - 0.015)).toBeGreaterThan(0.003);
    expect(p95.change).toBe('regression');
    expect(p95.interval!.low).toBeLessThanOrEqual(truth);
    expect(p95.interval!.high).toBeGreaterThanOrEqual(truth);
    // And it holds the change shown, read from the bucket values.
    expect(p95.interval!.low).toBeLessThanOrEqual(p95.delta!);
  });

  it("sets a custom script's own metrics side by side without calling a change good or bad", () => {
    const withCounter = (id: string, date: string, sum: number | null): RunView => {
      const base = run(id, date, 100);
      const metrics = sum === null ? [] : [summarizeCustomMetric({ name: 'orders', type: 'counter', contains: 'default', sum }, 10)];
      return { ...base, summary: { ...base.summary!, customMetrics: metrics } };
    };
    const comparison = compareRuns(
      { run: withCounter('a', '2026-11-01T00:00:00Z', 100), spec: spec(5) },
      { run: withCounter('b', '2026-11-02T00:00:00Z', 150), spec: spec(5) },
    );
    expect(comparison.customMetrics).toEqual([
      {
        name: 'orders',
        type: 'counter',
        inBase: true,
        inHead: true,
        metrics: [
          { metric: 'count', base: 100, head: 150, delta: 50, deltaPct: 0.5, interval: null, change: null },
          { metric: 'rate', base: 10, head: 15, delta: 5, deltaPct: 0.5, interval: null, change: null },
        ],
      },
    ]);
    const gone = compareRuns(
      { run: withCounter('a', '2026-11-01T00:00:00Z', 100), spec: spec(5) },
      { run: withCounter('b', '2026-11-02T00:00:00Z', null), spec: spec(5) },
    );
    expect(gone.customMetrics[0]).toMatchObject({
      inBase: true,
      inHead: false,
      metrics: [{ metric: 'count', base: 100, head: null, delta: null }, { metric: 'rate' }],
    });
  });

  it('warns when the runs do not compare like for like', () => {
    const comparison = compareRuns(
      { run: run('a', '2026-11-01T00:00:00Z', 100), spec: spec(5) },
      { run: run('b', '2026-11-02T00:00:00Z', 300, { planVersion: 2, segments: 2, partial: true }), spec: spec(50) },
    );
    expect(comparison.warnings.map((warning) => warning.code)).toEqual(['DIFFERENT_VERSION', 'DIFFERENT_LOAD', 'DIFFERENT_SEGMENTS', 'PARTIAL_DATA']);
    expect(comparison.overall.find((delta) => delta.metric === 'p95')).toMatchObject({ delta: 200, change: null });
  });

  it('warns that a run a stop rule ended early covers only the load until then', () => {
    const stopped = run('b', '2026-11-02T00:00:00Z', 300, {
      status: 'FAILED',
      verdict: 'FAIL',
      plannedSeconds: 60,
      error: { code: 'STOPPED_BY_THRESHOLD', message: 'stopped at 42 s: p95 1,210 ms > 500 ms for 10 s' },
    });
    const comparison = compareRuns({ run: run('a', '2026-11-01T00:00:00Z', 100), spec: spec(5) }, { run: stopped, spec: spec(5) });
    expect(comparison.warnings).toEqual([
      {
        code: 'STOPPED_EARLY',
        message:
          'The head run was stopped early by a stop rule (stopped at 42 s: p95 1,210 ms > 500 ms for 10 s; 60 s planned): its figures cover only the load until then, so throughput and request counts are shown, not judged.',
      },
    ]);
  });

  it('compares response sizes per request, with their change but no judgement, and null where a run has none', () => {
    const sized = (id: string, avg: number, p95: number) => {
      const base = run(id, '2026-11-01T00:00:00Z', 10);
      const [first, second] = base.summary!.requests;
      return { ...base, summary: { ...base.summary!, requests: [{ ...first!, responseBytes: { avg, p95, max: p95 } }, second!] } };
    };
    const comparison = compareRuns({ run: sized('a', 1_000, 1_000), spec: spec(5) }, { run: sized('b', 50_000, 51_000), spec: spec(5) });
    const [first, second] = comparison.requests;
    expect(first!.metrics.filter((delta) => delta.metric.startsWith('responseBytes'))).toEqual([
      { metric: 'responseBytesAvg', base: 1_000, head: 50_000, delta: 49_000, deltaPct: 49, interval: null, change: null },
      { metric: 'responseBytesP95', base: 1_000, head: 51_000, delta: 50_000, deltaPct: 50, interval: null, change: null },
    ]);
    expect(second!.metrics.find((delta) => delta.metric === 'responseBytesAvg')).toEqual({
      metric: 'responseBytesAvg',
      base: null,
      head: null,
      delta: null,
      deltaPct: null,
      interval: null,
      change: null,
    });
  });
});
