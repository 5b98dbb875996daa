import { describe, expect, it } from 'vitest';
import { requestSecond, second } from '../test-fixtures.js';
import { summarizeSeconds } from '../summary.js';
import { overallVerdict, thresholdSchema, type Threshold } from '../threshold.js';
import type { SecondSample } from '../series.js';
import { judgeRelative, needsBaseline } from './relative-threshold.js';

/** A seeded generator, so every case is the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/**
 * A run of 30 seconds: `rps` requests a second of Checkout, latencies log-normal around
 * `medianMs`, each second's level drifting by 5 % (how real seconds differ).
 */
function run(id: string, seed: number, { medianMs = 50, rps = 100 } = {}) {
  const normal = generator(seed);
  const seconds: SecondSample[] = Array.from({ length: 30 }, (_, t) => {
    const level = medianMs * (1 + 0.05 * normal());
    const latencies = Array.from({ length: rps }, () => level * Math.exp(0.3 * normal()));
    return second(t, [requestSecond('Checkout', 200, latencies)]);
  });
  return { runId: id, seconds, summary: summarizeSeconds(seconds, ['Checkout']) };
}

const threshold = (input: Record<string, unknown>): Threshold => thresholdSchema.parse({ relativeTo: 'baseline', ...input });
const p95AtMost = (share: number) => threshold({ metric: 'latency', stat: 'p95', request: 'Checkout', op: '<=', value: share });

describe('thresholds relative to the baseline', () => {
  const baseline = { ...run('base', 1), unlike: null };

  it('passes an unchanged system against "p95 at most 110 % of baseline"', () => {
    const result = judgeRelative(p95AtMost(1.1), run('same', 2), baseline);
    expect(result.verdict).toBe('PASS');
    expect(result.relative!.interval!.low).toBeLessThan(1);
    expect(result.relative!.interval!.high).toBeGreaterThan(1);
    expect(result.relative!.interval!.high).toBeLessThan(1.1);
    expect(result.explanation).toMatch(
      /^p95 of Checkout \d+(\.\d)? % of baseline \(95 % CI .* % to .* %; .* ms against the baseline's .* ms\) against <= 110 %: within the limit/,
    );
  });

  it('fails a system 20 % slower, and holds the true ratio in the interval', () => {
    const slower = run('slower', 3, { medianMs: 60 });
    const result = judgeRelative(p95AtMost(1.1), slower, baseline);
    expect(result.verdict).toBe('FAIL');
    expect(result.relative!.interval!.low).toBeGreaterThan(1.1);
    expect(result.relative!.interval!.low).toBeLessThanOrEqual(1.2);
    expect(result.relative!.interval!.high).toBeGreaterThanOrEqual(1.2);
    expect(result.measured).toBeCloseTo(slower.summary.requests[0]!.latency!.p95 / baseline.summary.requests[0]!.latency!.p95, 10);
  });

  it('is INCONCLUSIVE when the limit lies inside the interval', () => {
    const slower = run('slower', 3, { medianMs: 60 });
    const ratio = judgeRelative(p95AtMost(1.1), slower, baseline).measured!;
    const result = judgeRelative(p95AtMost(Math.round(ratio * 1000) / 1000), slower, baseline);
    expect(result.verdict).toBe('INCONCLUSIVE');
    expect(result.explanation).toContain('lies inside the interval');
  });

  it('judges throughput from below: "RPS at least 95 % of baseline"', () => {
    const rps = (share: number) => threshold({ metric: 'rps', op: '>=', value: share });
    expect(judgeRelative(rps(0.95), run('same', 4), baseline).verdict).toBe('PASS');
    const halved = judgeRelative(rps(0.95), run('half', 5, { rps: 50 }), baseline);
    expect(halved.verdict).toBe('FAIL');
    expect(halved.measured).toBeCloseTo(0.5, 2);
  });

  it('leaves the threshold unjudged without a baseline, and out of the run verdict', () => {
    const result = judgeRelative(p95AtMost(1.1), run('first', 6), null);
    expect(result).toMatchObject({ verdict: 'INCONCLUSIVE', measured: null, relative: { baselineRunId: null } });
    expect(result.explanation).toContain('there is no baseline');
    expect(overallVerdict([result])).toBe('PASS');
    // A baseline that exists but cannot support a verdict does count.
    const unlike = judgeRelative(p95AtMost(1.1), run('other', 7), { ...baseline, unlike: 'another load profile' });
    expect(unlike.verdict).toBe('INCONCLUSIVE');
    expect(overallVerdict([unlike])).toBe('INCONCLUSIVE');
  });

  it('is INCONCLUSIVE when a run is too short to tell a change from noise', () => {
    const short = run('short', 8);
    const result = judgeRelative(p95AtMost(1.1), { ...short, seconds: short.seconds.slice(0, 4) }, baseline);
    expect(result.verdict).toBe('INCONCLUSIVE');
    expect(result.explanation).toContain('too few seconds');
  });

  it('refuses relative thresholds it cannot judge, saying why', () => {
    const refused = (input: Record<string, unknown>) =>
      thresholdSchema
        .safeParse({ relativeTo: 'baseline', ...input })
        .error?.issues.map((issue) => issue.message)
        .join('; ');
    expect(refused({ metric: 'latency', stat: 'min', op: '<=', value: 1.1 })).toContain('a minimum or maximum is one request');
    expect(refused({ metric: 'latency', stat: 'max', op: '<=', value: 1.1 })).toContain('a minimum or maximum is one request');
    expect(refused({ metric: 'latency', stat: 'p95', op: '<=', value: 1.1, window: { after: '5s' } })).toContain('no window, stop rule or scenario');
    expect(refused({ metric: 'latency', stat: 'p95', op: '<=', value: 500 })).toContain('a share of its figure');
    expect(thresholdSchema.safeParse({ relativeTo: 'baseline', metric: 'error_rate', op: '<=', value: 0.01 }).success).toBe(false);
    expect(needsBaseline([p95AtMost(1.1)])).toBe(true);
    expect(needsBaseline([thresholdSchema.parse({ metric: 'latency', stat: 'p95', op: '<=', value: 500 })])).toBe(false);
  });

  describe('on a ramp', () => {
    /** A ramp of 1 -> 40 VUs over 30 s: each second's rate and latency grow with its level, drifting 2 %. */
    function ramp(id: string, seed: number, slower = 1) {
      const normal = generator(seed);
      const seconds: SecondSample[] = Array.from({ length: 30 }, (_, t) => {
        const vus = 1 + Math.round((39 * t) / 29);
        const level = 20 * (1 + vus / 13) * slower * (1 + 0.02 * normal());
        return second(t, [
          requestSecond(
            'Checkout',
            200,
            Array.from({ length: vus * 20 }, () => level * Math.exp(0.3 * normal())),
          ),
        ]);
      });
      return { runId: id, seconds, summary: summarizeSeconds(seconds, ['Checkout']) };
    }
    const base = ramp('base', 11);

    it('pairs the seconds at the same point of the profile: a 5 % slower server fails "at most 101 %", unpaired it cannot tell', () => {
      const slower = ramp('slower', 12, 1.05);
      const paired = judgeRelative(p95AtMost(1.01), slower, { ...base, unlike: null, paired: { phases: [] } });
      expect(paired.verdict, paired.explanation).toBe('FAIL');
      expect(paired.relative!.interval!.low).toBeGreaterThan(1.01);
      const unpaired = judgeRelative(p95AtMost(1.01), slower, { ...base, unlike: null });
      expect(unpaired.verdict, unpaired.explanation).toBe('INCONCLUSIVE');
    });

    it('passes the same server against "at most 104 %", the interval around the ratio the runs show', () => {
      const result = judgeRelative(p95AtMost(1.04), ramp('same', 13), { ...base, unlike: null, paired: { phases: [] } });
      expect(result.verdict, result.explanation).toBe('PASS');
      expect(result.relative!.interval!.low).toBeLessThanOrEqual(result.measured!);
      expect(result.relative!.interval!.high).toBeGreaterThanOrEqual(result.measured!);
    });
  });
});
