import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { WebSocketServer } from 'ws';

/**
 * WebSocket and gRPC servers on 127.0.0.1 for the runner's k6 tests, counting what they
 * receive themselves (the ground truth Loadline's figures are checked against).
 */

/**
 * Calls `fn` no sooner than `ms` after `since` (process.hrtime.bigint()). Node's timers run
 * on a millisecond loop clock and may fire up to a millisecond early; the delay a test
 * compares latencies against must be a floor.
 */
function afterAtLeast(since: bigint, ms: number, fn: () => void): void {
  const left = ms - Number(process.hrtime.bigint() - since) / 1e6;
  if (left <= 0) fn();
  else setTimeout(() => afterAtLeast(since, ms, fn), Math.max(1, Math.ceil(left)));
}

export interface WsEchoServer {
  url: string;
  /** Handshakes accepted, by path. */
  connections: Map<string, number>;
  /** Messages received, by path. */
  messages: Map<string, number>;
  /** Handshakes refused (see `refuse`): answered 503, or the socket dropped without an answer. */
  refused: { status503: number; dropped: number };
  close(): Promise<void>;
}

/** Which handshakes to refuse, by their order of arrival (0-based). */
export type WsRefusal = (attempt: number) => 'accept' | 'status503' | 'drop';

/** Echoes every text message back after `delayMs`; a message containing "silence" gets no reply. */
export async function startWsEchoServer(delayMs: number, refuse: WsRefusal = () => 'accept'): Promise<WsEchoServer> {
  const connections = new Map<string, number>();
  const messages = new Map<string, number>();
  const refused = { status503: 0, dropped: 0 };
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let attempts = 0;
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (info, done) => {
      const verdict = refuse(attempts++);
      if (verdict === 'accept') return done(true);
      if (verdict === 'status503') {
        refused.status503++;
        return done(false, 503);
      }
      refused.dropped++;
      info.req.socket.destroy();
    },
  });
  server.on('connection', (socket, request) => {
    const where = (request.url ?? '/').split('?')[0]!;
    add(connections, where);
    socket.on('message', (data) => {
      const received = process.hrtime.bigint();
      add(messages, where);
      const text = String(data);
      if (text.includes('silence')) return;
      afterAtLeast(received, delayMs, () => socket.readyState === socket.OPEN && socket.send(text));
    });
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    connections,
    messages,
    refused,
    close: () =>
      new Promise((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

export const ECHO_PROTO = `syntax = "proto3";
package loadtest;

service Echo {
  // Answers after the server's delay; a request with code > 0 fails with that gRPC status.
  rpc Say (SayRequest) returns (SayReply);
}

message SayRequest {
  string text = 1;
  int32 code = 2;
}

message SayReply {
  string text = 1;
}
`;

export interface GrpcEchoServer {
  /** grpc://127.0.0.1:<port> (plaintext h2c). */
  url: string;
  /** Calls received, by the request's text. */
  calls: Map<string, number>;
  /** Statuses sent, by gRPC code. */
  statuses: Map<number, number>;
  /** The authorization metadata of the last call. */
  lastAuthorization: string | undefined;
  close(): Promise<void>;
}

/** loadtest.Echo/Say on 127.0.0.1, with server reflection, answering after `delayMs`. */
export async function startGrpcEchoServer(delayMs: number): Promise<GrpcEchoServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'loadline-proto-'));
  const file = path.join(dir, 'echo.proto');
  await writeFile(file, ECHO_PROTO);
  const definition = await protoLoader.load(file, { keepCase: true, defaults: true });
  await rm(dir, { recursive: true, force: true });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as { loadtest: { Echo: grpc.ServiceClientConstructor } };

  const calls = new Map<string, number>();
  const statuses = new Map<number, number>();
  const state: GrpcEchoServer = { url: '', calls, statuses, lastAuthorization: undefined, close: async () => undefined };
  const server = new grpc.Server();
  server.addService(loaded.loadtest.Echo.service, {
    Say: (call: grpc.ServerUnaryCall<{ text: string; code: number }, { text: string }>, callback: grpc.sendUnaryData<{ text: string }>) => {
      const received = process.hrtime.bigint();
      const { text, code } = call.request;
      calls.set(text, (calls.get(text) ?? 0) + 1);
      state.lastAuthorization = call.metadata.get('authorization')[0]?.toString();
      afterAtLeast(received, delayMs, () => {
        statuses.set(code, (statuses.get(code) ?? 0) + 1);
        if (code > 0) callback({ code, details: `asked for ${code}` });
        else callback(null, { text });
      });
    },
  });
  new ReflectionService(definition).addToServer(server);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  state.url = `grpc://127.0.0.1:${port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.tryShutdown(() => resolve());
      setTimeout(() => server.forceShutdown(), 1_000).unref();
    });
  return state;
}
