import { describe, expect, it } from 'vitest';
import { generateK6Script } from './k6-script.js';
import { planSpecSchema, type PlanSpecInput } from './plan.js';

interface Call {
  method: string;
  url: string;
  body: string | null;
  params: { headers: Record<string, string>; tags: { name: string }; responseCallback?: unknown };
}

/**
 * Evaluates the generated script with a stand-in for k6/http, so the test sees exactly what
 * each iteration would send. (k6 itself checks the same script in the runner's tests.)
 */
function load(script: string, env: Record<string, string>) {
  const calls: Call[] = [];
  const http = {
    request: (method: string, url: string, body: string | null, params: Call['params']) => calls.push({ method, url, body, params }),
    expectedStatuses: (...statuses: number[]) => ({ expected: statuses }),
  };
  const exec = { scenario: { iterationInTest: 0 } };
  const body = script
    .replace("import http from 'k6/http';", '')
    .replace("import exec from 'k6/execution';", '')
    .replace('export const options', 'const options')
    .replace('export default function ()', 'function iteration()');
  const factory = new Function('http', 'exec', '__ENV', `${body}\nreturn { options, iteration };`);
  const module = factory(http, exec, env) as { options: Record<string, any>; iteration: () => void };
  return {
    options: module.options,
    calls,
    iterate(iterationInTest: number) {
      exec.scenario.iterationInTest = iterationInTest;
      module.iteration();
    },
  };
}

const spec = (input: Partial<PlanSpecInput> = {}) =>
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
  });

describe('generateK6Script', () => {
  it('maps the load profile to a k6 scenario', () => {
    const constant = load(generateK6Script(spec(), { planName: 'p' }), { LOADLINE_BASE_URL: 'http://127.0.0.1:1' });
    expect(constant.options.scenarios).toEqual({ default: { executor: 'constant-vus', vus: 5, duration: '30s' } });
    const ramp = load(
      generateK6Script(spec({ load: { executor: 'ramping-vus', stages: [{ duration: '10s', target: 20 }, { duration: '1m', target: 20 }] } }), { planName: 'p' }),
      { LOADLINE_BASE_URL: 'http://127.0.0.1:1' },
    );
    expect(ramp.options.scenarios.default).toEqual({
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [{ duration: '10s', target: 20 }, { duration: '1m', target: 20 }],
      gracefulRampDown: '10s',
    });
  });

  it('sends each request with its name tag, method, body and merged headers, in the weighted mix', () => {
    const script = load(generateK6Script(spec(), { planName: 'listings "baseline"', planVersion: 3 }), {
      LOADLINE_BASE_URL: 'http://127.0.0.1:8080/',
      LOADLINE_HEADERS: JSON.stringify({ Authorization: 'Bearer t', 'Content-Type': 'text/plain' }),
    });
    for (let iteration = 0; iteration < 40; iteration++) script.iterate(iteration);
    const byName = (name: string) => script.calls.filter((call) => call.params.tags.name === name);
    expect(byName('GetListing')).toHaveLength(30);
    expect(byName('Search')).toHaveLength(10);

    const search = byName('Search')[0]!;
    expect(search.method).toBe('POST');
    expect(search.url).toBe('http://127.0.0.1:8080/search');
    expect(search.body).toBe('{"q":"it\'s \\"quoted\\"\\n"}');
    // The request's own header wins over the target's default of the same name.
    expect(search.params.headers).toEqual({ Authorization: 'Bearer t', 'Content-Type': 'application/json' });
    expect(search.params.responseCallback).toEqual({ expected: [200, 429] });

    const get = byName('GetListing')[0]!;
    expect(get).toMatchObject({ method: 'GET', url: 'http://127.0.0.1:8080/listings/1', body: null });
    expect(get.params.responseCallback).toBeUndefined();
  });

  it('keeps target address and secrets out of the script text', () => {
    const text = generateK6Script(spec(), { planName: 'p' });
    expect(text).not.toContain('127.0.0.1');
    expect(text).toContain('__ENV.LOADLINE_BASE_URL');
    expect(text).toContain('__ENV.LOADLINE_HEADERS');
  });

  it('refuses to run without a base URL', () => {
    expect(() => load(generateK6Script(spec(), { planName: 'p' }), {})).toThrow(/LOADLINE_BASE_URL is not set/);
  });

  it('embeds hostile names and paths as inert data', () => {
    const hostile = spec({ requests: [{ name: 'x', path: "/a'); throw new Error('pwned'); ('" }] });
    const script = load(generateK6Script(hostile, { planName: "'); throw 1; //\n" }), { LOADLINE_BASE_URL: 'http://h' });
    script.iterate(0);
    expect(script.calls[0]!.url).toBe("http://h/a'); throw new Error('pwned'); ('");
  });
});
