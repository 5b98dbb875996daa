import { describe, expect, it } from 'vitest';
import { thresholdSchema, type Threshold } from '../threshold.js';
import { describeThreshold } from '../threshold-text.js';

const issues = (input: Record<string, unknown>) => {
  const parsed = thresholdSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('thresholds on telemetry: the schema', () => {
  it('takes a statistic of a per-second figure of a named source, and a run figure with or without a source', () => {
    for (const ok of [
      { metric: 'telemetry', source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 0.8 },
      { metric: 'telemetry', source: 'api', figure: 'memory_bytes', stat: 'max', op: '<=', value: 512 * 1024 * 1024, window: { after: '10s' } },
      { metric: 'telemetry', figure: 'backlog_growth', op: '<', value: 0 },
      { metric: 'telemetry', source: 'worker', figure: 'restarts', op: '<', value: 1 },
      { metric: 'telemetry', source: 'api', figure: 'cpu_per_1k_requests', op: '<=', value: 30 },
    ]) {
      expect(issues(ok), JSON.stringify(ok)).toEqual([]);
    }
  });

  it.each([
    [{ request: 'Checkout' }, 'request', /do not say which request or scenario/],
    [{ scenario: 'peak' }, 'scenario', /do not say which request or scenario/],
    [{ relativeTo: 'baseline' }, 'relativeTo', /absolute limit/],
    [{ stop: { after: '10s' } }, 'stop', /judged once, when the run ends.*cannot stop a run/],
  ])('refuses %j on a telemetry threshold', (extra, path, message) => {
    const found = issues({ metric: 'telemetry', source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 0.8, ...extra });
    // Each refusal is said once, in its own words (not also as the latency thresholds' rules).
    expect(found).toEqual([{ path, message: expect.stringMatching(message) }]);
  });

  it('refuses a statistic on a figure of the run, a missing one on a per-second figure, and a window on a run figure', () => {
    expect(issues({ metric: 'telemetry', figure: 'backlog_growth', stat: 'p95', op: '<', value: 0 })).toEqual([
      { path: 'stat', message: 'backlog growth is one figure of the run, not a series of seconds: leave out the statistic' },
    ]);
    expect(issues({ metric: 'telemetry', source: 'api', figure: 'cpu', op: '<', value: 0.8 })).toEqual([
      { path: 'stat', message: expect.stringMatching(/^CPU is read every second: say which statistic/) },
    ]);
    expect(issues({ metric: 'telemetry', source: 'w', figure: 'restarts', op: '<', value: 1, window: { after: '5s' } })).toEqual([
      { path: 'window', message: expect.stringMatching(/a window narrows figures read every second only/) },
    ]);
  });

  it('asks for the source of a figure that does not add up over sources, and checks its name', () => {
    expect(issues({ metric: 'telemetry', figure: 'cpu', stat: 'max', op: '<', value: 0.9 })).toEqual([
      { path: 'source', message: 'name the metric source whose CPU to judge (only backlog growth and restarts add up over every source)' },
    ]);
    expect(issues({ metric: 'telemetry', source: 'API server', figure: 'restarts', op: '<', value: 1 }).map((issue) => issue.path)).toEqual(['source']);
    expect(issues({ metric: 'telemetry', source: 'api', figure: 'temperature', stat: 'max', op: '<', value: 1 }).map((issue) => issue.path)).toEqual([
      'figure',
    ]);
  });

  it('says a telemetry threshold in words', () => {
    const said = (input: Record<string, unknown>) => describeThreshold(thresholdSchema.parse(input) as Threshold);
    expect(said({ metric: 'telemetry', source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 0.8 })).toBe('p95 of api CPU < 80 %');
    expect(said({ metric: 'telemetry', figure: 'backlog_growth', op: '<', value: 1 })).toBe('backlog growth < 1 jobs/s');
    expect(said({ metric: 'telemetry', source: 'worker', figure: 'restarts', op: '<', value: 1 })).toBe('restarts of worker < 1 restart');
    expect(said({ metric: 'telemetry', source: 'db', figure: 'memory_bytes', stat: 'max', op: '<', value: 2 ** 30, window: { after: '30s' } })).toBe(
      'max of db memory after 30 s < 1 GiB',
    );
    expect(said({ metric: 'telemetry', source: 'api', figure: 'http_p95_seconds', stat: 'avg', op: '<=', value: 0.25 })).toBe('avg of api HTTP p95 <= 250 ms');
  });
});
