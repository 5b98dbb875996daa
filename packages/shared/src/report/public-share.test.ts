import { describe, expect, it } from 'vitest';
import type { RunView } from '../runs.js';
import type { RunSeries } from '../series-view.js';
import type { PlanTrend } from './trend.js';
import { toPublicShare } from './public-share.js';
import { publicShareSchema } from './share.js';
import { schemaPaths } from './schema-paths.js';
import { LET_THROUGH } from './public-share.fields.js';

describe('toPublicShare', () => {
  it('lets through exactly the fields listed here', () => {
    expect([...new Set(schemaPaths(publicShareSchema))].sort()).toEqual([...LET_THROUGH].sort());
  });

  const interval = { low: 1, high: 1 };
  const latency = {
    samples: 1,
    avg: 1,
    min: 1,
    p50: 1,
    p90: 1,
    p95: 1,
    p99: 1,
    max: 1,
    intervals: { p50: interval, p90: interval, p95: interval, p99: interval },
  };
  const figures = { count: 1, rps: 1, errors: 0, errorRate: 0, statusCounts: { '200': 1 }, errorCodes: {}, latency, responseBytes: null };
  const URL_NAME = 'GET https://api.internal.example:8443/users/42?token=abc#x';
  const run = {
    id: 'run-private-1',
    planId: 'plan-private-1',
    planName: 'Checkout',
    planVersion: 3,
    targetId: 'target-private-1',
    status: 'PASSED',
    verdict: 'PASS',
    trigger: 'MANUAL',
    segments: 1,
    createdAt: '2026-11-26T10:00:00.000Z',
    startedAt: '2026-11-26T10:00:01.000Z',
    finishedAt: '2026-11-26T10:00:11.000Z',
    error: null,
    summary: {
      durationSeconds: 10,
      overall: { ...figures, bytesReceived: 1, bytesSent: 1 },
      requests: [{ ...figures, name: URL_NAME }],
      scenarios: [{ ...figures, name: 'default' }],
      vusMax: 1,
      vusAllocated: 1,
      iterations: 1,
      droppedIterations: 0,
      checks: [{ name: 'body from http://127.0.0.3:9000/x?k=v', passes: 1, fails: 0 }],
      percentileRelativeError: 0.01,
    },
    thresholds: [
      {
        threshold: { metric: 'latency', stat: 'p95', op: '<', value: 50, request: URL_NAME, relativeTo: 'baseline' },
        verdict: 'PASS',
        measured: 1,
        explanation: 'p95 of https://api.internal.example:8443/users/42?token=abc: 1 ms',
        relative: { v: 1, baselineRunId: 'run-private-0', base: 1, head: 1, ratio: 1, interval },
      },
    ],
    diagnostics: [],
    capacity: null,
    recovery: null,
    partial: false,
    plannedSeconds: 10,
    cancelRequestedAt: null,
    queue: null,
    segmentDetails: [{ index: 0, status: 'COMPLETED', runnerId: 'runner-pod-7f9c', startedAt: null, finishedAt: null, error: null, health: null }],
    startSpreadMs: null,
    baseline: { runId: 'run-private-0', rule: 'last-passed' },
  } as unknown as RunView;
  const series = {
    runId: 'run-private-1',
    points: [
      {
        t: 1,
        elapsed: 0,
        vus: 1,
        rps: 1,
        errors: 0,
        errorRate: 0,
        p50: 1,
        p90: 1,
        p95: 1,
        p99: 1,
        requests: { [URL_NAME]: { count: 1, errors: 0, p50: 1, p90: 1, p95: 1, p99: 1 } },
        droppedIterations: 0,
        generatorCpu: null,
      },
    ],
    percentileRelativeError: 0.01,
  } as unknown as RunSeries;

  it('keeps only the path of a URL in names, record keys included, and no id of any run', () => {
    const shared = toPublicShare({ kind: 'run', run, series }, null);
    const text = JSON.stringify(shared);
    expect(text).not.toMatch(/private|runner-pod|api\.internal|8443|token=abc|127\.0\.0\.3/);
    if (shared.kind !== 'run') throw new Error('a run share');
    expect(shared.run.summary!.requests[0]!.name).toBe('GET <target>/users/42');
    expect(shared.run.thresholds[0]!.threshold.request).toBe('GET <target>/users/42');
    expect(shared.run.summary!.checks[0]!.name).toBe('body from <target>/x');
    expect(Object.keys(shared.series.points[0]!.requests)).toEqual(['GET <target>/users/42']);
    expect(shared.run.baseline).toEqual({ rule: 'last-passed' });
    expect(shared.run.segmentDetails[0]!.runnerId).toBeNull();
  });

  it('shows the phases the run ran (names and seconds from its manifest), not the manifest', () => {
    const manifest = {
      target: { id: 'target-private-1', baseUrl: 'https://api.internal.example:8443', addresses: ['10.9.8.7'] },
      load: [
        { scenario: 'warm', load: { executor: 'constant-vus', vus: 1, duration: '6s' } },
        { scenario: 'GET https://api.internal.example:8443/peak', startTime: '6s', load: { executor: 'constant-vus', vus: 3, duration: '4s' } },
      ],
    };
    const shared = toPublicShare({ kind: 'run', run: { ...run, manifest } as unknown as RunView, series }, null);
    if (shared.kind !== 'run') throw new Error('a run share');
    expect(shared.run.phases).toEqual([
      { name: 'warm', from: 0, to: 6 },
      { name: 'GET <target>/peak', from: 6, to: 10 },
    ]);
    expect(JSON.stringify(shared)).not.toMatch(/api\.internal|10\.9\.8\.7|8443/);
    // A run of one scenario, or from before manifests: no phases.
    const plain = toPublicShare({ kind: 'run', run, series }, null);
    expect(plain.kind === 'run' && plain.run.phases).toEqual([]);
  });

  it("shows the target's telemetry by source name and series key, without a source's address", () => {
    const telemetry = {
      sources: [
        {
          source: 'api',
          kind: 'scrape' as const,
          cpuCores: 4,
          t: [1, 2],
          series: [
            { key: 'up{instance="10.1.2.3:9100",job="api"}', kind: 'gauge' as const, role: 'cpu_cores' as const, unit: 'cores' as const, values: [1, null] },
          ],
          errors: [{ t: 2, code: 'REFUSED' as const, message: 'dial tcp 10.1.2.3:9100: connection refused; see http://metrics.internal:9100/metrics' }],
        },
      ],
    };
    const report = {
      v: 1,
      findings: [
        {
          code: 'TARGET_SATURATED',
          severity: 'warning',
          source: 'api',
          message: 'api CPU at 97 % of 4 cores on 10.1.2.3',
          atSeconds: 3,
          evidence: { host: '10.1.2.3:9100', peak: 0.97 },
        },
      ],
      bottleneck: [],
      movedWithLatency: [],
      figures: [],
    };
    const shared = toPublicShare({ kind: 'run', run: { ...run, telemetry: report } as RunView, series, telemetry }, null);
    if (shared.kind !== 'run') throw new Error('a run share');
    expect(JSON.stringify(shared)).not.toMatch(/10\.1\.2\.3|metrics\.internal|9100/);
    expect(shared.telemetry!.sources[0]).toMatchObject({
      source: 'api',
      t: [1, 2],
      series: [{ key: 'up{instance="<address>",job="api"}', values: [1, null], role: 'cpu_cores' }],
      errors: [{ t: 2, code: 'REFUSED', message: 'dial tcp <address>: connection refused; see <target>' }],
    });
    expect(shared.run.telemetry!.findings[0]).toMatchObject({
      message: 'api CPU at 97 % of 4 cores on <address>',
      evidence: { host: '<address>', peak: 0.97 },
    });
  });

  it('knows a trend change by its time, not by run ids', () => {
    const point = { count: 1, rps: 1, errorRate: 0, p50: 1, p95: 1, p99: 1 };
    const trend = {
      planName: 'Checkout',
      targetId: 'target-private-1',
      from: null,
      to: null,
      thresholds: [],
      points: [
        {
          runId: 'run-private-2',
          createdAt: '2026-11-26T10:00:00.000Z',
          planVersion: 1,
          status: 'PASSED',
          verdict: 'PASS',
          verdictChanged: false,
          doubtful: false,
          overall: point,
          requests: { [URL_NAME]: point },
        },
      ],
      changePoints: [
        {
          stat: 'p95',
          request: URL_NAME,
          runId: 'run-private-2',
          previousRunId: 'run-private-1',
          before: 1,
          after: 2,
          step: 1,
          regression: true,
          pValue: 0.01,
        },
      ],
    } as unknown as PlanTrend;
    const shared = toPublicShare({ kind: 'trend', trend }, '2026-12-01T00:00:00.000Z');
    expect(JSON.stringify(shared)).not.toMatch(/private|api\.internal/);
    if (shared.kind !== 'trend') throw new Error('a trend share');
    expect(shared.trend.changePoints[0]).toMatchObject({ at: '2026-11-26T10:00:00.000Z', request: 'GET <target>/users/42' });
  });
});
