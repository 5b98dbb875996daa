import { describe, expect, it } from 'vitest';
import { runPhases } from './run-phases.js';

describe('runPhases', () => {
  it('gives each scenario its span in seconds from the load’s start, when there are several', () => {
    const load = [
      { scenario: 'browse', load: { executor: 'constant-vus', vus: 5, duration: '10s' } },
      {
        scenario: 'spike',
        startTime: '10s',
        load: {
          executor: 'ramping-vus',
          startVUs: 0,
          stages: [
            { duration: '1m', target: 50 },
            { duration: '30s', target: 0 },
          ],
        },
      },
    ];
    expect(runPhases(load)).toEqual([
      { name: 'browse', from: 0, to: 10 },
      { name: 'spike', from: 10, to: 100 },
    ]);
  });

  it('has no phases for one scenario, no manifest, or a load it cannot read', () => {
    const one = { scenario: 'only', load: { executor: 'constant-vus', vus: 1, duration: '5s' } };
    expect(runPhases([one])).toEqual([]);
    expect(runPhases(null)).toEqual([]);
    expect(runPhases(undefined)).toEqual([]);
    expect(runPhases([one, { scenario: 'odd', load: { executor: 'nonsense' } }])).toEqual([{ name: 'only', from: 0, to: 5 }]);
  });
});
