import { describe, expect, it } from 'vitest';
import { createPlanSchema, type PlanView } from '@loadline/shared';
import {
  initialPlanForm,
  newRequestRow,
  newStageRow,
  newThresholdRow,
  parseStatusList,
  planFieldPaths,
  planViewToForm,
  toCreatePlanInput,
  validatePlanForm,
  type PlanFormState,
} from './plan-form-model';

function form(patch: Partial<PlanFormState> = {}): PlanFormState {
  return {
    ...initialPlanForm('tgt_1'),
    name: 'checkout smoke',
    executor: 'constant-vus',
    vus: '2',
    duration: '3s',
    requests: [newRequestRow({ name: 'home', method: 'GET', path: '/', expectedStatuses: '200' })],
    thresholds: [
      newThresholdRow({ metric: 'latency', stat: 'p95', op: '<', value: '500' }),
      newThresholdRow({ metric: 'error_rate', op: '<', value: '1' }),
    ],
    ...patch,
  };
}

describe('plan form -> CreatePlanInput', () => {
  it('maps a constant-vus plan exactly as the API expects it', () => {
    const { body, errors } = validatePlanForm(form());
    expect(errors).toEqual({});
    expect(body).toEqual({
      name: 'checkout smoke',
      targetId: 'tgt_1',
      scenarios: [
        {
          name: 'default',
          load: { executor: 'constant-vus', vus: 2, duration: '3s' },
          startTime: '0s',
          gracefulStop: '30s',
          flow: 'weighted',
          requests: [{ protocol: 'http', name: 'home', method: 'GET', path: '/', query: {}, headers: {}, expect: { status: [200] }, weight: 1, checks: [], captures: [] }],
        },
      ],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 500 },
        { metric: 'error_rate', op: '<', value: 0.01 },
      ],
      segments: 1,
    });
    expect(createPlanSchema.safeParse(body).success).toBe(true);
  });

  it('sends error-rate percentages as fractions without float noise', () => {
    const { input } = toCreatePlanInput(form({ thresholds: [newThresholdRow({ metric: 'error_rate', value: '0.7' })] }));
    expect(input.thresholds?.[0]).toEqual({ metric: 'error_rate', op: '<', value: 0.007 });
  });

  it('maps ramping-vus stages and drops the constant fields', () => {
    const { body } = validatePlanForm(
      form({ executor: 'ramping-vus', startVUs: '1', stages: [newStageRow('10s', '5'), newStageRow('1m', '0')] }),
    );
    expect(body?.scenarios[0]!.load).toEqual({
      executor: 'ramping-vus',
      startVUs: 1,
      stages: [
        { duration: '10s', target: 5 },
        { duration: '1m', target: 0 },
      ],
      gracefulRampDown: '10s',
    });
  });

  it('maps a constant-arrival-rate plan, leaving maxVUs out when blank', () => {
    const { body, errors } = validatePlanForm(
      form({ executor: 'constant-arrival-rate', rate: '200', timeUnit: '1s', duration: '1m', preAllocatedVUs: '20', maxVUs: '' }),
    );
    expect(errors).toEqual({});
    expect(body?.scenarios[0]!.load).toEqual({ executor: 'constant-arrival-rate', rate: 200, timeUnit: '1s', duration: '1m', preAllocatedVUs: 20 });
  });

  it('maps a ramping-arrival-rate plan from its own stages (not the VU stages)', () => {
    const { body, errors } = validatePlanForm(
      form({
        executor: 'ramping-arrival-rate',
        startRate: '10',
        timeUnit: '1m',
        stages: [newStageRow('5s', '99')],
        rateStages: [newStageRow('30s', '100'), newStageRow('1m', '400')],
        preAllocatedVUs: '5',
        maxVUs: '50',
      }),
    );
    expect(errors).toEqual({});
    expect(body?.scenarios[0]!.load).toEqual({
      executor: 'ramping-arrival-rate',
      startRate: 10,
      timeUnit: '1m',
      stages: [
        { duration: '30s', target: 100 },
        { duration: '1m', target: 400 },
      ],
      preAllocatedVUs: 5,
      maxVUs: 50,
    });
  });

  it('validates arrival-rate fields with the shared schema, at the API paths', () => {
    const { body, errors } = validatePlanForm(
      form({ executor: 'constant-arrival-rate', rate: '0', timeUnit: 'soon', duration: '30s', preAllocatedVUs: '20', maxVUs: '10' }),
    );
    expect(body).toBeNull();
    expect(errors['load.rate']).toMatch(/>=1|too small/i);
    expect(errors['load.timeUnit']).toMatch(/k6 duration/);
    expect(errors['load.maxVUs']).toBe('must be at least the pre-allocated VUs');
    const blank = validatePlanForm(form({ executor: 'ramping-arrival-rate', preAllocatedVUs: '', rateStages: [newStageRow('1m', 'x')] }));
    expect(blank.errors['load.preAllocatedVUs']).toBe('required');
    expect(blank.errors['load.stages.0.target']).toBe('enter a number');
  });

  it('keeps a body only for methods that carry one, and scopes thresholds to a request', () => {
    const { body } = validatePlanForm(
      form({
        requests: [
          newRequestRow({ name: 'search', method: 'POST', path: '/search', body: '{"q":"x"}', weight: '3' }),
          newRequestRow({ name: 'list', method: 'GET', path: '/list', body: 'ignored' }),
        ],
        thresholds: [newThresholdRow({ metric: 'rps', op: '>=', value: '100', request: 'search' })],
      }),
    );
    const http = { protocol: 'http', query: {}, headers: {}, checks: [], captures: [] };
    expect(body?.scenarios[0]!.requests).toEqual([
      { ...http, name: 'search', method: 'POST', path: '/search', body: { type: 'text', text: '{"q":"x"}' }, weight: 3 },
      { ...http, name: 'list', method: 'GET', path: '/list', weight: 1 },
    ]);
    expect(body?.thresholds).toEqual([{ metric: 'rps', op: '>=', value: 100, request: 'search' }]);
  });

  it('reports problems at the same paths the API uses', () => {
    const { body, errors } = validatePlanForm(
      form({
        name: ' ',
        targetId: '',
        duration: 'soon',
        requests: [newRequestRow({ name: 'a', path: 'no-slash' }), newRequestRow({ name: 'a', path: '/' })],
        thresholds: [newThresholdRow({ metric: 'error_rate', value: '150' })],
      }),
    );
    expect(body).toBeNull();
    expect(errors['name']).toBe('required');
    expect(errors['targetId']).toBe('choose a target');
    expect(errors['load.duration']).toMatch(/k6 duration/);
    expect(errors['requests.0.path']).toBe('must start with "/"');
    expect(errors['thresholds.0.value']).toBe('enter a percentage between 0 and 100');
  });

  it('reports duplicate request names and thresholds scoped to unknown requests', () => {
    const { errors } = validatePlanForm(
      form({
        requests: [newRequestRow({ name: 'a', path: '/' }), newRequestRow({ name: 'a', path: '/b' })],
        thresholds: [newThresholdRow({ request: 'ghost' })],
      }),
    );
    expect(errors['requests.1.name']).toMatch(/^duplicate request name "a"/);
    expect(errors['thresholds.0.request']).toBe('no request named "ghost" in this plan');
  });

  it('flags blank and non-numeric numbers before the schema does', () => {
    const { errors } = validatePlanForm(form({ vus: '', requests: [newRequestRow({ name: 'a', weight: 'x' })] }));
    expect(errors['load.vus']).toBe('required');
    expect(errors['requests.0.weight']).toBe('enter a number');
  });

  it('lists field paths in document order', () => {
    const paths = planFieldPaths(form());
    expect(paths.slice(0, 5)).toEqual(['name', 'targetId', 'load.executor', 'load.vus', 'load.duration']);
    expect(planFieldPaths(form({ executor: 'ramping-arrival-rate', rateStages: [newStageRow()] })).slice(2, 9)).toEqual([
      'load.executor',
      'load.startRate',
      'load.timeUnit',
      'load.stages.0.duration',
      'load.stages.0.target',
      'load.preAllocatedVUs',
      'load.maxVUs',
    ]);
    expect(paths).toContain('requests.0.expect');
    expect(paths).toContain('thresholds.1.value');
  });
});

describe('parseStatusList', () => {
  it('accepts commas and spaces, removes duplicates', () => {
    expect(parseStatusList('200, 204 ,200')).toEqual({ statuses: [200, 204] });
    expect(parseStatusList('200 404')).toEqual({ statuses: [200, 404] });
    expect(parseStatusList('  ')).toEqual({});
    expect(parseStatusList('2xx').error).toMatch(/three-digit/);
  });
});

describe('planViewToForm', () => {
  it('round-trips a stored plan through the editor', () => {
    const { body } = validatePlanForm(form());
    const plan: PlanView = {
      id: 'pln_1',
      name: body!.name,
      targetId: body!.targetId,
      version: 3,
      spec: { scenarios: body!.scenarios, thresholds: body!.thresholds, segments: 1 },
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    expect(validatePlanForm(planViewToForm(plan)).body).toEqual(body);
  });

  it('round-trips arrival-rate plans', () => {
    for (const patch of [
      { executor: 'constant-arrival-rate' as const, rate: '30', timeUnit: '1s', duration: '20s', preAllocatedVUs: '4', maxVUs: '' },
      { executor: 'ramping-arrival-rate' as const, startRate: '5', rateStages: [newStageRow('10s', '40')], preAllocatedVUs: '4', maxVUs: '12' },
    ]) {
      const { body } = validatePlanForm(form(patch));
      expect(body).not.toBeNull();
      const plan: PlanView = {
        id: 'pln_2',
        name: body!.name,
        targetId: body!.targetId,
        version: 1,
        spec: { scenarios: body!.scenarios, thresholds: body!.thresholds, segments: 1 },
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      };
      expect(validatePlanForm(planViewToForm(plan)).body).toEqual(body);
    }
  });
});
