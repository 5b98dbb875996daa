import { beforeEach, describe, expect, it } from 'vitest';
import { generateK6Script } from './k6-script.js';
import { RESPONSE_BYTES_METRIC } from './k6-script-recorder.js';
import { planSpecSchema } from './plan.js';
import { loadScript, type FakeResponse, type SandboxCall } from './test-k6-sandbox.js';

const ENV = { LOADLINE_BASE_URL: 'http://127.0.0.1:8080' };
const load = { executor: 'constant-vus', vus: 1, duration: '10s' };

let runner = false;

function run(requests: unknown[], respond: (call: SandboxCall) => FakeResponse) {
  const spec = planSpecSchema.parse({ scenarios: [{ name: 'flow', flow: 'sequence', load, requests }] });
  const script = loadScript(generateK6Script(spec, { planName: 'p', runner }), ENV, respond);
  script.iterate(0);
  return script;
}

/** A size sample, tagged as k6 tags the request's http_req_duration, so both join one row. */
const size = (value: number, name: string, status: number, expected: boolean, errorCode?: string, method = 'GET') => ({
  metric: RESPONSE_BYTES_METRIC,
  value,
  tags: { name, method, status: String(status), expected_response: String(expected), ...(errorCode ? { error_code: errorCode } : {}) },
});

// The same figures whichever way the script records them: on the runner through k6/x/loadline
// (the sandbox's stand-in mirrors recorder.go), for a stock k6 as a custom trend.
describe.each([
  ['for a stock k6 (custom trend)', false],
  ['for the runner (k6/x/loadline)', true],
])('generateK6Script: response sizes, %s', (_, forRunner) => {
  beforeEach(() => {
    runner = forRunner;
  });

  it('records the body size of every HTTP response in its request row, and none for a request without a response', () => {
    const bodies: Record<string, FakeResponse> = {
      Small: { status: 200, body: 'x'.repeat(1_000) },
      Large: { status: 200, body: 'y'.repeat(50_000) },
      Missing: { status: 404, body: 'not found' },
      Limited: { status: 429, body: '' },
      Empty: { status: 204 },
      Down: { status: 0 },
    };
    const script = run(
      [
        { name: 'Small', path: '/small' },
        { name: 'Large', method: 'POST', path: '/large' },
        { name: 'Missing', path: '/missing' },
        // An expected 429 is not an error: the size goes to the row k6 marks expected.
        { name: 'Limited', path: '/limited', expect: { status: [200, 429] } },
        { name: 'Empty', method: 'DELETE', path: '/empty' },
        { name: 'Down', path: '/down' },
      ],
      (call) => bodies[call.params.tags.name]!,
    );
    expect(script.calls.map((call) => call.params.responseType)).toEqual(Array(6).fill('binary'));
    expect(script.responseBytes).toEqual([
      size(1_000, 'Small', 200, true),
      size(50_000, 'Large', 200, true, undefined, 'POST'),
      size(9, 'Missing', 404, false, '1404'),
      size(0, 'Limited', 429, true, '1429'),
      size(0, 'Empty', 204, true, undefined, 'DELETE'),
    ]);
  });

  it('counts a body a check reads (text) in UTF-8 bytes, as it came off the wire', () => {
    const text = 'grüße 😀 ok'; // ü and ß: 2 bytes each, 😀: 4 (a surrogate pair in JavaScript), the rest 1
    const script = run([{ name: 'Greeting', path: '/hello', checks: [{ type: 'bodyContains', value: 'ok' }] }], () => ({ status: 200, body: text }));
    expect(script.calls[0]!.params.responseType).toBe('text');
    expect(script.responseBytes).toEqual([size(new TextEncoder().encode(text).length, 'Greeting', 200, true)]);
    expect(script.responseBytes[0]!.value).toBe(15);
    expect(script.checks).toEqual([{ name: 'Greeting: body contains "ok"', passed: true }]);
  });
});

describe('generateK6Script: how figures are recorded', () => {
  const spec = planSpecSchema.parse({ scenarios: [{ name: 'flow', flow: 'sequence', load, requests: [{ name: 'A', path: '/' }] }] });

  it("records through k6/x/loadline on the runner, with no custom metric, and says the script needs Loadline's k6 build", () => {
    const script = generateK6Script(spec, { planName: 'p', runner: true });
    expect(script).toContain("import * as loadline from 'k6/x/loadline';");
    expect(script).not.toContain('k6/metrics');
    expect(script).not.toMatch(/new (Trend|Counter)\(/);
    expect(script).toContain("with Loadline's k6 build, which has k6/x/loadline");
  });

  it('runs on any k6 when downloaded: custom metrics, no k6/x module', () => {
    const script = generateK6Script(spec, { planName: 'p' });
    expect(script).not.toContain('k6/x/');
    expect(script).toContain(`new Trend('${RESPONSE_BYTES_METRIC}')`);
  });
});
