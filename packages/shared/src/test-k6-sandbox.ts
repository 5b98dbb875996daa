/**
 * Evaluates a generated k6 script in Node with stand-ins for k6's modules, so generator tests
 * see exactly what each iteration would send, check and capture. (k6 itself runs the same
 * scripts in the runner's tests.) Test support only: not exported from the package.
 */
export interface SandboxCall {
  method: string;
  url: string;
  body: unknown;
  params: { headers: Record<string, string>; tags: { name: string }; responseCallback?: unknown; responseType?: string };
}

export interface FakeResponse {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** k6 options are free-form; tests read them by path. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Options = Record<string, any>;

export interface Sandbox {
  options: Options;
  calls: SandboxCall[];
  checks: { name: string; passed: boolean }[];
  sleeps: number[];
  /** Runs one iteration of scenario `index` as iteration number `iterationInTest`. */
  iterate(index: number, iterationInTest?: number): void;
}

export function loadScript(script: string, env: Record<string, string>, respond: (call: SandboxCall) => FakeResponse = () => ({ status: 200, body: '' })): Sandbox {
  const calls: SandboxCall[] = [];
  const checks: Sandbox['checks'] = [];
  const sleeps: number[] = [];
  const http = {
    request: (method: string, url: string, body: unknown, params: SandboxCall['params']) => {
      const call = { method, url, body, params };
      calls.push(call);
      const response = respond(call);
      return { status: response.status, body: params.responseType === 'text' ? (response.body ?? '') : null, headers: response.headers ?? {} };
    },
    expectedStatuses: (...statuses: number[]) => ({ expected: statuses }),
  };
  const exec = { scenario: { iterationInTest: 0 } };
  const check = (value: unknown, assertions: Record<string, (value: unknown) => boolean>) => {
    for (const [name, assertion] of Object.entries(assertions)) checks.push({ name, passed: assertion(value) });
    return true;
  };
  const sleep = (seconds: number) => sleeps.push(seconds);
  const exported: string[] = [];
  const body = script
    .replace(/^import .*$/gm, '')
    .replace('export const options', 'const options')
    .replace(/^export function (\w+)/gm, (_, name: string) => {
      exported.push(name);
      return `function ${name}`;
    });
  const factory = new Function('http', 'exec', 'check', 'sleep', '__ENV', `${body}\nreturn { options, scenarios: [${exported.join(', ')}] };`);
  const module = factory(http, exec, check, sleep, env) as { options: Options; scenarios: (() => void)[] };
  return {
    options: module.options,
    calls,
    checks,
    sleeps,
    iterate(index, iterationInTest = 0) {
      exec.scenario.iterationInTest = iterationInTest;
      module.scenarios[index]!();
    },
  };
}
