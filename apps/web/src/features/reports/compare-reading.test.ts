import { describe, expect, it } from 'vitest';
import type { MetricDelta, RunComparison } from '@loadline/shared';
import { judgesLatency, withinNoiseReason } from './compare-reading';

const noise = (extra: Partial<NonNullable<RunComparison['noise']>> = {}): RunComparison['noise'] => ({
  method: 'moving-block bootstrap over seconds',
  confidence: 0.95,
  resamples: 1000,
  seconds: { base: 30, head: 30 },
  history: null,
  assumedLatencySpread: 0.01,
  ...extra,
});
const row = (metric: string, base: number, head: number, low: number, high: number, change: MetricDelta['change'] = 'unchanged'): MetricDelta => ({
  metric,
  base,
  head,
  delta: head - base,
  deltaPct: head / base - 1,
  interval: { low, high },
  change,
});

describe('withinNoiseReason', () => {
  it('says a −8.6 % p95 whose interval ends at −0.3 % touches the histogram-accuracy band, and that it was widened', () => {
    const reason = withinNoiseReason(row('p95', 100, 91.4, -18.3, -0.3), noise());
    expect(reason).toBe(
      '−8.6 %, but its 95 % interval −18.3 % to −0.3 % (widened to a run-to-run spread of 1 % assumed for latencies) reaches within 0.5 % of no change: a latency is read from the histogram to within 0.5 %, so a change is called only when its interval stays clear of that band.',
    );
  });

  it('says an interval across 0 includes no change, naming the plan history it was widened to', () => {
    const reason = withinNoiseReason(row('p50', 200, 190, -30, 6), noise({ history: { runs: 6 }, assumedLatencySpread: null }));
    expect(reason).toContain('−5 %, but its 95 % interval −15 % to +3 %');
    expect(reason).toContain("widened to this plan's run-to-run spread over 6 runs");
    expect(reason).toContain('includes no change');
  });

  it('leaves small changes, called changes and unjudged rows alone', () => {
    expect(withinNoiseReason(row('p95', 100, 100.5, -1, 2), noise())).toBeNull();
    expect(withinNoiseReason(row('p95', 100, 80, -25, -15, 'improvement'), noise())).toBeNull();
    expect(withinNoiseReason({ ...row('max', 100, 80, 0, 0), interval: null, change: null }, noise())).toBeNull();
  });

  it('does not claim a throughput interval was widened by the latency spread', () => {
    const reason = withinNoiseReason(row('rps', 100, 95, -12, 2), noise());
    expect(reason).not.toContain('widened');
  });
});

describe('judgesLatency', () => {
  it('is true only when a latency row was judged', () => {
    expect(judgesLatency({ overall: [row('p95', 1, 1, 0, 0)], phases: [], requests: [] })).toBe(true);
    expect(judgesLatency({ overall: [{ ...row('p95', 1, 1, 0, 0), change: null }, row('rps', 1, 1, 0, 0)], phases: [], requests: [] })).toBe(false);
  });
});
