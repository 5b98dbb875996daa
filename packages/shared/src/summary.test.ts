import { describe, expect, it } from 'vitest';
import { summarizeSeconds } from './summary.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

describe('summarizeSeconds', () => {
  it('divides by the time load was applied, not by the wall-clock seconds it touched', () => {
    // A 10 s test that started 0.7 s into its first second touches 11 seconds.
    const base = 1_700_000_000;
    const seconds = Array.from({ length: 11 }, (_, i) =>
      second(base + i, [requestSecond('Get', 200, repeat(1, i === 0 ? 30 : i === 10 ? 70 : 100))], {
        spanStartMs: (base + i) * 1000 + (i === 0 ? 700 : 0),
        spanEndMs: (base + i) * 1000 + (i === 10 ? 700 : 999),
      }),
    );
    const summary = summarizeSeconds(seconds);
    expect(summary.overall.count).toBe(1000);
    expect(summary.durationSeconds).toBeCloseTo(10, 5);
    expect(summary.overall.rps).toBeCloseTo(100, 3);
  });

  it('gives every scope its own rate over the time it applied load: a 5.02 s phase of 544 requests reads 108.4 req/s', () => {
    // Phase "normal" from 0.00 s to 5.02 s (544 requests), then "peak" from 5.02 s to 10.02 s
    // (1,000 requests); the boundary second holds both. Each row says when its requests ran.
    const base = 1_700_000_000;
    const ms = (offset: number) => base * 1000 + offset;
    const row = (name: string, scenario: string, count: number, from: number, to: number) => ({
      ...requestSecond(name, 200, repeat(1, count)),
      scenario,
      spanStartMs: ms(from),
      spanEndMs: ms(to),
    });
    const normal = [108, 109, 109, 109, 108].map((count, i) => [row('Browse', 'normal', count, i * 1000, i * 1000 + 999)]);
    const seconds = [
      ...normal.map((rows, i) => second(base + i, rows)),
      second(base + 5, [row('Browse', 'normal', 1, 5000, 5020), row('Buy', 'peak', 195, 5020, 5999)]),
      ...[6, 7, 8, 9].map((i) => second(base + i, [row('Buy', 'peak', 200, i * 1000, i * 1000 + 999)])),
      second(base + 10, [row('Buy', 'peak', 5, 10_000, 10_020)]),
    ].map((sample) => ({
      ...sample,
      spanStartMs: Math.min(...sample.requests.map((request) => request.spanStartMs!)),
      spanEndMs: Math.max(...sample.requests.map((request) => request.spanEndMs!)),
    }));
    const summary = summarizeSeconds(seconds);
    const phase = summary.scenarios.find((scenario) => scenario.name === 'normal')!;
    const peak = summary.scenarios.find((scenario) => scenario.name === 'peak')!;
    expect(phase.count).toBe(544);
    expect(phase.rps).toBeCloseTo(544 / 5.02, 6);
    expect(peak.count).toBe(1000);
    expect(peak.rps).toBeCloseTo(1000 / 5, 6);
    // The same requests read the same rate whatever the scope that shows them.
    expect(summary.requests.find((request) => request.name === 'Browse')!.rps).toBe(phase.rps);
    expect(summary.requests.find((request) => request.name === 'Buy')!.rps).toBe(peak.rps);
    expect(summary.overall.rps).toBeCloseTo(1544 / 10.02, 6);
  });

  it('falls back to whole seconds when request times are unknown', () => {
    const summary = summarizeSeconds([second(1, [requestSecond('Get', 200, [1, 2])]), second(2, [requestSecond('Get', 200, [1, 2])])]);
    expect(summary.durationSeconds).toBe(2);
    expect(summary.overall.rps).toBe(2);
  });

  it('reports the VUs busy and the VU pool separately, summed over segments', () => {
    // An arrival-rate run against a fast target: a pool of 20 VUs per segment, 1 busy at a time.
    const segment = (t: number) => second(t, [requestSecond('Get', 200, [1])], { vus: 1, vusMax: 20 });
    const summary = summarizeSeconds([segment(1), segment(1), segment(2), segment(2)]);
    expect(summary.vusMax).toBe(2);
    expect(summary.vusAllocated).toBe(40);
  });
});
