import { describe, expect, it } from 'vitest';
import { planSpecSchema } from '@loadline/shared';
import { describeChangePath, showValue } from './PlanVersions';

describe('diff rows', () => {
  const spec = planSpecSchema.parse({
    scenarios: [
      { name: 'warmup', load: { executor: 'constant-vus', vus: 1, duration: '1s' }, requests: [{ name: 'ping', path: '/' }] },
      {
        name: 'checkout',
        load: { executor: 'constant-vus', vus: 1, duration: '1s' },
        requests: [
          { name: 'login', path: '/l' },
          { name: 'order', path: '/o' },
        ],
      },
    ],
  });

  it('names scenarios, requests and thresholds by what they are', () => {
    expect(describeChangePath('scenarios.0.load.vus', spec)).toBe('scenario warmup › load › vus');
    expect(describeChangePath('scenarios.1.requests.1.headers.X-Api-Key', spec)).toBe('scenario checkout › request order › headers › X-Api-Key');
    expect(describeChangePath('scenarios.4.name', spec)).toBe('scenario 5 › name');
    expect(describeChangePath('thresholds.0.value', spec)).toBe('threshold 1 › value');
    expect(describeChangePath('name', spec)).toBe('name');
  });

  it('shows values briefly', () => {
    expect(showValue('2m')).toBe('2m');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue('x'.repeat(200))).toHaveLength(158);
    expect(showValue(undefined)).toBe('');
  });
});
