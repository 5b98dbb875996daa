import { describe, expect, it } from 'vitest';
import { unclaimedErrors } from '../../../forms/field-errors';
import { planFieldPaths } from './field-paths';
import { initialPlanForm, newCapture, newCheck, newKvRow, newScenario, newStep, newThreshold, type PlanForm } from './form-types';
import { apiErrorsToForm, validatePlanForm } from './validate';

function form(patch: Partial<PlanForm> = {}): PlanForm {
  return { ...initialPlanForm('tgt_1'), name: 'p', ...patch };
}

describe('editor validation with the shared schema', () => {
  it('reports typing problems and schema problems at the fields that show them', () => {
    const broken = form({
      scenarios: [
        newScenario({
          name: 'bad name!',
          flow: 'sequence',
          load: { ...initialPlanForm().scenarios[0]!.load, executor: 'ramping-vus', vuStages: [{ id: 1, duration: '5x', target: 'ten' }] },
          steps: [
            newStep({
              name: 'a',
              path: 'nope',
              headers: [newKvRow('X-A', '1'), newKvRow('x-a', '2')],
              expectedStatuses: '2000',
              bodyKind: 'json',
              json: '{"a":',
            }),
            newStep({
              name: 'b',
              path: '/b/{{token}}',
              checks: [newCheck({ type: 'status', value: 'abc' })],
              captures: [newCapture({ name: '1bad', source: 'x' })],
            }),
          ],
        }),
      ],
      thresholds: [
        newThreshold({ value: '' }),
        newThreshold({ metric: 'error_rate', value: '150' }),
        newThreshold({ scopeKind: 'request', scopeName: 'missing' }),
      ],
    });
    const { body, errors } = validatePlanForm(broken);
    expect(body).toBeNull();
    expect(errors).toMatchObject({
      'scenarios.0.name': expect.stringMatching(/letters, digits/),
      'scenarios.0.load.stages.0.duration': expect.stringMatching(/k6 duration/),
      'scenarios.0.load.stages.0.target': 'Enter a number',
      'scenarios.0.requests.0.path': 'Must start with "/"',
      'scenarios.0.requests.0.headers.1.key': '"x-a" is already set above',
      'scenarios.0.requests.0.expect': expect.stringMatching(/three-digit/),
      'scenarios.0.requests.0.body.json': expect.stringMatching(/^Not valid JSON/),
      'scenarios.0.requests.1.checks.0.equals': 'Enter a number',
      'scenarios.0.requests.1.captures.0.name': expect.stringMatching(/not starting with a digit/),
      'thresholds.0.value': 'Enter a number',
      'thresholds.1.value': 'Enter a percentage between 0 and 100',
    });
    // Every message has a field on screen to show it.
    expect(unclaimedErrors(errors, planFieldPaths(broken))).toEqual([]);
  });

  it('reports references across requests once the rest is valid (the schema checks them last)', () => {
    const editor = form({
      scenarios: [
        newScenario({
          flow: 'sequence',
          steps: [
            newStep({ name: 'a', path: '/a/{{token}}' }),
            newStep({ name: 'a', path: '/b', captures: [newCapture({ name: 'token', source: 'data.token' })] }),
          ],
        }),
      ],
      thresholds: [newThreshold({ scopeKind: 'request', scopeName: 'missing' }), newThreshold({ scopeKind: 'scenario', scopeName: 'nope' })],
    });
    const { errors } = validatePlanForm(editor);
    expect(errors).toEqual({
      'scenarios.0.requests.0.path': '{{token}} is not captured by an earlier request of this scenario (target variables are {{vars.NAME}})',
      'scenarios.0.requests.1.name': 'Duplicate request name "a" (names are report rows; make them unique across scenarios)',
      'thresholds.0.scope': 'No request named "missing" in this plan',
      'thresholds.1.scope': 'No scenario named "nope" in this plan',
    });
    expect(unclaimedErrors(errors, planFieldPaths(editor))).toEqual([]);
  });

  it("shows a threshold's window and stop rule refusals at their fields", () => {
    const { errors } = validatePlanForm(
      form({
        thresholds: [
          newThreshold({ metric: 'rps', value: '10', stopAfter: '10s' }),
          newThreshold({ windowAfter: '20s', windowUntil: '10s', stopAfter: '2s' }),
          newThreshold({ windowAfter: 'soon' }),
        ],
      }),
    );
    expect(errors['thresholds.0.stop.after']).toMatch(/^A stop rule judges each second on its own/);
    expect(errors['thresholds.1.window.until']).toBe('"after" must come before "until"');
    expect(errors['thresholds.1.stop.after']).toMatch(/at least 5 s/);
    expect(errors['thresholds.2.window.after']).toMatch(/k6 duration/);
    expect(unclaimedErrors(errors, planFieldPaths(form({ thresholds: [newThreshold(), newThreshold(), newThreshold()] })))).toEqual([]);
  });

  it('moves API errors of the shorthand, record keys, form fields and threshold scopes to their fields', () => {
    const editor = form({
      scenarios: [
        newScenario({
          steps: [
            newStep({
              name: 'a',
              query: [newKvRow('q', 'x')],
              headers: [newKvRow('Authorization', 'x')],
              bodyKind: 'form',
              formFields: [newKvRow('user', 'u'), newKvRow('token', '{{t}}')],
            }),
            newStep({ protocol: 'grpc', name: 'g', grpcMethod: 'a.B/C', metadata: [newKvRow('k', 'v')] }),
          ],
        }),
      ],
    });
    const errors = apiErrorsToForm(
      [
        { path: 'load.vus', message: '20 > 10 VUs allowed before verification' },
        { path: 'requests.0.path', message: 'shorthand path' },
        { path: 'scenarios.0.requests.0.headers.Authorization', message: 'too long' },
        { path: 'scenarios.0.requests.0.query.q', message: 'bad query' },
        { path: 'scenarios.0.requests.0.body.token', message: '{{t}} is not captured' },
        { path: 'scenarios.0.requests.0.body.fields.user', message: 'too long field' },
        { path: 'scenarios.0.requests.1.metadata.k', message: 'bad metadata' },
        { path: 'scenarios.0.requests.0.headers.Missing', message: 'no such row' },
        { path: 'thresholds.0.scenario', message: 'no scenario named "x"' },
        { path: 'scenarios.0.load.stages.1.duration', message: 'bad stage' },
      ],
      editor,
    );
    expect(errors).toEqual({
      'scenarios.0.load.vus': '20 > 10 VUs allowed before verification',
      'scenarios.0.requests.0.path': 'Shorthand path',
      'scenarios.0.requests.0.headers.0.value': 'Too long',
      'scenarios.0.requests.0.query.0.value': 'Bad query',
      'scenarios.0.requests.0.body.fields.1.value': '{{t}} is not captured',
      'scenarios.0.requests.0.body.fields.0.value': 'Too long field',
      'scenarios.0.requests.1.metadata.0.value': 'Bad metadata',
      'scenarios.0.requests.0.headers': 'No such row',
      'thresholds.0.scope': 'No scenario named "x"',
      'scenarios.0.load.stages.1.duration': 'Bad stage',
    });
  });

  it('names a custom script’s k6 error at script.source and needs a target', () => {
    const { errors } = validatePlanForm(form({ mode: 'script', script: '', targetId: '' }));
    expect(errors).toMatchObject({ 'script.source': 'Enter the script', targetId: 'Choose a target' });
    const api = apiErrorsToForm([{ path: 'script.source', message: 'line 4:37: Unexpected token ;' }], form({ mode: 'script' }));
    expect(api).toEqual({ 'script.source': 'Line 4:37: Unexpected token ;' });
  });

  it('asks for gRPC settings when a scenario makes gRPC calls', () => {
    const { errors } = validatePlanForm(
      form({ scenarios: [newScenario({ steps: [newStep({ protocol: 'grpc', name: 'g', grpcMethod: 'a.B/C', message: '[1]', expectCodes: 'OK, NOPE' })] })] }),
    );
    expect(errors).toMatchObject({
      grpc: expect.stringMatching(/\.proto source or server reflection/),
      'scenarios.0.requests.0.message': expect.stringMatching(/JSON object/),
      'scenarios.0.requests.0.expectCodes': expect.stringMatching(/"NOPE" is not a gRPC status/),
    });
    const proto = validatePlanForm(
      form({ grpcSource: 'proto', proto: ' ', scenarios: [newScenario({ steps: [newStep({ protocol: 'grpc', name: 'g', grpcMethod: 'a.B/C' })] })] }),
    );
    expect(proto.errors).toMatchObject({ 'grpc.proto': expect.stringMatching(/\.proto source/) });
  });

  it('a fixed think time may be typed once', () => {
    const { body } = validatePlanForm(form({ scenarios: [newScenario({ think: { min: '', max: '2s' }, steps: [newStep({ name: 'a' })] })] }));
    expect(body?.scenarios[0]!.thinkTime).toEqual({ min: '2s', max: '2s' });
  });
});
