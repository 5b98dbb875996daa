import { beforeEach, describe, expect, it } from 'vitest';
import { generateK6Script, scriptFiles } from './k6-script.js';
import { GRPC_PROTO_FILE } from './k6-script-grpc.js';
import { planSpecSchema } from './plan.js';
import { loadScript, type SandboxServers } from './test-k6-sandbox.js';

const load = { executor: 'constant-vus', vus: 1, duration: '10s' };
const plan = (requests: unknown[], extra: Record<string, unknown> = {}) => planSpecSchema.parse({ load, requests, ...extra });
/** Whether the scripts are made for the runner (k6/x/loadline records) or for a stock k6 (custom metrics): each suite runs both ways. */
let runner = false;
const sandbox = (spec: ReturnType<typeof plan>, env: Record<string, string>, servers: SandboxServers) =>
  loadScript(generateK6Script(spec, { planName: 'p', runner }), env, undefined, servers);
const RECORDERS = [
  ['for a stock k6', false],
  ['for the runner', true],
] as const;

/** An echo server: every message comes back after `delayMs` virtual milliseconds. */
const echo = (delayMs: number, handshakeMs = 0.4) => ({
  handshake: () => ({ delayMs: handshakeMs }),
  reply: (message: string) => [{ data: `echo:${message}`, delayMs }],
});

/** A request that completed, timed: a connection that opened, a round trip. */
const row = (value: number, name = 'Chat', status = 101, method = 'WS') => ({
  metric: 'loadline_request',
  value,
  tags: { name, method, status: String(status), expected: 'true' },
});

/** `count` requests that failed before any answer: counted with their status and reason, never timed. */
const failed = (count: number, status: number, errorCode?: string, name = 'Chat', method = 'WS') => ({
  metric: 'loadline_request_failed',
  value: count,
  tags: { name, method, status: String(status), expected: 'false', ...(errorCode ? { error_code: errorCode } : {}) },
});

describe.each(RECORDERS)('generateK6Script: WebSocket requests, %s', (_, forRunner) => {
  beforeEach(() => {
    runner = forRunner;
  });

  const chat = {
    name: 'Chat',
    protocol: 'ws',
    path: '/rooms/{{vars.ROOM}}',
    query: { token: '{{vars.TOKEN}}' },
    headers: { 'X-Client': 'loadline' },
    messages: ['hello {{vars.ROOM}}', 'bye'],
    holdFor: '2s',
    checks: [{ type: 'replyContains', value: 'echo:' }],
  };
  const env = {
    LOADLINE_BASE_URL: 'http://127.0.0.1:9000/',
    LOADLINE_HEADERS: JSON.stringify({ Authorization: 'Bearer t' }),
    LOADLINE_VARS: JSON.stringify({ ROOM: 'r 1', TOKEN: 'a&b' }),
  };

  it('connects, times the connection and each round trip, checks replies and holds the connection', () => {
    const script = sandbox(plan([chat]), env, { ws: echo(25) });
    script.iterate(0);
    const [socket] = script.sockets;
    expect(socket).toMatchObject({
      url: 'ws://127.0.0.1:9000/rooms/r 1?token=a%26b',
      params: { headers: { Authorization: 'Bearer t', 'X-Client': 'loadline' }, tags: { name: 'Chat' } },
      sent: ['hello r 1', 'bye'],
    });
    // One row for the connection, one per round trip, each the exact virtual time it took.
    // Connections and round trips are different things: each has its own row.
    expect(script.samples).toEqual([row(0.4, 'Chat (connect)'), row(25), row(25)]);
    expect(script.checks).toEqual([
      { name: 'Chat: reply contains "echo:"', passed: true },
      { name: 'Chat: reply contains "echo:"', passed: true },
    ]);
    // Held 2 s after the last reply, then closed.
    expect(socket!.closedAt).toBeCloseTo(0.4 + 25 + 25 + 2_000, 9);
  });

  it('keeps wss:// targets and sends every message at once when no reply is awaited', () => {
    const spec = plan([{ ...chat, awaitReply: false, holdFor: '0s' }]);
    const script = sandbox(spec, { ...env, LOADLINE_BASE_URL: 'wss://chat.example.test' }, { ws: echo(5) });
    script.iterate(0);
    expect(script.sockets[0]).toMatchObject({ url: 'wss://chat.example.test/rooms/r 1?token=a%26b', sent: ['hello r 1', 'bye'], closedAt: 0.4 });
    expect(script.samples).toEqual([row(0.4)]);
  });

  it('fails a round trip whose reply does not come in time, ends the session and fails what it could not send', () => {
    const spec = plan([{ ...chat, messages: ['one', 'two', 'three', 'four'], replyTimeout: '300ms' }]);
    const script = sandbox(spec, env, { ws: { reply: (message) => (message === 'two' ? [] : [{ data: 'ok', delayMs: 10 }]) } });
    script.iterate(0);
    expect(script.sockets[0]).toMatchObject({ sent: ['one', 'two'], closedAt: 310 });
    // The 300 ms waited for "two" is not a round trip: only the one that completed is timed.
    expect(script.samples).toEqual([row(0, 'Chat (connect)'), row(10), failed(1, 0, '1050'), failed(2, 0, '1050')]);
  });

  it('counts a session whose reply never came and whose connection then closed once, as the reply that did not come', () => {
    const spec = plan([{ ...chat, messages: ['one'], replyTimeout: '50ms' }]);
    const script = sandbox(spec, env, { ws: { reply: () => [] } });
    script.iterate(0);
    expect(script.samples).toEqual([row(0, 'Chat (connect)'), failed(1, 0, '1050')]);
  });

  it('counts refused connections and handshakes as failures with their reason, never as 0 ms round trips', () => {
    const refused = sandbox(plan([chat]), env, { ws: { handshake: () => ({ delayMs: 1, error: 'dial tcp 127.0.0.1:9000: connect: connection refused' }) } });
    refused.iterate(0);
    // The connection and both messages it would have carried failed: refused (1212), no response (status 0).
    expect(refused.samples).toEqual([failed(1, 0, '1212', 'Chat (connect)'), failed(2, 0, '1212')]);
    const forbidden = sandbox(plan([chat]), env, { ws: { handshake: () => ({ delayMs: 2, status: 403 }) } });
    forbidden.iterate(0);
    expect(forbidden.samples).toEqual([failed(1, 403, undefined, 'Chat (connect)'), failed(2, 403)]);
    expect(forbidden.sockets).toEqual([]);
    // Without replies to wait for, the connection is the step's own row.
    const bare = sandbox(plan([{ ...chat, awaitReply: false }]), env, { ws: { handshake: () => ({ delayMs: 1, error: 'dial tcp: i/o timeout' }) } });
    bare.iterate(0);
    expect(bare.samples).toEqual([failed(1, 0, '1211')]);
  });

  it('mixes with HTTP requests in a sequence, and leaves k6/ws out of HTTP-only scripts', () => {
    const spec = planSpecSchema.parse({
      scenarios: [
        {
          name: 's',
          flow: 'sequence',
          load,
          requests: [
            { name: 'Login', path: '/login' },
            { ...chat, holdFor: '0s' },
          ],
        },
      ],
    });
    const script = sandbox(spec, env, { ws: echo(1) });
    script.iterate(0);
    expect(script.calls.map((call) => call.params.tags.name)).toEqual(['Login']);
    expect(script.sockets).toHaveLength(1);
    const httpOnly = generateK6Script(plan([{ name: 'A', path: '/' }]), { planName: 'p' });
    expect(httpOnly).not.toMatch(/k6\/ws|k6\/net\/grpc|Counter|loadline_request\b|loadline_request_failed/);
  });
});

describe.each(RECORDERS)('generateK6Script: gRPC requests, %s', (_, forRunner) => {
  beforeEach(() => {
    runner = forRunner;
  });

  const proto = 'syntax = "proto3";\npackage echo;\nservice Echo { rpc Say (Msg) returns (Msg); }\nmessage Msg { string text = 1; }\n';
  const say = {
    name: 'Say',
    protocol: 'grpc',
    method: 'echo.Echo/Say',
    message: { text: 'hi {{vars.WHO}}', n: 3 },
    metadata: { 'x-trace': '{{vars.WHO}}' },
    expectCodes: [0, 5],
    timeout: '2s',
  };
  const env = {
    LOADLINE_BASE_URL: 'grpc://127.0.0.1:50051',
    LOADLINE_HEADERS: JSON.stringify({ Authorization: 'Bearer t', 'Content-Type': 'application/json' }),
    LOADLINE_VARS: JSON.stringify({ WHO: 'ann' }),
  };

  it("loads the plan's .proto, connects once per VU in plaintext and calls with metadata, tags and timeout", () => {
    const spec = plan([say], { grpc: { proto } });
    expect(scriptFiles(spec)).toEqual({ [GRPC_PROTO_FILE]: proto });
    const script = sandbox(spec, env, { grpc: { methods: ['/echo.Echo/Say'] } });
    for (let iteration = 0; iteration < 3; iteration++) script.iterate(0, iteration);
    expect(script.grpc.loads).toEqual([GRPC_PROTO_FILE]);
    expect(script.grpc.connects).toEqual([{ address: '127.0.0.1:50051', params: { plaintext: true, reflect: false, timeout: '2s' } }]);
    expect(script.grpc.calls).toHaveLength(3);
    expect(script.grpc.calls[0]).toEqual({
      method: 'echo.Echo/Say',
      message: { text: 'hi ann', n: 3 },
      // The target's default headers are metadata, less the names gRPC reserves.
      params: {
        metadata: { authorization: 'Bearer t', 'x-trace': 'ann' },
        tags: { name: 'Say', expected_codes: '0,5' },
        timeout: '2s',
        discardResponseMessage: true,
      },
    });
    // k6 times the calls itself (grpc_req_duration): nothing of the script's own.
    expect(script.samples).toEqual([]);
  });

  it('uses TLS for grpcs:// and server reflection when the plan asks for it', () => {
    const spec = plan([say], { grpc: { reflection: true, proto } });
    expect(scriptFiles(spec)).toEqual({});
    const script = sandbox(spec, { ...env, LOADLINE_BASE_URL: 'grpcs://api.example.test' }, {});
    script.iterate(0);
    expect(script.grpc.loads).toEqual([]);
    expect(script.grpc.connects).toEqual([{ address: 'api.example.test:443', params: { plaintext: false, reflect: true, timeout: '2s' } }]);
  });

  it('refuses at init a method the .proto does not have', () => {
    const spec = plan([{ ...say, method: 'echo.Echo/Shout' }], { grpc: { proto } });
    expect(() => sandbox(spec, env, { grpc: { methods: ['/echo.Echo/Say'] } })).toThrow(
      /gRPC method echo.Echo\/Shout \(request "Say"\) is not in the plan's .proto; it has: \/echo.Echo\/Say/,
    );
  });

  it('records a failed connection with the gRPC status it amounts to, and tries again next time', () => {
    const spec = plan([say], { grpc: { reflection: true } });
    const refused = sandbox(spec, env, {
      grpc: {
        connectError:
          'context deadline exceeded: connection error: desc = "transport: Error while dialing: dial tcp 127.0.0.1:50051: connect: connection refused"',
      },
    });
    refused.iterate(0, 0);
    refused.iterate(0, 1);
    expect(refused.grpc.connects).toHaveLength(2);
    expect(refused.samples).toEqual([failed(1, 14, '1212', 'Say', 'GRPC'), failed(1, 14, '1212', 'Say', 'GRPC')]);
    const noReflection = sandbox(spec, env, {
      grpc: { connectError: 'rpc error: code = Unimplemented desc = unknown service grpc.reflection.v1.ServerReflection' },
    });
    noReflection.iterate(0);
    expect(noReflection.samples).toEqual([failed(1, 12, '1000', 'Say', 'GRPC')]);
  });

  it('records a call k6 could not make (a method reflection did not find) as UNIMPLEMENTED', () => {
    const script = sandbox(plan([say], { grpc: { reflection: true } }), env, {
      grpc: { invokeError: () => 'method "/echo.Echo/Say" not found in file descriptors' },
    });
    script.iterate(0);
    expect(script.samples).toEqual([failed(1, 12, '1000', 'Say', 'GRPC')]);
  });
});
