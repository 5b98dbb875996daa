import { describe, expect, it } from 'vitest';
import type { RunView } from '../runs.js';
import type { RunSeries } from '../series-view.js';
import type { PlanTrend } from './trend.js';
import { toPublicShare } from './public-share.js';
import { publicShareSchema } from './share.js';
import { schemaPaths } from './schema-paths.js';

/**
 * Every field a share link lets the public read. A field added to a run, series or trend
 * shows up here first: decide whether the public may read it (and how toPublicShare cleans
 * it) before adding it to this list. Ids, runner names and the run's place in line are not
 * here; `*` stands for a record's keys (request names are keys of series and trend points,
 * cleaned like names).
 */
const LET_THROUGH = `
  kind
  run.planName
  run.planVersion
  run.status
  run.verdict
  run.trigger
  run.segments
  run.createdAt
  run.startedAt
  run.finishedAt
  run.error.code
  run.error.message
  run.summary.durationSeconds
  run.summary.overall.count
  run.summary.overall.rps
  run.summary.overall.errors
  run.summary.overall.errorRate
  run.summary.overall.statusCounts.*
  run.summary.overall.errorCodes.*
  run.summary.overall.latency.samples
  run.summary.overall.latency.avg
  run.summary.overall.latency.min
  run.summary.overall.latency.p50
  run.summary.overall.latency.p90
  run.summary.overall.latency.p95
  run.summary.overall.latency.p99
  run.summary.overall.latency.max
  run.summary.overall.latency.intervals.p50.low
  run.summary.overall.latency.intervals.p50.high
  run.summary.overall.latency.intervals.p90.low
  run.summary.overall.latency.intervals.p90.high
  run.summary.overall.latency.intervals.p95.low
  run.summary.overall.latency.intervals.p95.high
  run.summary.overall.latency.intervals.p99.low
  run.summary.overall.latency.intervals.p99.high
  run.summary.overall.responseBytes.avg
  run.summary.overall.responseBytes.p95
  run.summary.overall.responseBytes.max
  run.summary.overall.bytesReceived
  run.summary.overall.bytesSent
  run.summary.overall.messagesSent
  run.summary.overall.messagesReceived
  run.summary.requests[].count
  run.summary.requests[].rps
  run.summary.requests[].errors
  run.summary.requests[].errorRate
  run.summary.requests[].statusCounts.*
  run.summary.requests[].errorCodes.*
  run.summary.requests[].latency.samples
  run.summary.requests[].latency.avg
  run.summary.requests[].latency.min
  run.summary.requests[].latency.p50
  run.summary.requests[].latency.p90
  run.summary.requests[].latency.p95
  run.summary.requests[].latency.p99
  run.summary.requests[].latency.max
  run.summary.requests[].latency.intervals.p50.low
  run.summary.requests[].latency.intervals.p50.high
  run.summary.requests[].latency.intervals.p90.low
  run.summary.requests[].latency.intervals.p90.high
  run.summary.requests[].latency.intervals.p95.low
  run.summary.requests[].latency.intervals.p95.high
  run.summary.requests[].latency.intervals.p99.low
  run.summary.requests[].latency.intervals.p99.high
  run.summary.requests[].responseBytes.avg
  run.summary.requests[].responseBytes.p95
  run.summary.requests[].responseBytes.max
  run.summary.requests[].name
  run.summary.scenarios[].count
  run.summary.scenarios[].rps
  run.summary.scenarios[].errors
  run.summary.scenarios[].errorRate
  run.summary.scenarios[].statusCounts.*
  run.summary.scenarios[].errorCodes.*
  run.summary.scenarios[].latency.samples
  run.summary.scenarios[].latency.avg
  run.summary.scenarios[].latency.min
  run.summary.scenarios[].latency.p50
  run.summary.scenarios[].latency.p90
  run.summary.scenarios[].latency.p95
  run.summary.scenarios[].latency.p99
  run.summary.scenarios[].latency.max
  run.summary.scenarios[].latency.intervals.p50.low
  run.summary.scenarios[].latency.intervals.p50.high
  run.summary.scenarios[].latency.intervals.p90.low
  run.summary.scenarios[].latency.intervals.p90.high
  run.summary.scenarios[].latency.intervals.p95.low
  run.summary.scenarios[].latency.intervals.p95.high
  run.summary.scenarios[].latency.intervals.p99.low
  run.summary.scenarios[].latency.intervals.p99.high
  run.summary.scenarios[].responseBytes.avg
  run.summary.scenarios[].responseBytes.p95
  run.summary.scenarios[].responseBytes.max
  run.summary.scenarios[].name
  run.summary.vusMax
  run.summary.vusAllocated
  run.summary.iterations
  run.summary.droppedIterations
  run.summary.checks[].name
  run.summary.checks[].passes
  run.summary.checks[].fails
  run.summary.customMetrics[].name
  run.summary.customMetrics[].type
  run.summary.customMetrics[].contains
  run.summary.customMetrics[].count
  run.summary.customMetrics[].avg
  run.summary.customMetrics[].min
  run.summary.customMetrics[].med
  run.summary.customMetrics[].p90
  run.summary.customMetrics[].p95
  run.summary.customMetrics[].p99
  run.summary.customMetrics[].max
  run.summary.customMetrics[].histogram.relativeAccuracy
  run.summary.customMetrics[].histogram.count
  run.summary.customMetrics[].histogram.sum
  run.summary.customMetrics[].histogram.min
  run.summary.customMetrics[].histogram.max
  run.summary.customMetrics[].histogram.zeroCount
  run.summary.customMetrics[].histogram.bins.*
  run.summary.customMetrics[].negative.relativeAccuracy
  run.summary.customMetrics[].negative.count
  run.summary.customMetrics[].negative.sum
  run.summary.customMetrics[].negative.min
  run.summary.customMetrics[].negative.max
  run.summary.customMetrics[].negative.zeroCount
  run.summary.customMetrics[].negative.bins.*
  run.summary.customMetrics[].rate
  run.summary.customMetrics[].passes
  run.summary.customMetrics[].total
  run.summary.customMetrics[].value
  run.summary.percentileRelativeError
  run.thresholds[].threshold.metric
  run.thresholds[].threshold.stat
  run.thresholds[].threshold.op
  run.thresholds[].threshold.value
  run.thresholds[].threshold.relativeTo
  run.thresholds[].threshold.request
  run.thresholds[].threshold.scenario
  run.thresholds[].threshold.window.after
  run.thresholds[].threshold.window.until
  run.thresholds[].threshold.stop.after
  run.thresholds[].threshold.fromScript.metric
  run.thresholds[].threshold.fromScript.expression
  run.thresholds[].threshold.status
  run.thresholds[].threshold.name
  run.thresholds[].verdict
  run.thresholds[].measured
  run.thresholds[].explanation
  run.thresholds[].interval.low
  run.thresholds[].interval.high
  run.thresholds[].relative.v
  run.thresholds[].relative.baselineRunId
  run.thresholds[].relative.base
  run.thresholds[].relative.head
  run.thresholds[].relative.ratio
  run.thresholds[].relative.interval.low
  run.thresholds[].relative.interval.high
  run.diagnostics[].code
  run.diagnostics[].severity
  run.diagnostics[].message
  run.diagnostics[].evidence.*
  run.diagnostics[].affects[]
  run.diagnostics[].request
  run.diagnostics[].scenario
  run.diagnostics[].thresholdIndex
  run.capacity.statement
  run.capacity.heldUpTo.vus
  run.capacity.heldUpTo.rps
  run.capacity.brokeAt.vus
  run.capacity.brokeAt.rps
  run.capacity.brokeAt.reason
  run.capacity.criterion
  run.capacity.phases[].name
  run.capacity.phases[].vus
  run.capacity.phases[].offeredRate
  run.capacity.phases[].rps
  run.capacity.phases[].requests
  run.capacity.phases[].latency
  run.capacity.phases[].errorRate
  run.capacity.phases[].holds
  run.capacity.phases[].reason
  run.recovery.statement
  run.recovery.preSpike.p95
  run.recovery.preSpike.errorRate
  run.recovery.preSpike.requests
  run.recovery.fellBackAt
  run.recovery.recoveredAfter
  run.recovery.margin
  run.partial
  run.plannedSeconds
  run.segmentDetails[].index
  run.segmentDetails[].status
  run.segmentDetails[].runnerId
  run.segmentDetails[].startedAt
  run.segmentDetails[].finishedAt
  run.segmentDetails[].error.code
  run.segmentDetails[].error.message
  run.segmentDetails[].health.v
  run.segmentDetails[].health.requests
  run.segmentDetails[].health.rps
  run.segmentDetails[].health.deliveredShare
  run.segmentDetails[].health.iterations
  run.segmentDetails[].health.droppedIterations
  run.segmentDetails[].health.seconds
  run.segmentDetails[].health.k6CpuAvg
  run.segmentDetails[].health.k6CpuMax
  run.segmentDetails[].health.hostCpuMax
  run.segmentDetails[].health.runnerRssMbMax
  run.startSpreadMs
  run.baseline.rule
  series.points[].t
  series.points[].elapsed
  series.points[].vus
  series.points[].rps
  series.points[].errors
  series.points[].errorRate
  series.points[].p50
  series.points[].p90
  series.points[].p95
  series.points[].p99
  series.points[].requests.*.count
  series.points[].requests.*.errors
  series.points[].requests.*.p50
  series.points[].requests.*.p90
  series.points[].requests.*.p95
  series.points[].requests.*.p99
  series.points[].droppedIterations
  series.points[].generatorCpu
  series.percentileRelativeError
  expiresAt
  trend.planName
  trend.from
  trend.to
  trend.points[].createdAt
  trend.points[].planVersion
  trend.points[].status
  trend.points[].verdict
  trend.points[].verdictChanged
  trend.points[].doubtful
  trend.points[].overall.count
  trend.points[].overall.rps
  trend.points[].overall.errorRate
  trend.points[].overall.p50
  trend.points[].overall.p95
  trend.points[].overall.p99
  trend.points[].requests.*.count
  trend.points[].requests.*.rps
  trend.points[].requests.*.errorRate
  trend.points[].requests.*.p50
  trend.points[].requests.*.p95
  trend.points[].requests.*.p99
  trend.thresholds[].metric
  trend.thresholds[].stat
  trend.thresholds[].op
  trend.thresholds[].value
  trend.thresholds[].relativeTo
  trend.thresholds[].request
  trend.thresholds[].scenario
  trend.thresholds[].window.after
  trend.thresholds[].window.until
  trend.thresholds[].stop.after
  trend.thresholds[].fromScript.metric
  trend.thresholds[].fromScript.expression
  trend.thresholds[].status
  trend.thresholds[].name
  trend.changePoints[].stat
  trend.changePoints[].request
  trend.changePoints[].before
  trend.changePoints[].after
  trend.changePoints[].step
  trend.changePoints[].regression
  trend.changePoints[].pValue
  trend.changePoints[].at
`
  .trim()
  .split('\n')
  .map((line) => line.trim());

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
      checks: [{ name: 'body from http://10.1.2.3:9000/x?k=v', passes: 1, fails: 0 }],
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
    expect(text).not.toMatch(/private|runner-pod|api\.internal|8443|token=abc|10\.1\.2\.3/);
    if (shared.kind !== 'run') throw new Error('a run share');
    expect(shared.run.summary!.requests[0]!.name).toBe('GET <target>/users/42');
    expect(shared.run.thresholds[0]!.threshold.request).toBe('GET <target>/users/42');
    expect(shared.run.summary!.checks[0]!.name).toBe('body from <target>/x');
    expect(Object.keys(shared.series.points[0]!.requests)).toEqual(['GET <target>/users/42']);
    expect(shared.run.baseline).toEqual({ rule: 'last-passed' });
    expect(shared.run.segmentDetails[0]!.runnerId).toBeNull();
  });

  it('knows a trend change by its time, not by run ids', () => {
    const point = { count: 1, rps: 1, errorRate: 0, p50: 1, p95: 1, p99: 1 };
    const trend = {
      planName: 'Checkout',
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
