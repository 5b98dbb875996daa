import { describe, expect, it } from 'vitest';
import { restartFindings } from './restarts.js';
import { viewOf } from './series.js';
import { catalog, findingsInput, seconds, series, T0, type Reading } from './test-fixtures.js';
import type { TelemetryFindingsInput } from './index.js';

const run = (input: TelemetryFindingsInput) => restartFindings(input, input.sources.map(viewOf));

const phases = [
  { name: 'warmup', start: T0, end: T0 + 19 },
  { name: 'peak', start: T0 + 20, end: T0 + 39 },
  { name: 'cooldown', start: T0 + 40, end: T0 + 59 },
];

/**
 * A worker read from 5 s before a 60 s load to 5 s after it. Each crash at offset `down`
 * leaves it unanswered for `gap` seconds; the new process starts when it answers again.
 */
function worker(crashes: { down: number; gap: number }[], withStartTime = true) {
  const kept = [series('processed', undefined, 'rate'), ...(withStartTime ? [series('start', 'start_time')] : [])];
  const reading = (offset: number): Reading => {
    let start = T0 - 100;
    for (const crash of crashes) {
      if (offset >= crash.down && offset < crash.down + crash.gap) return { error: 'REFUSED' };
      if (offset >= crash.down + crash.gap) start = T0 + crash.down + crash.gap;
    }
    // The first second of a new process has no rate yet: its counter went back to zero.
    const fresh = crashes.some((crash) => offset === crash.down + crash.gap);
    return { ...(fresh ? {} : { processed: 10 }), ...(withStartTime ? { start } : {}) };
  };
  return findingsInput(60, { phases, sources: [{ catalog: catalog('worker', kept), seconds: seconds('worker', -5, 64, reading) }] });
}

describe('restarts', () => {
  it('reports two restarts at known moments, each with its phase', () => {
    const found = run(
      worker([
        { down: 12, gap: 2 },
        { down: 31, gap: 1 },
      ]),
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatchObject({ code: 'TARGET_RESTARTED', source: 'worker', severity: 'critical', atSeconds: 12, phase: 'warmup' });
    expect(found[0]!.message).toBe('worker restarted once during warmup: at 12 s (2 s unanswered, start time changed).');
    expect(found[1]).toMatchObject({ atSeconds: 31, phase: 'peak', evidence: { restarts: 1, atSeconds: '31' } });
  });

  it('counts restarts in one phase together', () => {
    const [finding, ...rest] = run(
      worker([
        { down: 22, gap: 1 },
        { down: 30, gap: 3 },
        { down: 36, gap: 1 },
      ]),
    );
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ phase: 'peak', atSeconds: 22, evidence: { restarts: 3, atSeconds: '22, 30, 36' } });
    expect(finding!.message).toMatch(/^worker restarted 3 times during peak: at 22 s \(.*\), at 30 s \(3 s unanswered, .*\) and at 36 s \(.*\)\.$/);
  });

  it('dates a restart by its new start time when it was never seen down', () => {
    // A fast restart between two reads: no gap, a new start time at offset 45, and a reset counter.
    const input = findingsInput(60, {
      phases,
      sources: [
        {
          catalog: catalog('api', [series('start', 'start_time'), series('requests', 'http_rps', 'rate')]),
          seconds: seconds('api', 0, 59, (offset) => ({ start: offset < 46 ? T0 - 500 : T0 + 45, ...(offset === 46 ? {} : { requests: 50 }) })),
        },
      ],
    });
    const [finding] = run(input);
    expect(finding).toMatchObject({ atSeconds: 45, phase: 'cooldown' });
    expect(finding!.message).toBe('api restarted once during cooldown: at 45 s (start time changed, counters reset).');
  });

  it('finds a restart from a counter reset alone: no rate in the second it reset, or a negative one', () => {
    const input = findingsInput(30, {
      sources: [
        {
          catalog: catalog('api', [series('requests', 'http_rps', 'rate'), series('errors', undefined, 'rate')]),
          seconds: seconds('api', 0, 29, (offset) => ({ ...(offset === 8 ? {} : { requests: 40 }), errors: offset === 21 ? -35 : 1 })),
        },
      ],
    });
    const [finding, ...rest] = run(input);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ atSeconds: 8, evidence: { restarts: 2, atSeconds: '8, 21', signals: 'counters reset' } });
    expect(finding!.message).toBe('api restarted twice during the load: at 8 s (counters reset) and at 21 s (counters reset).');
  });

  it("finds a restart from the collector's word that a counter went backwards (reduceScrape keeps the rate positive)", () => {
    const input = findingsInput(30, {
      sources: [
        {
          catalog: catalog('api', [series('requests', 'http_rps', 'rate')]),
          seconds: seconds('api', 0, 29, () => ({ requests: 40 })),
        },
      ],
    });
    const told = input.sources[0]!.seconds.find((second) => second.t === input.loadStart + 14)!;
    told.resets = ['requests'];
    const [finding, ...rest] = run(input);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ atSeconds: 14, evidence: { restarts: 1, signals: 'counters reset' } });
  });

  it('finds a restart from a scrape gap alone, and says when it was outside the load', () => {
    const found = run(worker([{ down: 62, gap: 2 }], false));
    expect(found).toEqual([
      expect.objectContaining({ severity: 'warning', atSeconds: 62, message: 'worker restarted once after the load: at 62 s (2 s unanswered).' }),
    ]);
    expect(found[0]!.phase).toBeUndefined();
  });

  it('reads no restart from a steady process, a jittering start time, a source that never came back, or other read failures', () => {
    expect(run(worker([]))).toEqual([]);
    const input = findingsInput(30, {
      sources: [
        {
          catalog: catalog('api', [series('start', 'start_time'), series('requests', 'http_rps', 'rate')]),
          // The start time wobbles by half a second (an exporter deriving it from boot time and ticks).
          seconds: seconds('api', 0, 29, (offset) => ({ start: T0 - 500 + (offset % 2) * 0.5, requests: 5 })),
        },
        {
          // Stops answering at 20 s and never comes back: a read failure, not a restart.
          catalog: catalog('worker', [series('start', 'start_time')]),
          seconds: seconds('worker', 0, 29, (offset): Reading => (offset >= 20 ? { error: 'REFUSED' } : { start: T0 - 500 })),
        },
        {
          // An answer too large is no sign of the process going away.
          catalog: catalog('queue', [series('depth', 'queue_depth')]),
          seconds: seconds('queue', 0, 29, (offset): Reading => (offset === 10 ? { error: 'TOO_LARGE' } : { depth: 1 })),
        },
      ],
    });
    expect(run(input)).toEqual([]);
  });
});
