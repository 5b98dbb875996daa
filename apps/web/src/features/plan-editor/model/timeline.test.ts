import { describe, expect, it } from 'vitest';
import { formatDuration, freeRequestName, scenarioTimings, sequentialPreset } from './timeline';
import { newLoad, newScenario, newStage, newStep } from './form-types';
import { validatePlanForm } from './validate';
import { initialPlanForm } from './form-types';

describe('timeline', () => {
  it('formats seconds as the shortest k6 duration', () => {
    expect([0, 0.5, 30, 90, 120, 3600, 3725].map(formatDuration)).toEqual(['0s', '500ms', '30s', '1m30s', '2m', '1h', '1h2m5s']);
  });

  it('starts a scenario after the previous one’s profile, down the list', () => {
    const scenarios = [
      newScenario({ load: newLoad({ executor: 'constant-vus', vus: '5', duration: '2m' }) }),
      newScenario({ load: newLoad({ executor: 'ramping-vus', vuStages: [newStage('1m', '10'), newStage('30s', '0')] }), startAfterPrevious: true }),
      newScenario({ load: newLoad({ executor: 'per-vu-iterations', maxDuration: '1m' }), startAfterPrevious: true }),
      newScenario({ load: newLoad({ executor: 'constant-vus', duration: '10s' }), startTime: '30s' }),
      newScenario({ load: newLoad({ executor: 'constant-vus', duration: 'bad' }), startAfterPrevious: true }),
      newScenario({ load: newLoad({ executor: 'constant-vus', duration: '1s' }), startAfterPrevious: true }),
    ];
    expect(scenarioTimings(scenarios)).toEqual([
      { start: 0, length: 120 },
      { start: 120, length: 90 },
      { start: 210, length: 60 },
      { start: 30, length: 10 },
      { start: 40, length: null },
      { start: null, length: 1 },
    ]);
  });

  it('the sequential preset is baseline 5 VUs 2 min, then normal 30 VUs 5 min, then peak 10 -> 100 VUs', () => {
    const scenarios = sequentialPreset([newStep({ name: 'home', path: '/' })]);
    const { body, errors } = validatePlanForm({ ...initialPlanForm('t'), name: 'p', scenarios, thresholds: [] });
    expect(errors).toEqual({});
    expect(body!.scenarios.map((s) => [s.name, s.startTime, s.load, s.requests.map((r) => r.name)])).toEqual([
      ['baseline', '0s', { executor: 'constant-vus', vus: 5, duration: '2m' }, ['baseline home']],
      ['normal', '2m', { executor: 'constant-vus', vus: 30, duration: '5m' }, ['normal home']],
      ['peak', '7m', { executor: 'ramping-vus', startVUs: 10, stages: [{ duration: '3m', target: 100 }], gracefulRampDown: '10s' }, ['peak home']],
    ]);
  });

  it('a computed start follows edits of the scenarios above it', () => {
    const scenarios = sequentialPreset([newStep({ name: 'home' })]);
    scenarios[0]!.load.duration = '3m';
    const { body } = validatePlanForm({ ...initialPlanForm('t'), name: 'p', scenarios, thresholds: [] });
    expect(body!.scenarios.map((s) => s.startTime)).toEqual(['0s', '3m', '8m']);
  });

  it('finds free request names across scenarios', () => {
    expect(freeRequestName([newScenario({ steps: [newStep({ name: 'request2' }), newStep({ name: 'request3' })] })])).toBe('request4');
  });
});
