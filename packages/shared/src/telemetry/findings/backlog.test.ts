import { describe, expect, it } from 'vitest';
import { backlogFindings } from './backlog.js';
import { viewOf } from './series.js';
import { steadyStretch } from './steady.js';
import { catalog, findingsInput, load, seconds, series, T0, wobble } from './test-fixtures.js';
import type { TelemetryFindingsInput } from './index.js';

const run = (input: TelemetryFindingsInput) => backlogFindings(input, input.sources.map(viewOf), steadyStretch(input));

/**
 * A 25 s load: a 5 s ramp (1 to 5 VUs), then 20 s steady at 10 VUs (offsets 5..24). The queue is fed
 * `feed(offset)` jobs each second of the load and a worker takes up to `drain` a second,
 * until `readTo` (30 s after the load unless said). The depth is simulated job by job: the truth.
 */
function queue(feed: (offset: number) => number, drain: number, options: { rates?: boolean; readTo?: number } = {}) {
  const { rates = true, readTo = 54 } = options;
  const depth = new Map<number, number>();
  const processed = new Map<number, number>();
  let pending = 0;
  for (let offset = 0; offset <= readTo; offset++) {
    pending += offset <= 24 ? feed(offset) : 0;
    const taken = Math.min(pending, drain);
    pending -= taken;
    depth.set(offset, pending);
    processed.set(offset, taken);
  }
  const kept = [
    series('depth', 'queue_depth'),
    ...(rates ? [series('done', 'queue_processed_rate', 'rate'), series('added', 'queue_enqueued_rate', 'rate')] : []),
  ];
  const input = findingsInput(25, {
    load: load(24, (offset) => (offset < 5 ? { vus: offset + 1, rps: 10 * (offset + 1) } : { vus: 10, rps: 100 })),
    phases: [
      { name: 'ramp', start: T0, end: T0 + 4 },
      { name: 'steady', start: T0 + 5, end: T0 + 24 },
    ],
    sources: [
      {
        catalog: catalog('worker', kept),
        seconds: seconds('worker', -3, readTo, (offset) => ({
          depth: depth.get(offset) ?? 0,
          ...(rates ? { done: processed.get(offset) ?? 0, added: offset >= 0 && offset <= 24 ? feed(offset) : 0 } : {}),
        })),
      },
    ],
  });
  return { input, truth: { sizeAtEnd: depth.get(24)!, drainSeconds: depth.get(24)! / drain } };
}

/** 100 jobs a second once the ramp is done, give or take a few (a real producer is not a metronome). */
const hundred = (offset: number) => (offset < 5 ? 10 * (offset + 1) : 100 + Math.round(5 * wobble(offset)));

describe('backlog', () => {
  it('reads a queue fed 100/s and drained 10/s: growth, size at the end and time to drain', () => {
    const { input, truth } = queue(hundred, 10);
    const [finding, ...rest] = run(input);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'BACKLOG_GROWING', source: 'worker', severity: 'critical', atSeconds: 5, phase: 'steady' });
    const evidence = finding!.evidence as Record<string, number>;
    expect(Math.abs(evidence.growthPerSecond! - 90) / 90).toBeLessThan(0.05);
    expect(Math.abs(evidence.sizeAtEnd! - truth.sizeAtEnd) / truth.sizeAtEnd).toBeLessThan(0.05);
    expect(Math.abs(evidence.drainSeconds! - truth.drainSeconds) / truth.drainSeconds).toBeLessThan(0.1);
    expect(evidence).toMatchObject({ steadySeconds: 20, processedPerSecond: 10, drainPerSecond: 10 });
    expect(finding!.message).toMatch(
      /^worker queue grew by (8[6-9]|9[0-4]) jobs\/s while the load was steady \(20 s from 5 s; 100\/s enqueued vs ~10\/s processed\): 1,9\d\d pending when the load stopped; at the ~10\/s it drained after the load, ~3 minutes to clear\.$/,
    );
  });

  it('reads the drain from the fall of the depth when the source has no processed rate', () => {
    const { input, truth } = queue(hundred, 10, { rates: false });
    const evidence = run(input)[0]!.evidence as Record<string, number>;
    expect(Math.abs(evidence.growthPerSecond! - 90) / 90).toBeLessThan(0.05);
    expect(Math.abs(evidence.drainSeconds! - truth.drainSeconds) / truth.drainSeconds).toBeLessThan(0.1);
    expect(evidence.processedPerSecond).toBeUndefined();
  });

  it('says when the queue was empty again within the reads after the load', () => {
    // 12 in, 10 out: 2/s for 20 s is 40-odd pending, cleared in a few seconds at 10/s.
    const { input } = queue(() => 12, 10);
    const [finding] = run(input);
    expect(finding!.evidence).toMatchObject({ clearedAfterSeconds: expect.any(Number) });
    expect(finding!.message).toMatch(/it was empty [1-9] s after the load stopped\.$/);
  });

  it('says so when nothing was read after the load', () => {
    const { input } = queue(hundred, 10, { readTo: 24 });
    expect(run(input)[0]!.message).toMatch(/nothing was read after the load to say how fast it drains\.$/);
  });

  it('reads no backlog from a queue that keeps up', () => {
    // Fed about 10 a second and drained 10: the depth hovers.
    const { input } = queue((offset) => 10 + Math.round(3 * wobble(offset)), 10);
    expect(run(input)).toEqual([]);
  });

  it('reads no backlog without a steady stretch of load', () => {
    const { input } = queue(hundred, 10);
    // The load keeps ramping: 1 VU more each second.
    input.load = load(24, (offset) => ({ vus: offset + 1, rps: 10 * (offset + 1) }));
    expect(run(input)).toEqual([]);
  });
});

describe('steady stretch', () => {
  it('finds the longest stretch within 10 % of its highest level, by VUs or by requests/s', () => {
    const ramped = findingsInput(30, {
      load: load(29, (offset) => ({ vus: offset < 8 ? offset + 1 : offset < 25 ? 50 + (offset % 3) : 5, rps: 1000 * offset })),
    });
    expect(steadyStretch(ramped)).toEqual({ start: T0 + 8, end: T0 + 24, by: 'vus' });
    // Arrival-rate: the busy VUs wander, the rate holds from 3 s to the end.
    const arrival = findingsInput(30, { load: load(29, (offset) => ({ vus: 1 + ((offset * 7) % 13), rps: offset < 3 ? 10 : 200 + 10 * wobble(offset) })) });
    expect(steadyStretch(arrival)).toEqual({ start: T0 + 3, end: T0 + 29, by: 'rps' });
    expect(steadyStretch(findingsInput(30, { load: load(29, (offset) => ({ vus: offset + 1, rps: offset * 3 + 1 })) }))).toBeNull();
  });
});
