import { describe, expect, it } from 'vitest';
import { planSpecSchema } from '@loadline/shared';
import { changeWords } from './plan-diff-words';

const spec = planSpecSchema.parse({
  scenarios: [
    {
      name: 'ramp',
      load: {
        executor: 'ramping-vus',
        startVUs: 0,
        stages: [
          { duration: '10s', target: 20 },
          { duration: '20s', target: 50 },
        ],
      },
      requests: [{ name: 'login', path: '/l' }],
    },
  ],
  thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 200 }],
});

describe('changeWords', () => {
  it('says a stage target change with its unit, one name per row', () => {
    expect(changeWords({ path: 'scenarios.0.load.stages.1.target', kind: 'changed', before: 40, after: 50 }, spec)).toBe('stage 2 target 40 → 50 VUs');
    expect(changeWords({ path: 'scenarios.0.load.startVUs', kind: 'changed', before: 0, after: 5 }, spec)).toBe('start VUs 0 → 5');
  });

  it('names a threshold added or removed whole by what it requires', () => {
    const threshold = { metric: 'latency', stat: 'p95', op: '<', value: 200 };
    expect(changeWords({ path: 'thresholds.0', kind: 'added', after: threshold }, spec)).toBe('threshold p95 < 200 ms added');
    expect(changeWords({ path: 'thresholds.0', kind: 'removed', before: threshold }, spec)).toBe('threshold p95 < 200 ms removed');
    expect(changeWords({ path: 'thresholds.0.value', kind: 'changed', before: 250, after: 200 }, spec)).toBe('threshold 1 value 250 → 200 ms');
  });

  it('names requests and headers, and says added values', () => {
    expect(changeWords({ path: 'scenarios.0.requests.0.path', kind: 'changed', before: '/l', after: '/login' }, spec)).toBe('request login path /l → /login');
    expect(changeWords({ path: 'scenarios.0.requests.0.headers.X-Trace', kind: 'added', after: 'on' }, spec)).toBe('request login header X-Trace on added');
    expect(changeWords({ path: 'name', kind: 'changed', before: 'a', after: 'b' }, spec)).toBe('name a → b');
  });

  it('prefixes the scenario only when the plan has several', () => {
    const two = planSpecSchema.parse({
      scenarios: [
        { name: 'warmup', load: { executor: 'constant-vus', vus: 1, duration: '1s' }, requests: [{ name: 'ping', path: '/' }] },
        { name: 'peak', load: { executor: 'constant-vus', vus: 2, duration: '1s' }, requests: [{ name: 'pong', path: '/' }] },
      ],
    });
    expect(changeWords({ path: 'scenarios.1.load.vus', kind: 'changed', before: 2, after: 3 }, two)).toBe('scenario peak: VUs 2 → 3');
  });
});
