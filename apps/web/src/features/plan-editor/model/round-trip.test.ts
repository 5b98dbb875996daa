import { describe, expect, it } from 'vitest';
import { createPlanSchema, EXECUTORS, type CreatePlanInput } from '@loadline/shared';
import { specToForm } from './from-spec';
import { planToInput } from './to-spec';
import { validatePlanForm } from './validate';

/** A stored plan (as the API answers it) -> the editor -> what the editor sends -> the same plan. */
function roundTrip(plan: CreatePlanInput) {
  const stored = createPlanSchema.parse(plan);
  const { name, targetId, ...spec } = stored;
  const form = specToForm(spec, name, targetId);
  const { input, errors } = planToInput(form);
  expect(errors).toEqual({});
  const { body, errors: validation } = validatePlanForm(form);
  expect(validation).toEqual({});
  expect(createPlanSchema.parse(input)).toEqual(stored);
  expect(body).toEqual(stored);
  return { form, stored };
}

const base = { name: 'checkout', targetId: 'tgt_1' };
const request = { name: 'home', path: '/' };

describe('editor <-> plan spec round trip', () => {
  const loads: Record<(typeof EXECUTORS)[number], Record<string, unknown>[]> = {
    'constant-vus': [{ executor: 'constant-vus', vus: 7, duration: '1m30s' }],
    'ramping-vus': [
      {
        executor: 'ramping-vus',
        stages: [
          { duration: '30s', target: 20 },
          { duration: '1m', target: 0 },
        ],
      },
      { executor: 'ramping-vus', startVUs: 3, stages: [{ duration: '10s', target: 0 }], gracefulRampDown: '0s' },
    ],
    'constant-arrival-rate': [
      { executor: 'constant-arrival-rate', rate: 40, duration: '2m', preAllocatedVUs: 5 },
      { executor: 'constant-arrival-rate', rate: 600, timeUnit: '1m', duration: '2m', preAllocatedVUs: 5, maxVUs: 50 },
    ],
    'ramping-arrival-rate': [
      { executor: 'ramping-arrival-rate', startRate: 5, timeUnit: '2s', stages: [{ duration: '1m', target: 100 }], preAllocatedVUs: 10, maxVUs: 40 },
    ],
    'per-vu-iterations': [
      { executor: 'per-vu-iterations', vus: 3, iterations: 5 },
      { executor: 'per-vu-iterations', vus: 3, iterations: 5, maxDuration: '90s' },
    ],
    'shared-iterations': [{ executor: 'shared-iterations', vus: 2, iterations: 9, maxDuration: '1m' }],
  };

  for (const executor of EXECUTORS) {
    it(`keeps a ${executor} load profile`, () => {
      for (const load of loads[executor]) {
        const { form } = roundTrip({ ...base, scenarios: [{ name: 'only', load, requests: [request] }] } as CreatePlanInput);
        expect(form.scenarios[0]!.load.executor).toBe(executor);
      }
    });
  }

  it('keeps sequential scenarios, their options and flows, and shows later ones as "start after previous"', () => {
    const { form } = roundTrip({
      ...base,
      scenarios: [
        {
          name: 'baseline',
          load: { executor: 'constant-vus', vus: 5, duration: '2m' },
          requests: [{ name: 'A', path: '/a' }],
          thinkTime: { min: '1s', max: '3s' },
        },
        {
          name: 'normal',
          startTime: '2m',
          gracefulStop: '5s',
          load: { executor: 'constant-vus', vus: 30, duration: '5m' },
          flow: 'sequence',
          requests: [
            { name: 'B', path: '/b' },
            { name: 'B2', path: '/b2' },
          ],
        },
        {
          name: 'peak',
          startTime: '7m',
          load: { executor: 'ramping-vus', startVUs: 10, stages: [{ duration: '3m', target: 100 }] },
          requests: [{ name: 'C', path: '/c', weight: 4 }],
        },
        { name: 'late', startTime: '1h', load: { executor: 'constant-vus', vus: 1, duration: '1s' }, requests: [{ name: 'D', path: '/d' }] },
      ],
    });
    expect(form.scenarios.map((scenario) => scenario.startAfterPrevious)).toEqual([false, true, true, false]);
  });

  it('keeps every HTTP request feature', () => {
    roundTrip({
      ...base,
      scenarios: [
        {
          name: 'flow',
          flow: 'sequence',
          load: { executor: 'per-vu-iterations', vus: 1, iterations: 1 },
          requests: [
            {
              name: 'Login',
              method: 'POST',
              path: '/login',
              query: { lang: 'en', key: '{{vars.API_KEY}}' },
              headers: { 'X-Api-Key': '{{vars.API_KEY}}' },
              body: { type: 'json', json: { user: 'a', nested: { list: [1, true, null] } } },
              expect: { status: [200, 201] },
              checks: [
                { type: 'status', equals: 200 },
                { type: 'bodyContains', value: 'token' },
                { type: 'jsonPath', path: 'data.token', equals: 'x' },
                { type: 'jsonPath', path: '$.count', equals: 3 },
                { type: 'jsonPath', path: 'ok', equals: true },
                { type: 'jsonPath', path: 'error', equals: null },
              ],
              captures: [
                { name: 'token', from: 'json', path: 'data.token' },
                { name: 'session', from: 'header', header: 'X-Session' },
                { name: 'csrf', from: 'regex', pattern: 'csrf=([a-z0-9]+)', group: 1 },
                { name: 'whole', from: 'regex', pattern: 'id-\\d+', group: 0 },
              ],
              thinkTime: { min: '500ms', max: '2s' },
            },
            { name: 'Search', method: 'POST', path: '/search?x={{token}}', body: { type: 'text', text: 'q={{csrf}}', contentType: 'text/plain' } },
            { name: 'Legacy', method: 'PUT', path: '/legacy', body: 'plain text body' },
            { name: 'Form', method: 'POST', path: '/form', body: { type: 'form', fields: { a: '1', b: '{{session}}' } }, weight: 3 },
            { name: 'Head', method: 'HEAD', path: '/', thinkTime: { min: '1s', max: '1s' } },
          ],
        },
      ],
    });
  });

  it('keeps WebSocket and gRPC steps and the plan’s gRPC settings', () => {
    roundTrip({
      ...base,
      scenarios: [
        {
          name: 'sockets',
          load: { executor: 'constant-vus', vus: 2, duration: '10s' },
          requests: [
            {
              protocol: 'ws',
              name: 'chat',
              path: '/ws',
              query: { room: '1' },
              headers: { Origin: 'x' },
              messages: ['hello', '{"a":1}'],
              replyTimeout: '2s',
              holdFor: '1s',
              checks: [{ type: 'replyContains', value: 'hello' }],
            },
            { protocol: 'ws', name: 'idle', path: '/ws', awaitReply: false },
          ],
        },
        {
          name: 'rpc',
          load: { executor: 'constant-vus', vus: 1, duration: '10s' },
          requests: [
            {
              protocol: 'grpc',
              name: 'Get',
              method: 'shop.Catalog/Get',
              message: { id: 1, tags: ['a'] },
              metadata: { authorization: 'Bearer {{vars.TOKEN}}' },
              expectCodes: [0, 5],
              timeout: '2s',
            },
            { protocol: 'grpc', name: 'Ping', method: 'Health/Check' },
          ],
        },
      ],
      grpc: { reflection: true },
    });
    roundTrip({
      ...base,
      scenarios: [{ name: 'rpc', load: { executor: 'constant-vus', vus: 1, duration: '1s' }, requests: [{ protocol: 'grpc', name: 'Get', method: 'a.B/C' }] }],
      grpc: { proto: 'syntax = "proto3";' },
    });
  });

  it('keeps thresholds of every metric and scope, and segments', () => {
    roundTrip({
      ...base,
      scenarios: [
        {
          name: 'main',
          load: { executor: 'constant-vus', vus: 2, duration: '5s' },
          requests: [
            { name: 'home', path: '/' },
            { protocol: 'ws', name: 'sock', path: '/ws', messages: ['x'] },
          ],
        },
      ],
      thresholds: [
        { metric: 'latency', stat: 'p99', op: '<=', value: 120.5, request: 'home' },
        { metric: 'latency', stat: 'avg', op: '<', value: 50, request: 'sock (connect)' },
        { metric: 'error_rate', op: '<', value: 0.007, scenario: 'main' },
        { metric: 'rps', op: '>=', value: 250 },
        { metric: 'check_rate', op: '>', value: 0.99, request: 'home' },
        { metric: 'status_share', status: '429', op: '<', value: 0.01 },
        { metric: 'status_share', status: 'grpc:RESOURCE_EXHAUSTED', op: '<', value: 0.5 },
      ],
      segments: 4,
    });
  });

  it('keeps windows and stop rules', () => {
    const { form } = roundTrip({
      ...base,
      scenarios: [{ name: 'main', load: { executor: 'constant-vus', vus: 2, duration: '2m' }, requests: [{ name: 'home', path: '/' }] }],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 500, request: 'home', window: { after: '30s' }, stop: { after: '10s' } },
        { metric: 'error_rate', op: '<', value: 0.01, window: { after: '10s', until: '1m30s' } },
        { metric: 'status_share', status: '5xx', op: '<', value: 0.05, stop: { after: '20s' } },
      ],
    });
    expect(form.thresholds.map((t) => [t.windowAfter, t.windowUntil, t.stopAfter])).toEqual([
      ['30s', '', '10s'],
      ['10s', '1m30s', ''],
      ['', '', '20s'],
    ]);
  });

  it('keeps a share of seconds, edited as a percentage', () => {
    const { form } = roundTrip({
      ...base,
      scenarios: [{ name: 'main', load: { executor: 'constant-vus', vus: 2, duration: '5m' }, requests: [{ name: 'home', path: '/' }] }],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<', value: 200, compliance: { share: 0.99 } },
        { metric: 'error_rate', op: '<', value: 0.01, compliance: { share: 0.995 }, window: { after: '30s' } },
      ],
    });
    expect(form.thresholds.map((t) => t.compliancePercent)).toEqual(['99', '99.5']);
  });

  it("keeps thresholds on the target's telemetry, each figure edited in its form unit", () => {
    const { form } = roundTrip({
      ...base,
      scenarios: [{ name: 'main', load: { executor: 'constant-vus', vus: 2, duration: '2m' }, requests: [{ name: 'home', path: '/' }] }],
      thresholds: [
        { metric: 'telemetry', source: 'api', figure: 'cpu', stat: 'p95', op: '<', value: 0.8 },
        { metric: 'telemetry', source: 'api', figure: 'memory_bytes', stat: 'max', op: '<=', value: 512 * 1024 * 1024, window: { after: '30s' } },
        { metric: 'telemetry', source: 'api', figure: 'http_p95_seconds', stat: 'avg', op: '<', value: 0.25 },
        { metric: 'telemetry', figure: 'backlog_growth', op: '<', value: 1 },
        { metric: 'telemetry', source: 'worker', figure: 'restarts', op: '<', value: 1 },
      ],
    });
    expect(form.thresholds.map((t) => [t.metric, t.source, t.figure, t.value])).toEqual([
      ['telemetry', 'api', 'cpu', '80'],
      ['telemetry', 'api', 'memory_bytes', '512'],
      ['telemetry', 'api', 'http_p95_seconds', '250'],
      ['telemetry', '', 'backlog_growth', '1'],
      ['telemetry', 'worker', 'restarts', '1'],
    ]);
  });

  it('keeps thresholds relative to the baseline, edited as a percentage of it', () => {
    const { form } = roundTrip({
      ...base,
      scenarios: [{ name: 'main', load: { executor: 'constant-vus', vus: 2, duration: '2m' }, requests: [{ name: 'home', path: '/' }] }],
      thresholds: [
        { metric: 'latency', stat: 'p95', op: '<=', value: 1.1, request: 'home', relativeTo: 'baseline' },
        { metric: 'rps', op: '>=', value: 0.95, relativeTo: 'baseline' },
        { metric: 'latency', stat: 'p99', op: '<', value: 800 },
      ],
    });
    expect(form.thresholds.map((t) => [t.relative, t.value])).toEqual([
      [true, '110'],
      [true, '95'],
      [false, '800'],
    ]);
  });

  it('keeps a custom script plan (without the requirements the API adds)', () => {
    const form = specToForm(
      {
        scenarios: [],
        script: { source: 'export default function () {}', requirements: { maxVUs: 3, durationSeconds: 35 } },
        thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 200, request: 'custom' }],
        segments: 1,
        data: [],
      },
      'scripted',
      'tgt_1',
    );
    expect(form.mode).toBe('script');
    const { body, errors } = validatePlanForm(form);
    expect(errors).toEqual({});
    expect(body).toEqual({
      name: 'scripted',
      targetId: 'tgt_1',
      scenarios: [],
      script: { source: 'export default function () {}' },
      thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 200, request: 'custom' }],
      segments: 1,
      data: [],
    });
  });

  it("edits only the plan's own thresholds: those of the script's options are read from it again at save", () => {
    const own = { metric: 'error_rate', op: '<', value: 0.01 } as const;
    const form = specToForm(
      {
        scenarios: [],
        script: { source: 'export default function () {}', requirements: { maxVUs: 1, durationSeconds: 31, k6Thresholds: { orders: ['count>10'] } } },
        thresholds: [{ metric: 'custom', name: 'orders', stat: 'count', op: '>', value: 10, fromScript: { metric: 'orders', expression: 'count>10' } }, own],
        segments: 1,
        data: [],
      },
      'scripted',
      'tgt_1',
    );
    expect(form.thresholds).toHaveLength(1);
    expect(validatePlanForm(form).body).toMatchObject({ thresholds: [own] });
  });

  it('keeps the data sets a plan uses and how', () => {
    const { form } = roundTrip({
      ...base,
      data: [
        { set: 'users', mode: 'unique', whenExhausted: 'wrap' },
        { set: 'orders', mode: 'random' },
      ],
      scenarios: [
        { name: 's', load: { executor: 'constant-vus', vus: 1, duration: '1m' }, requests: [{ name: 'home', path: '/{{data.users.id}}/{{data.orders.id}}' }] },
      ],
    });
    expect(form.data.map((use) => `${use.set} ${use.mode}`)).toEqual(['users unique', 'orders random']);
  });
});
