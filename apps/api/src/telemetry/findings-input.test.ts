import { describe, expect, it } from 'vitest';
import { planSpecSchema, type Capacity, type MergedSecond } from '@loadline/shared';
import { sampleSecond } from '../test/fake-runner.js';
import { findingsInput } from './findings-input.js';

const T0 = 1_764_205_000;
const spec = planSpecSchema.parse({
  scenarios: [
    { name: 'warm', load: { executor: 'constant-vus', vus: 2, duration: '10s' }, requests: [{ name: 'Get', path: '/' }] },
    { name: 'peak', startTime: '10s', load: { executor: 'ramping-vus', stages: [{ duration: '20s', target: 20 }] }, requests: [{ name: 'Put', path: '/' }] },
  ],
  thresholds: [],
});
const merged = (vus: number[]): MergedSecond[] =>
  vus.map((busy, i) => ({
    t: T0 + i,
    sample: { ...sampleSecond(T0 + i, [5, 5, 5, 5]), vus: busy },
    hostCpu: i === 1 ? null : 0.5,
    k6Cpu: i === 1 ? null : 0.25,
    cores: i === 1 ? null : 2,
  }));
const capacity = (vus: number): Capacity => ({
  statement: 'x',
  heldUpTo: { vus: 2, rps: 4 },
  brokeAt: { vus, rps: 4, reason: 'p95' },
  criterion: 'p95 < 150 ms',
});
const source = { source: 'api', kind: 'scrape' as const, catalog: null, refused: null, seconds: [] };

describe('findingsInput', () => {
  it('is null without sources or without load', () => {
    expect(findingsInput({ spec, merged: merged([1, 2]), capacity: null, sources: [] })).toBeNull();
    expect(findingsInput({ spec, merged: [], capacity: null, sources: [source] })).toBeNull();
  });

  it('puts the load, the generator, the planned scenarios and the knee on the seconds of the load', () => {
    const input = findingsInput({ spec, merged: merged([2, 2, 4, 8]), capacity: capacity(4), sources: [source] })!;
    expect(input.loadStart).toBe(T0);
    expect(input.loadEnd).toBe(T0 + 3);
    expect(input.load.map((second) => [second.t, second.vus, second.rps, second.errorRate])).toEqual([
      [T0, 2, 4, 0],
      [T0 + 1, 2, 4, 0],
      [T0 + 2, 4, 4, 0],
      [T0 + 3, 8, 4, 0],
    ]);
    expect(input.load[0]!.p95).toBeCloseTo(5, 0);
    // The second that was not sampled is left out, not made zero.
    expect(input.generator.map((second) => second.t)).toEqual([T0, T0 + 2, T0 + 3]);
    expect(input.phases).toEqual([
      { name: 'warm', start: T0, end: T0 + 10 },
      { name: 'peak', start: T0 + 10, end: T0 + 30 },
    ]);
    expect(input.knee).toEqual({ t: T0 + 2, vus: 4, criterion: 'p95 < 150 ms' });
    expect(findingsInput({ spec, merged: merged([2, 2]), capacity: capacity(4), sources: [source] })!.knee).toBeNull();
  });

  it('reports a source refused at the start as a failed read, with an empty catalog', () => {
    const input = findingsInput({ spec, merged: merged([2]), capacity: null, sources: [{ ...source, refused: 'not the target' }] })!;
    expect(input.sources).toEqual([
      {
        catalog: { source: 'api', kind: 'scrape', series: [] },
        seconds: [{ v: 1, t: T0, source: 'api', values: {}, error: { code: 'NOT_ALLOWED', message: 'not the target' } }],
      },
    ]);
  });
});
