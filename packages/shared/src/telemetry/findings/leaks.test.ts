import { describe, expect, it } from 'vitest';
import { leakFindings } from './leaks.js';
import { viewOf } from './series.js';
import { steadyStretch } from './steady.js';
import { catalog, findingsInput, seconds, series, wobble } from './test-fixtures.js';
import type { TelemetryFindingsInput } from './index.js';

const MIB = 1024 ** 2;
const run = (input: TelemetryFindingsInput) => leakFindings(input, input.sources.map(viewOf), steadyStretch(input));

/** A 120 s steady load; the worker's RSS is `rss(offset)` bytes and its open fds `fds(offset)`, with limits. */
function worker(rss: (offset: number) => number, fds: (offset: number) => number = () => 40) {
  return findingsInput(120, {
    sources: [
      {
        catalog: catalog('worker', [
          series('rss', 'memory_bytes'),
          series('limit', 'memory_limit_bytes'),
          series('fds', 'open_fds'),
          series('max_fds', 'max_fds'),
        ]),
        seconds: seconds('worker', 0, 119, (offset) => ({ rss: rss(offset), limit: 1024 * MIB, fds: fds(offset), max_fds: 1024 })),
      },
    ],
  });
}

describe('leaks', () => {
  it('reads memory growing linearly: its rate per minute and the time to its limit', () => {
    // 200 MiB, growing 0.2 MiB a second (12 MiB/min), with 1 MiB of noise.
    const [finding, ...rest] = run(worker((offset) => 200 * MIB + 0.2 * MIB * offset + MIB * wobble(offset)));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      code: 'RESOURCE_LEAK',
      source: 'worker',
      severity: 'warning',
      atSeconds: 0,
      evidence: { resource: 'memory', limit: 1024 * MIB },
    });
    const evidence = finding!.evidence as Record<string, number>;
    expect(evidence.perMinute! / MIB).toBeCloseTo(12, 0);
    // The truth: from ~224 MiB at the end, 800 MiB to go at 0.2 MiB/s is ~4,000 s.
    expect(Math.abs(evidence.secondsToLimit! - 800 / 0.2) / (800 / 0.2)).toBeLessThan(0.05);
    expect(finding!.message).toMatch(
      /^worker memory grew linearly by 12 MiB\/min while the load was steady \(120 s from 0 s\), from (19\d|20\d) MiB to 22\d MiB; at that rate it reaches its 1 GiB limit in ~6[6-8] minutes\.$/,
    );
  });

  it('reads leaking file descriptors, critical when the limit is near', () => {
    // 2 fds more a second from 40: 1024 is reached ~4 minutes after the load.
    const [finding] = run(
      worker(
        () => 200 * MIB,
        (offset) => 40 + 2 * offset,
      ),
    );
    expect(finding).toMatchObject({ severity: 'critical', evidence: { resource: 'open file descriptors', perMinute: 120 } });
    expect(finding!.message).toBe(
      'worker open file descriptors grew linearly by 120/min while the load was steady (120 s from 0 s), from 40 to 278; at that rate it reaches its 1,024 limit in ~6 minutes.',
    );
  });

  it('reads no leak from flat memory, a warm-up that levels off, or a few fds more', () => {
    expect(run(worker((offset) => 200 * MIB + 2 * MIB * wobble(offset)))).toEqual([]);
    // Fills a 100 MiB cache in the first 40 s, then holds.
    expect(run(worker((offset) => 200 * MIB + Math.min(offset, 40) * 2.5 * MIB + 0.5 * MIB * wobble(offset)))).toEqual([]);
    expect(
      run(
        worker(
          () => 200 * MIB,
          (offset) => 40 + Math.floor(offset / 40),
        ),
      ),
    ).toEqual([]);
  });
});
