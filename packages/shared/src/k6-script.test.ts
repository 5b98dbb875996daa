import { describe, expect, it } from 'vitest';
import { generateK6Script } from './k6-script.js';
import { createPlanSchema, planSpecSchema, type PlanSpecInput } from './plan.js';
import { loadScript } from './test-k6-sandbox.js';
import { designPlanBody } from './testing/design-plan.js';

const ENV = { LOADLINE_BASE_URL: 'http://127.0.0.1:8080/' };

const spec = (input: Partial<Record<string, unknown>> = {}) =>
  planSpecSchema.parse({
    load: { executor: 'constant-vus', vus: 5, duration: '30s' },
    requests: [
      { name: 'GetListing', method: 'GET', path: '/listings/1', weight: 3 },
      {
        name: 'Search',
        method: 'POST',
        path: '/search',
        body: '{"q":"it\'s \\"quoted\\"\\n"}',
        headers: { 'Content-Type': 'application/json' },
        expect: { status: [200, 429] },
      },
    ],
    ...input,
  } as PlanSpecInput);

const scenarioSpec = (scenarios: unknown[], extra: Record<string, unknown> = {}) => planSpecSchema.parse({ scenarios, ...extra });

describe('generateK6Script: load profiles', () => {
  it('maps each executor to its k6 scenario, with exec, start time and graceful stop', () => {
    const cases: [unknown, Record<string, unknown>][] = [
      [
        { executor: 'constant-vus', vus: 5, duration: '30s' },
        { executor: 'constant-vus', vus: 5, duration: '30s' },
      ],
      [
        { executor: 'ramping-vus', stages: [{ duration: '10s', target: 20 }] },
        { executor: 'ramping-vus', startVUs: 0, stages: [{ duration: '10s', target: 20 }], gracefulRampDown: '10s' },
      ],
      [
        { executor: 'constant-arrival-rate', rate: 40, duration: '5s', preAllocatedVUs: 4 },
        { executor: 'constant-arrival-rate', rate: 40, timeUnit: '1s', duration: '5s', preAllocatedVUs: 4, maxVUs: 4 },
      ],
      [
        { executor: 'ramping-arrival-rate', preAllocatedVUs: 2, maxVUs: 8, stages: [{ duration: '5s', target: 50 }] },
        { executor: 'ramping-arrival-rate', startRate: 0, timeUnit: '1s', stages: [{ duration: '5s', target: 50 }], preAllocatedVUs: 2, maxVUs: 8 },
      ],
      [
        { executor: 'per-vu-iterations', vus: 3, iterations: 7 },
        { executor: 'per-vu-iterations', vus: 3, iterations: 7, maxDuration: '10m' },
      ],
      [
        { executor: 'shared-iterations', vus: 2, iterations: 9, maxDuration: '30s' },
        { executor: 'shared-iterations', vus: 2, iterations: 9, maxDuration: '30s' },
      ],
    ];
    for (const [load, expected] of cases) {
      const script = loadScript(generateK6Script(spec({ load }), { planName: 'p' }), ENV);
      expect(script.options.scenarios).toEqual({ default: { ...expected, exec: 'scenario0' } });
    }
  });

  it('runs several scenarios, sequential by start time, each with its own requests', () => {
    const plan = scenarioSpec([
      { name: 'baseline', load: { executor: 'constant-vus', vus: 5, duration: '2m' }, requests: [{ name: 'A', path: '/a' }] },
      {
        name: 'normal',
        startTime: '2m',
        gracefulStop: '5s',
        load: { executor: 'constant-vus', vus: 30, duration: '5m' },
        requests: [{ name: 'B', path: '/b' }],
      },
      {
        name: 'peak',
        startTime: '7m',
        load: { executor: 'ramping-vus', startVUs: 10, stages: [{ duration: '3m', target: 100 }] },
        requests: [{ name: 'C', path: '/c' }],
      },
    ]);
    const script = loadScript(generateK6Script(plan, { planName: 'p' }), ENV);
    expect(Object.keys(script.options.scenarios)).toEqual(['baseline', 'normal', 'peak']);
    expect(script.options.scenarios.normal).toMatchObject({ exec: 'scenario1', startTime: '2m', gracefulStop: '5s' });
    expect(script.options.scenarios.baseline.startTime).toBeUndefined();
    script.iterate(2);
    script.iterate(0);
    expect(script.calls.map((call) => call.params.tags.name)).toEqual(['C', 'A']);
  });
});

describe('generateK6Script: requests', () => {
  it('sends each request with its name tag, method, body and merged headers, in the weighted mix', () => {
    const script = loadScript(generateK6Script(spec(), { planName: 'listings "baseline"', planVersion: 3 }), {
      ...ENV,
      LOADLINE_HEADERS: JSON.stringify({ Authorization: 'Bearer t', 'Content-Type': 'text/plain' }),
    });
    for (let iteration = 0; iteration < 40; iteration++) script.iterate(0, iteration);
    const byName = (name: string) => script.calls.filter((call) => call.params.tags.name === name);
    expect(byName('GetListing')).toHaveLength(30);
    expect(byName('Search')).toHaveLength(10);
    const search = byName('Search')[0]!;
    expect(search).toMatchObject({ method: 'POST', url: 'http://127.0.0.1:8080/search', body: '{"q":"it\'s \\"quoted\\"\\n"}' });
    // The request's own header wins over the target's default of the same name.
    expect(search.params.headers).toEqual({ Authorization: 'Bearer t', 'Content-Type': 'application/json' });
    expect(search.params.responseCallback).toEqual({ expected: [200, 429] });
    const get = byName('GetListing')[0]!;
    expect(get).toMatchObject({ method: 'GET', url: 'http://127.0.0.1:8080/listings/1', body: null });
    expect(get.params.responseCallback).toBeUndefined();
    // A body no check reads comes as bytes, for its size only (k6-script-sizes.test.ts).
    expect(get.params.responseType).toBe('binary');
  });

  it('builds query strings, JSON and form bodies, and fills {{vars.NAME}} from the target', () => {
    const plan = spec({
      requests: [
        { name: 'Find', path: '/items', query: { q: 'a b&c', key: '{{vars.API_KEY}}' } },
        { name: 'Create', method: 'POST', path: '/items', body: { type: 'json', json: { title: 'x', n: 2, tags: ['{{vars.API_KEY}}'] } } },
        { name: 'Login', method: 'POST', path: '/login', body: { type: 'form', fields: { user: 'ann', token: '{{vars.API_KEY}}' } } },
      ],
    });
    const script = loadScript(generateK6Script(plan, { planName: 'p' }), { ...ENV, LOADLINE_VARS: JSON.stringify({ API_KEY: 's3cr=t' }) });
    for (let iteration = 0; iteration < 3; iteration++) script.iterate(0, iteration);
    const [find, create, login] = script.calls;
    expect(find!.url).toBe('http://127.0.0.1:8080/items?q=a%20b%26c&key=s3cr%3Dt');
    expect(JSON.parse(create!.body as string)).toEqual({ title: 'x', n: 2, tags: ['s3cr=t'] });
    expect(create!.params.headers['Content-Type']).toBe('application/json');
    expect(login!.body).toEqual({ user: 'ann', token: 's3cr=t' });
  });

  it('runs a sequence flow in order, captures values and uses them in later requests', () => {
    const plan = scenarioSpec([
      {
        name: 'checkout',
        flow: 'sequence',
        load: { executor: 'per-vu-iterations', vus: 1, iterations: 1 },
        thinkTime: { min: '1s', max: '1s' },
        requests: [
          {
            name: 'Login',
            method: 'POST',
            path: '/login',
            captures: [
              { name: 'token', from: 'json', path: 'data.token' },
              { name: 'session', from: 'header', header: 'x-session' },
            ],
            thinkTime: { min: '2s', max: '2s' },
          },
          {
            name: 'Cart',
            method: 'POST',
            path: '/carts',
            headers: { Authorization: 'Bearer {{token}}' },
            captures: [{ name: 'cartId', from: 'regex', pattern: 'cart-(\\d+)' }],
          },
          { name: 'Item', method: 'PUT', path: '/carts/{{cartId}}', body: { type: 'json', json: { cart: '{{cartId}}', session: '{{session}}' } } },
        ],
      },
    ]);
    const bodies: Record<string, { body: string; headers?: Record<string, string> }> = {
      Login: { body: '{"data":{"token":"tok-9"}}', headers: { 'X-Session': 'sess-1' } },
      Cart: { body: 'created cart-42 ok' },
    };
    const script = loadScript(generateK6Script(plan, { planName: 'p' }), ENV, (call) => ({ status: 200, ...bodies[call.params.tags.name] }));
    script.iterate(0);
    expect(script.calls.map((call) => call.params.tags.name)).toEqual(['Login', 'Cart', 'Item']);
    expect(script.calls[0]!.params.responseType).toBe('text');
    expect(script.calls[1]!.params.headers.Authorization).toBe('Bearer tok-9');
    expect(script.calls[2]!.url).toBe('http://127.0.0.1:8080/carts/42');
    expect(JSON.parse(script.calls[2]!.body as string)).toEqual({ cart: '42', session: 'sess-1' });
    // Think time after Login, then at the end of the iteration.
    expect(script.sleeps).toEqual([2, 1]);
  });

  it('runs checks on status, body text and JSON paths, named after the request', () => {
    const plan = spec({
      requests: [
        {
          name: 'Get',
          path: '/x',
          checks: [
            { type: 'status', equals: 200 },
            { type: 'bodyContains', value: 'ready' },
            { type: 'jsonPath', path: '$.state.code', equals: 3 },
          ],
        },
      ],
    });
    const script = loadScript(generateK6Script(plan, { planName: 'p' }), ENV, () => ({ status: 201, body: '{"state":{"code":3},"msg":"ready"}' }));
    script.iterate(0);
    expect(script.checks).toEqual([
      { name: 'Get: status is 200', passed: false },
      { name: 'Get: body contains "ready"', passed: true },
      { name: 'Get: $.state.code is 3', passed: true },
    ]);
  });

  it('refuses references to values no earlier request captures', () => {
    const result = planSpecSchema.safeParse({
      scenarios: [
        {
          name: 's',
          flow: 'sequence',
          load: { executor: 'constant-vus', vus: 1, duration: '1s' },
          requests: [
            { name: 'Use', path: '/a/{{id}}' },
            { name: 'Make', path: '/b', captures: [{ name: 'id', from: 'json', path: 'id' }] },
          ],
        },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['scenarios', 0, 'requests', 0, 'path'],
      message: expect.stringContaining('{{id}} is not captured by an earlier request'),
    });
  });
});

describe('generateK6Script: safety', () => {
  it('keeps target address and secrets out of the script text', () => {
    const text = generateK6Script(spec(), { planName: 'p' });
    expect(text).not.toContain('127.0.0.1');
    expect(text).toContain('__ENV.LOADLINE_BASE_URL');
    expect(text).toContain('__ENV.LOADLINE_HEADERS');
    expect(text).toContain('__ENV.LOADLINE_VARS');
  });

  it('refuses to run without a base URL', () => {
    expect(() => loadScript(generateK6Script(spec(), { planName: 'p' }), {})).toThrow(/LOADLINE_BASE_URL is not set/);
  });

  it('embeds hostile names and paths as inert data', () => {
    const hostile = spec({ requests: [{ name: 'x', path: "/a'); throw new Error('pwned'); ('" }] });
    const script = loadScript(generateK6Script(hostile, { planName: "'); throw 1; //\n" }), { LOADLINE_BASE_URL: 'http://h' });
    script.iterate(0);
    expect(script.calls[0]!.url).toBe("http://h/a'); throw new Error('pwned'); ('");
  });

  it('accepts the plan body of the design document as written (one scenario, "script": null, a string body)', () => {
    const parsed = createPlanSchema.parse(designPlanBody('t1'));
    expect(parsed.script).toBeUndefined();
    expect(parsed.scenarios[0]!.requests[1]).toMatchObject({ body: { type: 'text', text: '{"q":"x"}' } });
  });

  it('reads a plain string body as a text body (plans saved before typed bodies)', () => {
    const spec = planSpecSchema.parse({
      load: { executor: 'constant-vus', vus: 1, duration: '1s' },
      requests: [{ name: 'A', method: 'POST', path: '/', body: 'hello' }],
    });
    expect(spec.scenarios[0]!.requests[0]).toMatchObject({ body: { type: 'text', text: 'hello' } });
    expect(() =>
      planSpecSchema.parse({ load: { executor: 'constant-vus', vus: 1, duration: '1s' }, requests: [{ name: 'A', path: '/', body: 42 }] }),
    ).toThrow();
  });

  it('reads plans stored before scenarios as one scenario named default', () => {
    const legacy = planSpecSchema.parse({ load: { executor: 'constant-vus', vus: 1, duration: '1s' }, requests: [{ name: 'A', path: '/' }] });
    expect(legacy.scenarios).toHaveLength(1);
    expect(legacy.scenarios[0]).toMatchObject({ name: 'default', flow: 'weighted', startTime: '0s' });
  });
});
