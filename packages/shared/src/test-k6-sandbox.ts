import { FAILED_REQUEST_METRIC, REQUEST_METRIC, RESPONSE_BYTES_METRIC } from './k6-script-recorder.js';

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
  /** Samples added to the WebSocket/gRPC request metrics (loadline_request, loadline_request_failed). */
  samples: TrendSample[];
  /** Samples added to loadline_response_bytes: each HTTP response's body size. */
  responseBytes: TrendSample[];
  /** WebSocket sessions opened, with what was sent on each. */
  sockets: SandboxSocket[];
  /** gRPC connects and calls, in order. */
  grpc: { loads: string[]; connects: { address: string; params: Record<string, unknown> }[]; calls: GrpcCall[] };
  /** The virtual clock (ms) the script reads through exec.instance.currentTestRunDuration. */
  now(): number;
  /** Runs one iteration of scenario `index` as iteration number `iterationInTest` (and `at`: its number in the instance, the VU's). */
  iterate(index: number, iterationInTest?: number, at?: { iterationInInstance?: number; vu?: number }): void;
  /** What exec.test.abort was called with, if it was (the iteration then threw). */
  aborted: string | null;
}

export interface TrendSample {
  metric: string;
  value: number;
  tags: Record<string, string>;
}

export interface SandboxSocket {
  url: string;
  params: { headers: Record<string, string>; tags: { name: string } };
  sent: string[];
  /** Virtual time the socket closed. */
  closedAt: number | null;
}

/** How the fake WebSocket server behaves (virtual milliseconds). */
export interface FakeWsServer {
  /** The handshake: takes delayMs; a status other than 101 or an error (no response) refuses it. */
  handshake?(url: string): { delayMs?: number; status?: number; error?: string };
  /** Replies to one message, each after its delay. */
  reply?(message: string): { data: string; delayMs: number }[];
}

export interface GrpcCall {
  method: string;
  message: unknown;
  params: { metadata: Record<string, string>; tags: Record<string, string>; timeout: string; discardResponseMessage?: boolean };
}

/** How the fake gRPC server behaves. */
export interface FakeGrpcServer {
  /** Full methods ("/pkg.Service/Method") in the loaded .proto. */
  methods?: string[];
  /** Throws this from connect (k6 throws on a failed dial or reflection). */
  connectError?: string;
  /** Throws this from invoke (k6 throws before sending an unknown method). */
  invokeError?(call: GrpcCall): string | undefined;
}

export interface SandboxServers {
  ws?: FakeWsServer;
  grpc?: FakeGrpcServer;
}

export function loadScript(
  script: string,
  env: Record<string, string>,
  respond: (call: SandboxCall) => FakeResponse = () => ({ status: 200, body: '' }),
  servers: SandboxServers = {},
  /** Files open() reads, by the path the script asks for. */
  files: Record<string, string> = {},
): Sandbox {
  const calls: SandboxCall[] = [];
  const checks: Sandbox['checks'] = [];
  const sleeps: number[] = [];
  const samples: TrendSample[] = [];
  const sockets: SandboxSocket[] = [];
  const grpcLog: Sandbox['grpc'] = { loads: [], connects: [], calls: [] };
  const clock = { now: 0 };
  const http = {
    request: (method: string, url: string, body: unknown, params: SandboxCall['params']) => {
      const call = { method, url, body, params };
      calls.push(call);
      const response = respond(call);
      // As k6: the body as text or as an ArrayBuffer (responseType), none without a response;
      // error_code 1000 + status for HTTP errors.
      const text = response.body ?? '';
      const responseBody = !response.status
        ? null
        : params.responseType === 'text'
          ? text
          : params.responseType === 'binary'
            ? new TextEncoder().encode(text).buffer
            : null;
      return {
        status: response.status,
        body: responseBody,
        headers: response.headers ?? {},
        error_code: response.status >= 400 ? 1000 + response.status : response.status ? 0 : 1212,
      };
    },
    expectedStatuses: (...statuses: number[]) => ({ expected: statuses }),
  };
  const abort = { message: null as string | null };
  const exec = {
    scenario: { iterationInTest: 0, iterationInInstance: 0, name: '' },
    vu: { idInInstance: 1 },
    test: {
      abort(message: string) {
        abort.message = message;
        throw new Error(`test aborted: ${message}`);
      },
    },
    instance: {
      get currentTestRunDuration() {
        return clock.now;
      },
    },
  };
  const responseBytes: TrendSample[] = [];
  class Trend {
    constructor(readonly name: string) {}
    add(value: number, tags: Record<string, string> = {}) {
      (this.name === RESPONSE_BYTES_METRIC ? responseBytes : samples).push({ metric: this.name, value, tags });
    }
  }
  class Counter extends Trend {}
  // k6/x/loadline (apps/runner/k6-extension/recorder.go): what the Go module hands Loadline's
  // output, logged in the shape the portable script's custom metrics have, so a test reads
  // either script's figures the same way.
  const registered: { name: string; method: string; expect: number[] | null }[] = [];
  const loadline = {
    httpRequest: (name: string, method: string, expect: number[] | null) => registered.push({ name, method, expect }) - 1,
    responseBytes: (key: number, response: { status: number; body: unknown; error_code: number }) => {
      const request = registered[key];
      if (!request || !response.status) return;
      const expected = request.expect ? request.expect.includes(response.status) : response.status >= 200 && response.status <= 399;
      const body = response.body;
      const size = body == null ? 0 : typeof body === 'string' ? new TextEncoder().encode(body).length : (body as ArrayBuffer).byteLength;
      const tags: Record<string, string> = { name: request.name, method: request.method, status: String(response.status), expected_response: String(expected) };
      if (response.error_code) tags.error_code = String(response.error_code);
      responseBytes.push({ metric: RESPONSE_BYTES_METRIC, value: size, tags });
    },
    completed: (name: string, method: string, status: number, ms: number) =>
      samples.push({ metric: REQUEST_METRIC, value: ms > 0 ? ms : 0, tags: { name, method, status: String(status), expected: 'true' } }),
    failed: (name: string, method: string, status: number, errorCode: unknown, count?: number) => {
      const tags: Record<string, string> = { name, method, status: String(status), expected: 'false' };
      if (errorCode) tags.error_code = String(errorCode);
      samples.push({ metric: FAILED_REQUEST_METRIC, value: count === undefined ? 1 : count, tags });
    },
  };
  const ws = { connect: fakeWsConnect(servers.ws ?? {}, clock, sockets) };
  const grpc = { Client: fakeGrpcClient(servers.grpc ?? {}, grpcLog) };
  const check = (value: unknown, assertions: Record<string, (value: unknown) => boolean>) => {
    for (const [name, assertion] of Object.entries(assertions)) checks.push({ name, passed: assertion(value) });
    return true;
  };
  const sleep = (seconds: number) => sleeps.push(seconds);
  // k6/x/loadline-data (apps/runner/k6-extension/data_rows.go): a data file's columns, row
  // count and each row as its line's JSON text; counters 0, 1, 2, ... per name.
  const counters = new Map<string, number>();
  const loadlineData = {
    counter: (name: string) => ({
      next: () => {
        const next = counters.get(name) ?? 0;
        counters.set(name, next + 1);
        return next;
      },
    }),
    open: (path: string) => {
      if (!(path in files)) throw new Error(`loadline-data: reading ${path}: no such file`);
      const file = JSON.parse(files[path]!) as { columns: string[]; rows: string[][] };
      return {
        columns: file.columns,
        length: file.rows.length,
        row: (index: number) => {
          if (index < 0 || index >= file.rows.length) throw new Error(`loadline-data: row ${index} of ${file.rows.length}`);
          return JSON.stringify(file.rows[index]);
        },
        cell: (index: number, column: number) => {
          if (index < 0 || index >= file.rows.length) throw new Error(`loadline-data: row ${index} of ${file.rows.length}`);
          return file.rows[index]![column] ?? '';
        },
      };
    },
  };
  const open = (path: string) => {
    if (!(path in files)) throw new Error(`open: no file ${path}`);
    return files[path]!;
  };
  const exported: string[] = [];
  const body = script
    .replace(/^import .*$/gm, '')
    .replace('export const options', 'const options')
    .replace(/^export function (\w+)/gm, (_, name: string) => {
      exported.push(name);
      return `function ${name}`;
    });
  const console = { error: () => undefined, log: () => undefined, warn: () => undefined };
  const factory = new Function(
    'http',
    'exec',
    'check',
    'sleep',
    '__ENV',
    'Trend',
    'Counter',
    'ws',
    'grpc',
    'console',
    'loadlineData',
    'loadline',
    'open',
    `${body}\nreturn { options, scenarios: [${exported.join(', ')}] };`,
  );
  const module = factory(http, exec, check, sleep, env, Trend, Counter, ws, grpc, console, loadlineData, loadline, open) as {
    options: Options;
    scenarios: (() => void)[];
  };
  return {
    options: module.options,
    calls,
    checks,
    sleeps,
    samples,
    responseBytes,
    sockets,
    grpc: grpcLog,
    now: () => clock.now,
    iterate(index, iterationInTest = 0, at = {}) {
      exec.scenario.iterationInTest = iterationInTest;
      exec.scenario.iterationInInstance = at.iterationInInstance ?? iterationInTest;
      exec.scenario.name = Object.keys(module.options.scenarios ?? {})[index] ?? '';
      exec.vu.idInInstance = at.vu ?? 1;
      module.scenarios[index]!();
    },
    get aborted() {
      return abort.message;
    },
  };
}

type Handler = (...args: unknown[]) => void;

/**
 * k6/ws connect(): runs the session's event loop on virtual time (timers and replies fire in
 * time order, advancing the clock) and returns when the socket closes, as k6's does. A
 * session the script never closes would hang k6; here it throws.
 */
function fakeWsConnect(server: FakeWsServer, clock: { now: number }, sockets: SandboxSocket[]) {
  return (url: string, params: SandboxSocket['params'], callback: (socket: unknown) => void) => {
    const handshake = server.handshake?.(url) ?? {};
    clock.now += handshake.delayMs ?? 0;
    if (handshake.error) return { status: 0, error: handshake.error };
    if ((handshake.status ?? 101) !== 101) return { status: handshake.status, error: '' };
    const record: SandboxSocket = { url, params, sent: [], closedAt: null };
    sockets.push(record);
    const handlers: Record<string, Handler[]> = {};
    const emit = (event: string, ...args: unknown[]) => (handlers[event] ?? []).forEach((handler) => handler(...args));
    let queue: { at: number; seq: number; fire: () => void }[] = [];
    let seq = 0;
    const schedule = (delayMs: number, fire: () => void) => queue.push({ at: clock.now + delayMs, seq: seq++, fire });
    const socket = {
      on: (event: string, handler: Handler) => (handlers[event] ??= []).push(handler),
      send: (data: string) => {
        if (record.closedAt !== null) return;
        record.sent.push(data);
        for (const reply of server.reply?.(data) ?? []) schedule(reply.delayMs, () => emit('message', reply.data));
      },
      setTimeout: (fire: () => void, ms: number) => {
        if (!(ms > 0)) throw new Error(`setTimeout requires a >0 timeout parameter, received ${ms}`);
        schedule(ms, fire);
      },
      close: () => {
        if (record.closedAt !== null) return;
        record.closedAt = clock.now;
        emit('close', 1000);
      },
    };
    callback(socket);
    emit('open');
    while (record.closedAt === null) {
      if (!queue.length) throw new Error(`the script left the WebSocket to ${url} open with nothing scheduled: k6 would wait forever`);
      queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = queue.shift()!;
      clock.now = Math.max(clock.now, next.at);
      next.fire();
    }
    queue = [];
    return { status: 101, url };
  };
}

function fakeGrpcClient(server: FakeGrpcServer, log: Sandbox['grpc']) {
  return class Client {
    load(_paths: string[], file: string) {
      log.loads.push(file);
      return (server.methods ?? []).map((method) => ({ full_method: method }));
    }
    connect(address: string, params: Record<string, unknown>) {
      log.connects.push({ address, params });
      if (server.connectError) throw new Error(server.connectError);
      return true;
    }
    invoke(method: string, message: unknown, params: GrpcCall['params']) {
      const call = { method, message, params };
      const error = server.invokeError?.(call);
      if (error) throw new Error(error);
      log.calls.push(call);
      return { status: 0, message: null };
    }
    close() {
      return undefined;
    }
  };
}
