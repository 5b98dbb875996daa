import { describe, expect, it } from 'vitest';
import { planDataReferences, planSpecSchema, scenariosUsing } from './plan.js';

const load = { executor: 'constant-vus', vus: 1, duration: '10s' };
const spec = (requests: unknown[], data: unknown[] = [{ set: 'users', mode: 'unique' }], more: Record<string, unknown> = {}) => ({
  scenarios: [{ name: 'main', load, requests }],
  data,
  ...more,
});
const messages = (input: unknown) => {
  const parsed = planSpecSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('plan data sets', () => {
  it('defaults to none, with whenExhausted stop', () => {
    expect(planSpecSchema.parse(spec([{ name: 'A', path: '/' }], [])).data).toEqual([]);
    expect(planSpecSchema.parse(spec([{ name: 'A', path: '/' }])).data).toEqual([{ set: 'users', mode: 'unique', whenExhausted: 'stop' }]);
  });

  it('accepts references to a declared set in paths, headers, bodies, checks and capture patterns', () => {
    const requests = [
      {
        name: 'Login',
        method: 'POST',
        path: '/users/{{data.users.id}}',
        headers: { Authorization: 'Bearer {{ data.users.token }}' },
        body: { type: 'json', json: { email: '{{data.users.email}}' } },
        checks: [{ type: 'bodyContains', value: '{{data.users.email}}' }],
        captures: [{ name: 'session', from: 'regex', pattern: 'id={{data.users.id}};s=(\\w+)' }],
      },
    ];
    expect(messages(spec(requests))).toEqual([]);
    expect(planDataReferences(planSpecSchema.parse(spec(requests))).map((ref) => `${ref.path.join('.')} ${ref.set}.${ref.column}`)).toEqual([
      'scenarios.0.requests.0.path users.id',
      'scenarios.0.requests.0.headers.Authorization users.token',
      'scenarios.0.requests.0.body.json users.email',
      'scenarios.0.requests.0.checks.0.value users.email',
      'scenarios.0.requests.0.captures.0.pattern users.id',
    ]);
  });

  it('refuses an undeclared set, a malformed reference and a set named twice, naming where', () => {
    expect(messages(spec([{ name: 'A', path: '/{{data.orders.id}}' }]))).toEqual([
      'scenarios.0.requests.0.path: {{data.orders.id}}: the plan does not use a data set "orders" (add it under data)',
    ]);
    expect(messages(spec([{ name: 'A', path: '/', headers: { X: '{{data.users}}' } }]))).toEqual([
      'scenarios.0.requests.0.headers.X: {{data.users}} is not a data reference: write {{data.<set>.<column>}}',
    ]);
    expect(
      messages(
        spec(
          [{ name: 'A', path: '/' }],
          [
            { set: 'users', mode: 'unique' },
            { set: 'users', mode: 'random' },
          ],
        ),
      ),
    ).toEqual(['data.1.set: data set "users" is named twice']);
    expect(messages(spec([{ name: 'A', path: '/' }], [{ set: '1users', mode: 'unique' }]))[0]).toMatch(/^data\.0\.set: /);
    expect(messages(spec([{ name: 'A', path: '/' }], [{ set: 'users', mode: 'each' }]))[0]).toMatch(/^data\.0\.mode: /);
  });

  it('lets a custom script declare sets (it reads them itself)', () => {
    expect(messages({ script: { source: 'export default function () {}' }, data: [{ set: 'users', mode: 'per-vu' }] })).toEqual([]);
  });

  it('knows which scenarios use a set', () => {
    const parsed = planSpecSchema.parse({
      data: [{ set: 'users', mode: 'unique' }],
      scenarios: [
        { name: 'browse', load, requests: [{ name: 'A', path: '/' }] },
        { name: 'buy', load, requests: [{ name: 'B', path: '/{{data.users.id}}' }] },
        { name: 'sell', load, requests: [{ name: 'C', path: '/', headers: { U: '{{data.users.id}}' } }] },
      ],
    });
    expect(scenariosUsing(parsed, 'users')).toEqual(['buy', 'sell']);
  });
});
