import { describe, expect, it } from 'vitest';
import { liveThresholds } from './live-thresholds.js';
import { foldOldSeconds, foldSeconds } from './second-folding.js';
import { summarizeSeconds } from './summary.js';
import { requestSecond, second } from './test-fixtures.js';
import { thresholdSchema } from './threshold.js';

const T0 = 1_700_000_000;
/** A run whose latencies, statuses, request names and spans change from second to second. */
function run(seconds: number) {
  return Array.from({ length: seconds }, (_, i) => {
    const t = T0 + i;
    const start = t * 1000 + (i === 0 ? 400 : 0);
    const rows = [
      {
        ...requestSecond(
          'Get',
          200,
          Array.from({ length: 20 }, (_, k) => 5 + ((k * 7 + i) % 40)),
        ),
        spanStartMs: start,
        spanEndMs: t * 1000 + 990,
      },
      {
        ...requestSecond(
          'Post',
          i % 9 === 0 ? 500 : 201,
          Array.from({ length: 5 + (i % 4) }, (_, k) => 20 + k * i),
        ),
        scenario: i < 100 ? 'warm' : 'peak',
      },
    ];
    return second(t, rows, { spanStartMs: start, spanEndMs: t * 1000 + 995, vus: 1 + (i % 5), checks: [{ name: 'Get: ok', passes: 20, fails: i % 2 }] });
  });
}

describe('folding old seconds for the live standing', () => {
  it('is read by summarizeSeconds as the seconds it holds', () => {
    const seconds = run(45);
    const folded = [foldSeconds(seconds.slice(0, 30)), ...seconds.slice(30)];
    expect(summarizeSeconds(folded, ['Get', 'Post'])).toEqual(summarizeSeconds(seconds, ['Get', 'Post']));
  });

  it('judges the thresholds as on the raw seconds, windows and stop rules included', () => {
    const thresholds = [
      { metric: 'latency', stat: 'p95', op: '<', value: 40 },
      { metric: 'latency', stat: 'p99', op: '<', value: 100, request: 'Post' },
      { metric: 'error_rate', op: '<', value: 0.05, scenario: 'peak' },
      { metric: 'rps', op: '>=', value: 20, request: 'Get' },
      { metric: 'latency', stat: 'avg', op: '<', value: 30, window: { after: '47s', until: '2m13s' } },
      { metric: 'latency', stat: 'max', op: '<', value: 300, stop: { after: '5s' } },
    ].map((threshold) => thresholdSchema.parse(threshold));
    const seconds = run(300);
    const { folded, raw } = foldOldSeconds(thresholds, seconds, T0);
    expect(folded.length).toBeGreaterThan(0);
    expect(folded.length + raw.length).toBeLessThan(seconds.length / 2);
    // No chunk is longer than FOLD_SECONDS, and none straddles the window's bounds (47 s, 133 s).
    expect(raw.length).toBeGreaterThanOrEqual(10);
    expect(liveThresholds(thresholds, [...folded, ...raw], { requestOrder: ['Get', 'Post'] })).toEqual(
      liveThresholds(thresholds, seconds, { requestOrder: ['Get', 'Post'] }),
    );
  });

  it('leaves a plan with a share-of-seconds threshold as it is', () => {
    const compliance = thresholdSchema.parse({ metric: 'latency', stat: 'p50', op: '<', value: 40, compliance: { share: 0.9 } });
    const seconds = run(200);
    expect(foldOldSeconds([compliance], seconds, T0)).toEqual({ folded: [], raw: seconds });
  });
});
