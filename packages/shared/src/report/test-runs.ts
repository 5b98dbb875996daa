import { planSpecSchema } from '../plan.js';
import type { RunView } from '../runs.js';
import type { RequestStats } from '../summary.js';

/** Runs the report tests (trends, comparisons, exports) are built from: a p95 and what a test overrides. */

export const stats = (p95: number, overrides: Partial<RequestStats> = {}): RequestStats => ({
  count: 1000,
  rps: 100,
  errors: 10,
  errorRate: 0.01,
  statusCounts: { '200': 990, '500': 10 },
  errorCodes: {},
  responseBytes: null,
  latency: { avg: p95 / 2, min: 1, p50: p95 / 3, p90: p95 * 0.9, p95, p99: p95 * 2, max: p95 * 4 },
  ...overrides,
});

export function run(id: string, createdAt: string, p95: number, overrides: Partial<RunView> = {}): RunView {
  return {
    id,
    planId: 'plan-1',
    planName: 'Checkout',
    planVersion: 1,
    targetId: 'tgt-1',
    status: 'PASSED',
    verdict: 'PASS',
    trigger: 'MANUAL',
    segments: 1,
    createdAt,
    startedAt: createdAt,
    finishedAt: createdAt,
    error: null,
    summary: {
      durationSeconds: 10,
      overall: { ...stats(p95), bytesReceived: 0, bytesSent: 0 },
      requests: [
        { name: 'Get, "quoted"', ...stats(p95) },
        { name: '=cmd()', ...stats(p95 * 2) },
      ],
      scenarios: [],
      vusMax: 5,
      vusAllocated: 5,
      iterations: 1000,
      droppedIterations: 0,
      checks: [],
      customMetrics: [],
      percentileRelativeError: 0.005,
    },
    thresholds: [],
    diagnostics: [],
    capacity: null,
    recovery: null,
    partial: false,
    plannedSeconds: 10,
    cancelRequestedAt: null,
    queue: null,
    segmentDetails: [],
    startSpreadMs: null,
    baseline: null,
    labels: {},
    manifest: null,
    ...overrides,
  };
}

export const spec = (vus: number) => planSpecSchema.parse({ load: { executor: 'constant-vus', vus, duration: '10s' }, requests: [{ name: 'A', path: '/' }] });
