import { describe, expect, it } from 'vitest';
import { evaluateThresholds, overallVerdict, thresholdSchema, type Threshold } from '../threshold.js';
import { summarizeSeconds } from '../summary.js';
import { requestSecond, second } from '../test-fixtures.js';
import { telemetryJudge } from './threshold-judge.js';
import type { TelemetryThreshold } from './threshold.js';
import { catalog, findingsInput, load, seconds, series, T0, type Reading } from './findings/test-fixtures.js';

const threshold = (input: Record<string, unknown>) => thresholdSchema.parse({ metric: 'telemetry', ...input }) as TelemetryThreshold;

/**
 * 20 s of load. The api is given 2 cores and busy offset/10 of them in second `offset`: its
 * CPU share is offset/20 (0, 5 %, ... 95 %); its memory 100 MB. The jobs queue grows 90 a
 * second from the start; the worker restarts at 5 s and 12 s (refused for a second, then a
 * new start time).
 */
const run = findingsInput(20, {
  sources: [
    {
      catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate'), series('rss', 'memory_bytes')], { cpuCores: 2 }),
      seconds: seconds('api', -2, 22, (offset) => ({ cpu: offset < 0 || offset > 19 ? 0 : offset / 10, rss: 100e6 })),
    },
    { catalog: catalog('jobs', [series('depth', 'queue_depth')]), seconds: seconds('jobs', -2, 22, (offset) => ({ depth: Math.max(0, 90 * offset) })) },
    {
      catalog: catalog('worker', [series('start', 'start_time')]),
      seconds: seconds('worker', -2, 22, (offset): Reading => {
        if (offset === 5 || offset === 12) return { error: 'REFUSED' };
        return { start: offset < 5 ? T0 - 600 : offset < 12 ? T0 + 6 : T0 + 13 };
      }),
    },
  ],
});
const judge = telemetryJudge(run);

describe('judging thresholds on telemetry', () => {
  it('judges a statistic of the seconds of a figure against its limit, in words', () => {
    // Shares 0..0.95: p95 by nearest rank is the 19th of 20 seconds, 90 %.
    const failed = judge(threshold({ source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 0.8 }));
    expect(failed).toMatchObject({ verdict: 'FAIL', measured: 0.9 });
    expect(failed.explanation).toBe('p95 of api CPU 90 % of its 2 cores against < 80 %: over by 12.5 %');
    const average = judge(threshold({ source: 'api', figure: 'cpu', stat: 'avg', op: '<', value: 0.8 }));
    expect(average.verdict).toBe('PASS');
    expect(average.measured).toBeCloseTo(0.475, 9);
    expect(judge(threshold({ source: 'api', figure: 'cpu_cores', stat: 'max', op: '<=', value: 1.9 }))).toMatchObject({ verdict: 'PASS', measured: 1.9 });
    expect(judge(threshold({ source: 'api', figure: 'memory_bytes', stat: 'max', op: '<', value: 50e6 }))).toMatchObject({ verdict: 'FAIL', measured: 100e6 });
  });

  it("judges only the seconds of the threshold's window", () => {
    const late = judge(threshold({ source: 'api', figure: 'cpu', stat: 'min', op: '>=', value: 0.5, window: { after: '10s' } }));
    expect(late).toMatchObject({ verdict: 'PASS', measured: 0.5 });
    expect(late.explanation).toMatch(/^min of api CPU after 10 s 50 % of its 2 cores against >= 50 %/);
    expect(judge(threshold({ source: 'api', figure: 'cpu', stat: 'max', op: '<', value: 1, window: { after: '30s' } }))).toMatchObject({
      verdict: 'INCONCLUSIVE',
      explanation: 'max of api CPU after 30 s < 100 %: not judged, no second of the load lies after 30 s',
    });
  });

  it('judges the figures of the run: backlog growth (one source or all), restarts, CPU per 1,000 requests', () => {
    const growth = judge(threshold({ figure: 'backlog_growth', op: '<', value: 0 }));
    expect(growth.verdict).toBe('FAIL');
    expect(growth.measured).toBeCloseTo(90, 6);
    expect(growth.explanation).toBe('backlog growth 90 jobs/s against < 0 jobs/s: over by 90 jobs/s');
    expect(judge(threshold({ source: 'jobs', figure: 'backlog_growth', op: '<', value: 100 }))).toMatchObject({ verdict: 'PASS' });
    expect(judge(threshold({ source: 'worker', figure: 'restarts', op: '<', value: 1 }))).toMatchObject({ verdict: 'FAIL', measured: 2 });
    expect(judge(threshold({ figure: 'restarts', op: '<=', value: 2 }))).toMatchObject({ verdict: 'PASS', measured: 2 });
    // Reads 1..20 (the work of the load's seconds): 0.1 .. 1.9 cores and one idle read, 19 CPU-s for 2,000 requests.
    const perRequests = judge(threshold({ source: 'api', figure: 'cpu_per_1k_requests', op: '<', value: 10 }));
    expect(perRequests.verdict).toBe('PASS');
    expect(perRequests.measured).toBeCloseTo(9.5, 6);
  });

  it('says a margin around zero as a difference: a draining queue against "< 0"', () => {
    const draining = findingsInput(20, {
      sources: [{ catalog: catalog('jobs', [series('depth', 'queue_depth')]), seconds: seconds('jobs', 0, 19, (offset) => ({ depth: 1000 - 4 * offset })) }],
    });
    const result = telemetryJudge(draining)(threshold({ figure: 'backlog_growth', op: '<', value: 0 }));
    expect(result).toMatchObject({ verdict: 'PASS', explanation: 'backlog growth -4 jobs/s against < 0 jobs/s: 4 jobs/s headroom' });
    expect(result.measured).toBeCloseTo(-4, 9);
  });

  it('says INCONCLUSIVE, and why, when the run cannot tell', () => {
    const why = (input: Record<string, unknown>, on = run) => {
      const result = telemetryJudge(on)(threshold(input));
      expect(result.verdict).toBe('INCONCLUSIVE');
      expect(result.measured).toBeNull();
      return result.explanation.split(': not judged, ')[1];
    };
    expect(why({ source: 'db', figure: 'cpu', stat: 'p95', op: '<', value: 0.8 })).toBe('the run read no source named db (it read api, jobs, worker)');
    expect(why({ source: 'jobs', figure: 'memory_bytes', stat: 'max', op: '<', value: 1e9 })).toBe('jobs keeps no memory_bytes series');
    expect(why({ source: 'api', figure: 'memory_share', stat: 'max', op: '<', value: 0.9 })).toBe('api keeps no memory limit to share its memory of');
    expect(why({ source: 'api', figure: 'backlog_growth', op: '<', value: 1 })).toBe('api keeps no queue_depth series');

    // Read for 8 of the load's 20 seconds.
    const sparse = findingsInput(20, {
      sources: [
        {
          catalog: catalog('api', [series('cpu', 'cpu_cores', 'rate')]),
          seconds: seconds('api', 0, 19, (offset): Reading => (offset < 12 ? { error: 'TIMEOUT' } : { cpu: 1 })),
        },
      ],
    });
    expect(why({ source: 'api', figure: 'cpu_cores', stat: 'p95', op: '<', value: 4 }, sparse)).toBe('api was read for 8 of 20 s, under half');
    expect(why({ source: 'api', figure: 'restarts', op: '<', value: 1 }, sparse)).toBe('api was read for 8 of 20 s, under half');
    // Without cores or a limit there is no share to judge, but the cores are judged.
    expect(why({ source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 0.8 }, { ...sparse, sources: [{ ...sparse.sources[0]!, seconds: [] }] })).toMatch(
      /^api keeps no CPU limit and was given no cores/,
    );

    // A ramp never holds a level: no steady stretch to read a backlog's growth over.
    const ramp = { ...run, load: load(19, (offset) => ({ vus: offset + 1, rps: 10 * (offset + 1) })) };
    expect(why({ figure: 'backlog_growth', op: '<', value: 1 }, ramp)).toBe(
      'the load never held one level for 10 s, and backlog growth is read while it is steady',
    );
    expect(telemetryJudge(null)(threshold({ figure: 'restarts', op: '<', value: 1 })).explanation).toBe(
      'restarts < 1 restart: not judged, no telemetry was read',
    );
  });

  it('is what evaluateThresholds hands telemetry thresholds to, and they count in the verdict', () => {
    const summary = summarizeSeconds([second(T0, [requestSecond('Get', 200, [5, 6, 7])])]);
    const thresholds: Threshold[] = [
      thresholdSchema.parse({ metric: 'latency', stat: 'p95', op: '<', value: 500 }),
      threshold({ source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 0.8 }),
    ];
    const judged = evaluateThresholds(thresholds, summary, undefined, undefined, judge);
    expect(judged.map((result) => result.verdict)).toEqual(['PASS', 'FAIL']);
    expect(overallVerdict(judged)).toBe('FAIL');
    // Without a judge (no telemetry at hand), a telemetry threshold is not judged and the run is inconclusive.
    const unjudged = evaluateThresholds(thresholds, summary);
    expect(unjudged[1]).toMatchObject({ verdict: 'INCONCLUSIVE', explanation: 'p95 of api CPU < 80 %: not judged, no telemetry was read' });
    expect(overallVerdict(unjudged)).toBe('INCONCLUSIVE');
  });
});
