import type { RunSeries, RunView } from '@loadline/shared';
import { describe, expect, it } from 'vitest';
import { liveFigures, progressLine, renderRunReport, thresholdLabel } from './report.js';

const stats = (count: number, p95: number, errors = 0) => ({
  count,
  rps: count / 10,
  errors,
  errorRate: count ? errors / count : 0,
  statusCounts: { '200': count - errors },
  errorCodes: {},
  responseBytes: null,
  latency: { avg: p95 / 2, min: 0.1, p50: p95 / 3, p90: p95 * 0.9, p95, p99: p95 * 2, max: p95 * 4 },
});

function run(overrides: Partial<RunView> = {}): RunView {
  return {
    id: 'run_1',
    planId: 'plan_1',
    planName: 'listings',
    planVersion: 3,
    targetId: 'target_1',
    status: 'FAILED',
    verdict: 'FAIL',
    trigger: 'API',
    segments: 1,
    createdAt: '2026-11-21T10:00:00.000Z',
    startedAt: '2026-11-21T10:00:01.000Z',
    finishedAt: '2026-11-21T10:00:12.000Z',
    error: null,
    summary: {
      durationSeconds: 10,
      overall: { ...stats(1500, 4), bytesReceived: 1, bytesSent: 1 },
      requests: [
        { name: 'GetListing', ...stats(1000, 3.41) },
        { name: 'Search', ...stats(500, 12.5, 5) },
      ],
      scenarios: [],
      vusMax: 2,
      vusAllocated: 2,
      iterations: 1500,
      droppedIterations: 0,
      checks: [],
      customMetrics: [],
      percentileRelativeError: 0.01,
    },
    thresholds: [
      {
        threshold: { metric: 'latency', stat: 'p95', request: 'GetListing', op: '<', value: 50 },
        verdict: 'PASS',
        measured: 3.41,
        explanation: 'p95 3.41 ms against < 50 ms: 15x headroom',
      },
      {
        threshold: { metric: 'latency', stat: 'p50', op: '<', value: 0.001 },
        verdict: 'FAIL',
        measured: 1.3,
        explanation: 'p50 1.3 ms against < 0.001 ms: over by 129,900 %',
      },
    ],
    diagnostics: [{ code: 'RATE_LIMITED', severity: 'warning', message: '2 % of responses were 429.', evidence: {}, affects: [] }],
    capacity: null,
    recovery: null,
    partial: false,
    plannedSeconds: 10,
    cancelRequestedAt: null,
    queue: null,
    segmentDetails: [],
    startSpreadMs: null,
    labels: {},
    manifest: null,
    baseline: null,
    ...overrides,
  };
}

describe('renderRunReport', () => {
  it('shows each segment of a split run beside the others, with the start spread', () => {
    const health = (requests: number, deliveredShare: number) => ({
      v: 1 as const,
      requests,
      rps: requests / 10,
      deliveredShare,
      iterations: requests,
      droppedIterations: 0,
      seconds: 10,
      k6CpuAvg: 0.4,
      k6CpuMax: 0.55,
      hostCpuMax: 0.62,
      runnerRssMbMax: 80,
    });
    const segment = (index: number, startedAt: string, requests: number, share: number) => ({
      index,
      status: 'COMPLETED' as const,
      runnerId: `runner-${index + 1}`,
      startedAt,
      finishedAt: null,
      error: null,
      health: health(requests, share),
    });
    const text = renderRunReport(
      run({
        segments: 2,
        startSpreadMs: 12,
        segmentDetails: [segment(0, '2026-11-21T10:00:01.000Z', 1000, 1), segment(1, '2026-11-21T10:00:01.012Z', 800, 0.8)],
      }),
      'http://x/runs/run_1',
    );
    expect(text).toContain('SEGMENTS (started within 12 ms)');
    const rows = text.split('\n').filter((line) => /^[12]\/2 /.test(line));
    expect(rows[0]).toMatch(/^1\/2\s+runner-1\s+COMPLETED\s+\+0 ms\s+1,000\s+100\S*\s+100\.00 %/);
    expect(rows[1]).toMatch(/^2\/2\s+runner-2\s+COMPLETED\s+\+12 ms\s+800\s+80\S*\s+80\.00 %/);
    expect(renderRunReport(run(), 'http://x')).not.toContain('SEGMENTS');
  });

  it('shows verdict, per-request rows, thresholds with explanations, diagnostics and the report URL', () => {
    const text = renderRunReport(run(), 'http://127.0.0.1:8080/runs/run_1');
    const lines = text.split('\n');
    expect(lines[0]).toBe('Loadline run run_1: listings v3');
    expect(lines[1]).toBe('verdict: FAIL');
    expect(text).toContain('load:    10s of load (10s planned), 2 VUs at most, 1,500 requests');
    expect(text).toMatch(/REQUEST\s+COUNT\s+RPS\s+P50\s+P95\s+P99\s+ERRORS/);
    expect(text).toMatch(/GetListing\s+1,000\s+100\.0\s+1\.14 ms\s+3\.41 ms\s+6\.82 ms\s+0\.00 %/);
    expect(text).toMatch(/Search\s+500\s+50\.0\s+4\.17 ms\s+12\.5 ms\s+25\.0 ms\s+1\.00 %/);
    expect(text).toMatch(/\(all requests\)\s+1,500/);
    expect(text).toMatch(/p95 of GetListing < 50 ms\s+PASS\s+p95 3\.41 ms against < 50 ms: 15x headroom/);
    expect(text).toMatch(/p50 < 0\.001 ms\s+FAIL\s+p50 1\.3 ms/);
    expect(text).toContain('DIAGNOSTICS\nwarning   RATE_LIMITED: 2 % of responses were 429.');
    expect(text.trimEnd().endsWith('report: http://127.0.0.1:8080/runs/run_1')).toBe(true);
  });

  it('shows the labels the run was started with, and no labels line without any', () => {
    const text = renderRunReport(run({ labels: { commit: 'ab12cd3', version: '1.4.2' } }), 'http://127.0.0.1:8080/runs/run_1');
    expect(text.split('\n')[2]).toBe('labels:  commit=ab12cd3 version=1.4.2');
    expect(renderRunReport(run({ labels: {} }), 'http://127.0.0.1:8080/runs/run_1')).not.toContain('labels:');
  });

  it('shows why an ERRORED run has no verdict', () => {
    const text = renderRunReport(
      run({
        status: 'ERRORED',
        verdict: null,
        summary: null,
        thresholds: [],
        diagnostics: [],
        error: { code: 'NO_REQUESTS', message: 'k6 finished without completing a single request' },
      }),
      'u',
    );
    expect(text).toContain('verdict: ERRORED');
    expect(text).toContain('error:   NO_REQUESTS: k6 finished without completing a single request');
    expect(text).not.toMatch(/^REQUEST /m);
    expect(text).not.toContain('No thresholds');
  });

  it('says when and why a stop rule ended a FAILED run early', () => {
    const text = renderRunReport(
      run({
        status: 'FAILED',
        verdict: 'FAIL',
        plannedSeconds: 60,
        error: { code: 'STOPPED_BY_THRESHOLD', message: 'stopped at 42 s: p95 of GetListing 1,210 ms > 500 ms for 10 s' },
      }),
      'u',
    );
    expect(text).toContain('verdict: FAIL');
    expect(text).toContain('stopped: stopped at 42 s: p95 of GetListing 1,210 ms > 500 ms for 10 s (1m00s planned)');
    expect(text).not.toContain('error:');
  });

  it('labels thresholds whose run view lost fields without printing undefined', () => {
    expect(thresholdLabel({ metric: 'status_share', op: '<', value: 0.01 } as never)).toBe('status share < 1.00 %');
    expect(thresholdLabel({ metric: 'status_share', status: '429', op: '<', value: 0.01 })).toBe('share of 429 responses < 1 %');
    expect(thresholdLabel({ metric: 'error_rate', op: '<', value: 0.01, request: 'Search' })).toBe('error rate of Search < 1 %');
  });
});

describe('progress', () => {
  const series: RunSeries = {
    runId: 'run_1',
    percentileRelativeError: 0.01,
    points: [0, 1, 2].map((elapsed) => ({
      t: 100 + elapsed,
      elapsed,
      vus: 2,
      rps: 100,
      errors: 0,
      errorRate: elapsed === 2 ? 0.02 : 0,
      p50: 1,
      p90: 2,
      p95: 2.5 + elapsed,
      p99: 9,
      requests: { GetListing: { count: 60, errors: 0, p50: 1, p90: 2, p95: 3, p99: 9 }, Search: { count: 40, errors: 0, p50: 1, p90: 2, p95: 3, p99: 9 } },
      droppedIterations: 0,
      generatorCpu: null,
    })),
  };

  it('adds up requests so far and reads the newest second', () => {
    expect(liveFigures(series)).toEqual({ requests: 300, p95: 4.5, elapsed: 3, errorRate: 0.02 });
    expect(liveFigures({ ...series, points: [] })).toBeNull();
    expect(liveFigures(null)).toBeNull();
  });

  it('says what the run is doing', () => {
    const running = run({ status: 'RUNNING', verdict: null, plannedSeconds: 30 });
    expect(progressLine(running, liveFigures(series), Date.parse('2026-11-21T10:00:05Z'), 6)).toBe(
      'RUNNING    3s / 30s  300 requests  p95 4.50 ms (last second)  errors 2.00 %',
    );
    // Before the first second is measured: elapsed from the start.
    expect(progressLine(running, null, Date.parse('2026-11-21T10:00:05Z'), 6)).toBe('RUNNING    4s / 30s');
    expect(progressLine(run({ status: 'QUEUED', startedAt: null }), null, 0, 12)).toBe('QUEUED     waiting for a runner (12s)');
    const queue = {
      state: 'waiting' as const,
      runnersNeeded: 3,
      runnersFree: 1,
      runnersOnline: 1,
      runsAhead: 0,
      giveUpAt: null,
      message: 'waiting for 3 runners, 1 free, 1 online',
    };
    expect(progressLine(run({ status: 'QUEUED', startedAt: null, queue }), null, 0, 12)).toBe('QUEUED     waiting for 3 runners, 1 free, 1 online (12s)');
    expect(progressLine(run({ status: 'FINISHING', cancelRequestedAt: '2026-11-21T10:00:04Z' }), null, Date.parse('2026-11-21T10:00:05Z'), 6)).toMatch(
      /\(cancelling\)$/,
    );
  });
});
