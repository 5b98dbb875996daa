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
      load: { executor: 'constant-vus', vus: 2, duration: '3s' },
      requests: [{ name: 'home', method: 'GET', path: '/', headers: {}, expect: { status: [200] }, weight: 1 }],
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
    expect(body?.load).toEqual({
      executor: 'ramping-vus',
      startVUs: 1,
      stages: [
        { duration: '10s', target: 5 },
        { duration: '1m', target: 0 },
      ],
      gracefulRampDown: '10s',
    });
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
    expect(body?.requests).toEqual([
      { name: 'search', method: 'POST', path: '/search', body: '{"q":"x"}', headers: {}, weight: 3 },
      { name: 'list', method: 'GET', path: '/list', headers: {}, weight: 1 },
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
    expect(errors['requests.1.name']).toBe('duplicate request name "a"');
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
      spec: { load: body!.load, requests: body!.requests, thresholds: body!.thresholds, segments: 1 },
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    expect(validatePlanForm(planViewToForm(plan)).body).toEqual(body);
  });
});
