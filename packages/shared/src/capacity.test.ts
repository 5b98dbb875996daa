import { describe, expect, it } from 'vitest';
import { findCapacity } from './capacity.js';
import { planSpecSchema } from './plan.js';
import { mergeSegmentsBySecond } from './series-merge.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

const ramp = (thresholds: unknown[] = []) =>
  planSpecSchema.parse({
    load: { executor: 'ramping-vus', stages: [{ duration: '60s', target: 100 }] },
    requests: [{ name: 'Get', path: '/' }],
    thresholds,
  });

/** A target whose p95 stays at 20 ms up to `knee` VUs, then grows with the load. */
function rampSeconds(knee: number, errorsFrom = Infinity) {
  return Array.from({ length: 10 }, (_, i) => {
    const vus = (i + 1) * 10;
    const latency = vus <= knee ? 20 : 20 + (vus - knee) * 20;
    const requests = [requestSecond('Get', 200, repeat(latency, 300))];
    if (vus >= errorsFrom) requests.push(requestSecond('Get', 503, repeat(1, 60)));
    return { segmentIndex: 0, generator: null, sample: second(i + 1, requests, { vus }) };
  });
}

describe('findCapacity', () => {
  it('states where a ramp stops meeting the latency SLA', () => {
    const capacity = findCapacity(ramp([{ metric: 'latency', stat: 'p95', op: '<', value: 500 }]), mergeSegmentsBySecond(rampSeconds(60)));
    expect(capacity).toMatchObject({ heldUpTo: { vus: 80, rps: 300 }, brokeAt: { vus: 90 } });
    expect(capacity!.statement).toBe('Holds p95 < 500 ms up to 80 VUs / 300 RPS; degrades beyond (p95 620 ms at 90 VUs / 300 RPS).');
  });

  it('finds the bend without an SLA', () => {
    const capacity = findCapacity(ramp(), mergeSegmentsBySecond(rampSeconds(60)));
    expect(capacity!.heldUpTo!.vus).toBe(60);
    expect(capacity!.statement).toMatch(/^Holds p95 within 2x of its low-load value up to 60 VUs/);
  });

  it('breaks on errors crossing the error-rate threshold', () => {
    const capacity = findCapacity(ramp([{ metric: 'error_rate', op: '<', value: 0.05 }]), mergeSegmentsBySecond(rampSeconds(1000, 40)));
    expect(capacity!.heldUpTo!.vus).toBe(30);
    expect(capacity!.brokeAt!.reason).toMatch(/^error rate 17 %/);
  });

  it('says when the whole ramp held', () => {
    const capacity = findCapacity(ramp([{ metric: 'latency', stat: 'p95', op: '<', value: 500 }]), mergeSegmentsBySecond(rampSeconds(1000)));
    expect(capacity!.statement).toBe('Holds p95 < 500 ms up to the peak tested, 100 VUs / 300 RPS; no degradation found.');
  });

  it('is null for a constant load', () => {
    const constant = planSpecSchema.parse({ load: { executor: 'constant-vus', vus: 5, duration: '5s' }, requests: [{ name: 'Get', path: '/' }] });
    expect(findCapacity(constant, mergeSegmentsBySecond(rampSeconds(60)))).toBeNull();
  });

  it('ramps an arrival rate by the offered rate, not by the few VUs it keeps busy', () => {
    const spec = planSpecSchema.parse({
      load: { executor: 'ramping-arrival-rate', preAllocatedVUs: 50, stages: [{ duration: '60s', target: 1000 }] },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 100 }],
    });
    // Offered rate rises 100..1000/s; one VU busy at the sampling instant throughout; the
    // target holds 20 ms up to 600/s, then queues; past 800/s k6 drops what it cannot start.
    const seconds = Array.from({ length: 10 }, (_, i) => {
      const offered = (i + 1) * 100;
      const started = Math.min(offered, 800);
      const latency = offered <= 600 ? 20 : 200;
      return {
        segmentIndex: 0,
        generator: null,
        sample: second(i + 1, [requestSecond('Get', 200, repeat(latency, started))], {
          vus: 1,
          vusMax: 50,
          iterations: started,
          droppedIterations: offered - started,
        }),
      };
    });
    const capacity = findCapacity(spec, mergeSegmentsBySecond(seconds));
    expect(capacity).toMatchObject({ heldUpTo: { rps: 600 }, brokeAt: { rps: 700 } });
    expect(capacity!.statement).toBe(
      'Holds p95 < 100 ms up to 600 iterations/s offered, 600 RPS (1 VU busy); degrades beyond (p95 200 ms at 700 iterations/s offered, 700 RPS (1 VU busy)).',
    );
  });

  it('merges load levels too sparse for the percentile with their neighbours instead of dropping them', () => {
    // A short ramp: 60 requests a second, where a p95 needs 200. Every level alone is too
    // sparse; merged in fours they still place the knee between 4 and 8 VUs.
    const seconds = Array.from({ length: 12 }, (_, i) => {
      const vus = i + 1;
      return { segmentIndex: 0, generator: null, sample: second(i + 1, [requestSecond('Get', 200, repeat(vus <= 4 ? 20 : 400, 60))], { vus }) };
    });
    const spec = planSpecSchema.parse({
      load: { executor: 'ramping-vus', stages: [{ duration: '12s', target: 12 }] },
      requests: [{ name: 'Get', path: '/' }],
      thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 100 }],
    });
    const capacity = findCapacity(spec, mergeSegmentsBySecond(seconds));
    expect(capacity).toMatchObject({ heldUpTo: { vus: 4, rps: 60 }, brokeAt: { vus: 8 } });
  });
});
