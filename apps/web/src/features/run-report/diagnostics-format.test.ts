import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '@loadline/shared';
import { DIAGNOSTIC_TITLE, affectsText, evidenceLabel, evidenceValue, inconclusiveCount, sortDiagnostics } from './diagnostics-format';
import { cancelledText, stoppedEarly, stoppedEarlyText } from './VerdictBanner';

const diagnostic = (patch: Partial<Diagnostic>): Diagnostic => ({
  code: 'RATE_LIMITED',
  severity: 'warning',
  message: 'm',
  evidence: {},
  affects: [],
  ...patch,
});

describe('diagnostic presentation', () => {
  it('turns evidence keys into words', () => {
    expect(evidenceLabel('saturatedSeconds')).toBe('saturated seconds');
    expect(evidenceLabel('status429')).toBe('status 429');
    expect(evidenceLabel('peakK6Cores')).toBe('peak k6 cores');
    expect(evidenceLabel('peakHostCpu')).toBe('peak host CPU');
    expect(evidenceLabel('noResponse')).toBe('no response');
    expect(evidenceLabel('spreadMs')).toBe('spread (ms)');
    expect(evidenceLabel('plannedSeconds')).toBe('planned seconds');
  });

  it('shows shares and CPU as percentages, counts grouped', () => {
    expect(evidenceValue('share', 0.42)).toBe('42 %');
    expect(evidenceValue('shortfall', 0.0734)).toBe('7.3 %');
    expect(evidenceValue('peakHostCpu', 0.99)).toBe('99 %');
    expect(evidenceValue('peakK6Cores', 1.9)).toBe('1.9');
    expect(evidenceValue('requests', 12000)).toBe('12,000');
    expect(evidenceValue('stat', 'p99')).toBe('p99');
    expect(evidenceValue('spreadMs', 1520)).toBe('1,520');
  });

  it('says which thresholds a diagnostic affects', () => {
    expect(affectsText(diagnostic({}))).toBeNull();
    expect(affectsText(diagnostic({ affects: ['rps', 'latency'] }))).toBe('RPS and latency thresholds');
    expect(affectsText(diagnostic({ affects: ['latency'], request: 'Search', thresholdIndex: 0 }))).toBe('latency thresholds of Search (requirement 1)');
    // What the verdicts recorded wins over the limit a diagnostic was given.
    expect(affectsText(diagnostic({ affects: ['rps', 'latency'], madeInconclusive: [0, 2] }))).toBe(
      'RPS and latency thresholds (requirements 1 and 3 made INCONCLUSIVE)',
    );
    expect(affectsText(diagnostic({ affects: ['latency'], madeInconclusive: [] }))).toBe('latency thresholds (no requirement of this run)');
  });

  it('counts the requirements the diagnostics made INCONCLUSIVE as the verdicts recorded them', () => {
    const result = (verdict: 'PASS' | 'INCONCLUSIVE', measured: number | null) => ({
      threshold: { metric: 'rps' as const, op: '>' as const, value: 1 },
      verdict,
      measured,
      explanation: '',
    });
    const thresholds = [result('INCONCLUSIVE', 5), result('INCONCLUSIVE', 6), result('PASS', 7)];
    expect(inconclusiveCount({ thresholds, diagnostics: [diagnostic({ madeInconclusive: [0, 1] }), diagnostic({ madeInconclusive: [1] })] })).toBe(2);
    // Runs judged before it was kept: the INCONCLUSIVE ones with a figure.
    expect(inconclusiveCount({ thresholds, diagnostics: [diagnostic({})] })).toBe(2);
  });

  it('names every diagnostic code', () => {
    expect(DIAGNOSTIC_TITLE.SEGMENT_START_SKEW).toBe('Segments started apart');
  });

  it('lists critical diagnostics first', () => {
    const sorted = sortDiagnostics([diagnostic({ code: 'RATE_LIMITED' }), diagnostic({ code: 'GENERATOR_SATURATED', severity: 'critical' })]);
    expect(sorted.map((d) => d.code)).toEqual(['GENERATOR_SATURATED', 'RATE_LIMITED']);
  });
});

describe('cancelledText', () => {
  const base = {
    id: 'r',
    planId: 'p',
    planName: 'p',
    planVersion: 1,
    targetId: 't',
    status: 'CANCELLED' as const,
    verdict: null,
    trigger: 'MANUAL' as const,
    segments: 1,
    createdAt: '2026-01-01T00:00:00Z',
    startedAt: '2026-01-01T00:00:00Z',
    finishedAt: '2026-01-01T00:00:13Z',
    error: null,
    summary: null,
    thresholds: [],
    diagnostics: [],
    capacity: null,
    recovery: null,
    partial: true,
    plannedSeconds: 30,
    cancelRequestedAt: '2026-01-01T00:00:12Z',
    queue: null,
    segmentDetails: [],
    startSpreadMs: null,
    baseline: null,
    labels: {},
    manifest: null,
  };

  it('says when it stopped and that the measurements are kept', () => {
    expect(cancelledText(base)).toBe('Stopped on request after 12 s of the planned 30 s. No request was measured.');
    expect(cancelledText({ ...base, startedAt: null })).toBe('Stopped on request before the load started. No request was measured.');
  });
});

describe('stoppedEarlyText', () => {
  it('says which requirement stopped the run, when, and that what was measured is judged', () => {
    const run = {
      id: 'r',
      planId: 'p',
      planName: 'p',
      planVersion: 1,
      targetId: 't',
      status: 'FAILED' as const,
      verdict: 'FAIL' as const,
      trigger: 'MANUAL' as const,
      segments: 2,
      createdAt: '2026-01-01T00:00:00Z',
      startedAt: '2026-01-01T00:00:00Z',
      finishedAt: '2026-01-01T00:00:43Z',
      error: { code: 'STOPPED_BY_THRESHOLD', message: 'stopped at 42 s: p95 of Checkout 1,210 ms > 500 ms for 10 s' },
      summary: null,
      thresholds: [],
      diagnostics: [],
      capacity: null,
      recovery: null,
      partial: false,
      plannedSeconds: 60,
      cancelRequestedAt: null,
      queue: null,
      segmentDetails: [],
      startSpreadMs: null,
      baseline: null,
      labels: {},
      manifest: null,
    };
    expect(stoppedEarly(run)).toBe(true);
    expect(stoppedEarlyText(run)).toBe(
      'stopped at 42 s: p95 of Checkout 1,210 ms > 500 ms for 10 s (of the planned 1 min). What was measured until then is shown below; the other requirements are judged on it.',
    );
    expect(stoppedEarly({ ...run, error: { code: 'K6_FAILED', message: 'x' } })).toBe(false);
  });
});
