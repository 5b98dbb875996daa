import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  diagnoseRun,
  mergeSegmentsBySecond,
  planSpecSchema,
  summarizeSeconds,
  type PlanSpecInput,
  type RunExecutePayload,
  type SecondSample,
} from '@loadline/shared';
import { TypedProducer, sealJobSecrets } from '@loadline/shared/queue';
import { TEST_RUNNER_KEY, deleteKeysWithPrefix, refusedLoopbackUrl, localRedisUrl } from '@loadline/shared/testing';
import { parseRunnerEnv } from './env.js';
import { SegmentExecutor } from './segment-executor.js';
import { ClockOffset } from './clock-offset.js';
import { publishedResults } from './test/run-fixtures.js';
import { DispatchHarness } from './test/dispatch-harness.js';
import { ECHO_PROTO, startGrpcEchoServer, startWsEchoServer, type GrpcEchoServer, type WsEchoServer } from './test/protocol-servers.js';

const REDIS_URL = localRedisUrl();
/** What each server waits before it answers: every measured round trip must be at least this. */
const WS_DELAY_MS = 20;
const GRPC_DELAY_MS = 15;

/**
 * Real k6 through the SegmentExecutor against WebSocket and gRPC servers on 127.0.0.1 that
 * count what they receive: Loadline's per-request figures (read back from the results queue
 * and summarised as the API does) must match the servers' counts exactly.
 */
describe('WebSocket and gRPC requests with real k6', () => {
  const prefix = `lltest-protocols-${randomUUID().slice(0, 8)}`;
  let redis: Redis;
  let results: TypedProducer<'results'>;
  let executor: SegmentExecutor;
  let workdir: string;
  let wsServer: WsEchoServer;
  let grpcServer: GrpcEchoServer;
  let harness: DispatchHarness;

  beforeAll(async () => {
    harness = new DispatchHarness(REDIS_URL, prefix);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    results = new TypedProducer('results', redis, { prefix });
    workdir = await mkdtemp(path.join(os.tmpdir(), 'loadline-protocols-'));
    const env = parseRunnerEnv({
      REDIS_URL,
      LOADLINE_RUNNER_KEY: TEST_RUNNER_KEY,
      LOADLINE_QUEUE_PREFIX: prefix,
      LOADLINE_RUNNER_ID: 'test-runner',
      LOADLINE_RUNNER_WORKDIR: workdir,
    });
    executor = new SegmentExecutor(env, results, pino({ level: 'silent' }), new ClockOffset());
    [wsServer, grpcServer] = await Promise.all([startWsEchoServer(WS_DELAY_MS), startGrpcEchoServer(GRPC_DELAY_MS)]);
  });

  afterAll(async () => {
    await Promise.all([wsServer?.close(), grpcServer?.close()]);
    await results?.queue.obliterate({ force: true }).catch(() => undefined);
    await results?.close();
    harness?.close();
    await deleteKeysWithPrefix(redis, prefix);
    redis?.disconnect();
    await rm(workdir, { recursive: true, force: true });
  });

  async function run(spec: PlanSpecInput, baseUrl: string, headers: Record<string, string> = {}) {
    const runId = `run-${randomUUID()}`;
    const parsed = planSpecSchema.parse(spec);
    const job: RunExecutePayload = {
      runId,
      tenantId: 'tenant-1',
      planName: 'protocols',
      planVersion: 1,
      segment: { index: 0, count: 1 },
      spec: parsed,
      target: { baseUrl, secrets: sealJobSecrets(TEST_RUNNER_KEY, runId, { headers, variables: { ROOM: 'lobby' } }) },
      policy: { blacklistIPs: [], blockHostnames: [] },
      deadlineSeconds: 60,
    };
    await harness.executeAlone(executor, job);
    const { seconds, finished } = await publishedResults(results, runId);
    const samples = seconds.map((second) => second.sample as SecondSample);
    const summary = summarizeSeconds(samples);
    const byName = Object.fromEntries(summary.requests.map((request) => [request.name, request]));
    return {
      finished,
      samples,
      summary,
      byName,
      diagnostics: diagnoseRun({
        spec: parsed,
        summary,
        seconds: mergeSegmentsBySecond(samples.map((sample) => ({ segmentIndex: 0, sample, generator: null }))),
        partial: false,
      }),
    };
  }

  it('times WebSocket connections and round trips, counted as the server counted them', async () => {
    const { finished, samples, summary, byName } = await run(
      {
        scenarios: [
          {
            name: 'chat',
            flow: 'sequence',
            load: { executor: 'constant-vus', vus: 2, duration: '3s' },
            requests: [
              {
                name: 'Chat',
                protocol: 'ws',
                path: '/chat',
                query: { room: '{{vars.ROOM}}' },
                messages: ['hello 1', 'hello 2', 'hello 3'],
                checks: [{ type: 'replyContains', value: 'hello' }],
              },
              { name: 'Silent', protocol: 'ws', path: '/silent', messages: ['silence please', 'never sent'], replyTimeout: '200ms' },
              { name: 'Push', protocol: 'ws', path: '/push', messages: ['fire and forget'], awaitReply: false, holdFor: '100ms' },
            ],
          },
        ],
      },
      wsServer.url.replace('ws://', 'http://'),
    );
    expect(finished).toEqual([expect.objectContaining({ outcome: 'completed' })]);
    const connections = (where: string) => wsServer.connections.get(where) ?? 0;
    const messages = (where: string) => wsServer.messages.get(where) ?? 0;
    expect(connections('/chat')).toBeGreaterThanOrEqual(10);

    // Connections of steps that await replies have their own row; exact counts, all 101.
    expect(byName['Chat (connect)']).toMatchObject({ count: connections('/chat'), errors: 0, statusCounts: { '101': connections('/chat') } });
    expect(byName.Chat).toMatchObject({ count: messages('/chat'), errors: 0, statusCounts: { '101': messages('/chat') } });
    expect(messages('/chat')).toBe(3 * connections('/chat'));
    // Every round trip took at least what the server waited before echoing.
    const chat = byName.Chat!.latency!;
    expect(chat.min).toBeGreaterThanOrEqual(WS_DELAY_MS);
    console.log(
      `WS round trip vs ${WS_DELAY_MS} ms server delay: min ${chat.min.toFixed(3)} p50 ${chat.p50.toFixed(3)} p99 ${chat.p99.toFixed(3)} max ${chat.max.toFixed(3)} ms; connect p50 ${byName['Chat (connect)']!.latency!.p50.toFixed(3)} ms`,
    );
    expect(chat.p50).toBeLessThan(WS_DELAY_MS + 15);

    // No reply within 200 ms: the round trip fails with k6's timeout code, the session ends,
    // and the message it could not send fails too.
    expect(byName['Silent (connect)']).toMatchObject({ count: connections('/silent'), errors: 0 });
    expect(messages('/silent')).toBe(connections('/silent'));
    expect(byName.Silent).toMatchObject({
      count: 2 * connections('/silent'),
      errors: 2 * connections('/silent'),
      statusCounts: { '0': 2 * connections('/silent') },
    });
    const silentRows = samples.flatMap((sample) => sample.requests.filter((request) => request.name === 'Silent'));
    expect(new Set(silentRows.map((request) => request.errorCode))).toEqual(new Set(['1050']));
    // A reply that never came is a failure with its reason, not a 200 ms round trip.
    expect(byName.Silent).toMatchObject({ errorCodes: { '1050': 2 * connections('/silent') }, latency: null });

    // Without replies to await, the connection is the step's own row.
    expect(byName.Push).toMatchObject({ count: connections('/push'), errors: 0, statusCounts: { '101': connections('/push') } });
    expect(messages('/push')).toBe(connections('/push'));

    expect(summary.checks).toEqual([{ name: 'Chat: reply contains "hello"', passes: messages('/chat'), fails: 0 }]);
    // Echoes of Chat's messages, and of Push's while it held the connection.
    expect(summary.overall).toMatchObject({
      messagesSent: messages('/chat') + messages('/silent') + messages('/push'),
      messagesReceived: messages('/chat') + messages('/push'),
    });
  });

  it("calls gRPC methods from the plan's .proto, with statuses, expected codes and the rate-limit diagnostic", async () => {
    const before = new Map(grpcServer.calls);
    const { finished, byName, diagnostics } = await run(
      {
        load: { executor: 'constant-vus', vus: 2, duration: '3s' },
        grpc: { proto: ECHO_PROTO },
        requests: [
          { name: 'Say', protocol: 'grpc', method: 'loadtest.Echo/Say', message: { text: 'say {{vars.ROOM}}' } },
          { name: 'Limited', protocol: 'grpc', method: 'loadtest.Echo/Say', message: { text: 'limited', code: 8 } },
          { name: 'Missing', protocol: 'grpc', method: 'loadtest.Echo/Say', message: { text: 'missing', code: 5 }, expectCodes: [0, 5] },
        ],
      },
      grpcServer.url,
      { Authorization: 'Bearer grpc-token' },
    );
    expect(finished).toEqual([expect.objectContaining({ outcome: 'completed' })]);
    const calls = (text: string) => (grpcServer.calls.get(text) ?? 0) - (before.get(text) ?? 0);
    expect(calls('say lobby')).toBeGreaterThanOrEqual(20);
    expect(byName.Say).toMatchObject({ count: calls('say lobby'), errors: 0, statusCounts: { 'grpc:OK': calls('say lobby') } });
    // An unexpected RESOURCE_EXHAUSTED is an error; an expected NOT_FOUND is not.
    expect(byName.Limited).toMatchObject({ count: calls('limited'), errors: calls('limited'), statusCounts: { 'grpc:RESOURCE_EXHAUSTED': calls('limited') } });
    expect(byName.Missing).toMatchObject({ count: calls('missing'), errors: 0, statusCounts: { 'grpc:NOT_FOUND': calls('missing') } });
    const say = byName.Say!.latency!;
    expect(say.min).toBeGreaterThanOrEqual(GRPC_DELAY_MS);
    console.log(
      `gRPC call vs ${GRPC_DELAY_MS} ms server delay: min ${say.min.toFixed(3)} p50 ${say.p50.toFixed(3)} p99 ${say.p99.toFixed(3)} max ${say.max.toFixed(3)} ms`,
    );
    expect(grpcServer.lastAuthorization).toBe('Bearer grpc-token');
    // A third of the calls were RESOURCE_EXHAUSTED: the target's rate limiter set the pace,
    // of the run and, all of its calls, of Limited.
    expect(diagnostics.map((d) => `${d.code}:${d.severity}${d.request ? `@${d.request}` : ''}`)).toEqual([
      'RATE_LIMITED:critical',
      'RATE_LIMITED:critical@Limited',
    ]);
  });

  it("learns the service by server reflection, and reports only the plan's calls", async () => {
    const before = grpcServer.calls.get('reflected') ?? 0;
    const { finished, summary } = await run(
      {
        load: { executor: 'constant-vus', vus: 1, duration: '1s' },
        grpc: { reflection: true },
        requests: [{ name: 'Reflected', protocol: 'grpc', method: 'loadtest.Echo/Say', message: { text: 'reflected' } }],
      },
      grpcServer.url,
    );
    expect(finished).toEqual([expect.objectContaining({ outcome: 'completed' })]);
    const calls = (grpcServer.calls.get('reflected') ?? 0) - before;
    expect(calls).toBeGreaterThan(5);
    // The reflection stream k6 opens on connect is not a request of the plan.
    expect(summary.requests.map((request) => [request.name, request.count])).toEqual([['Reflected', calls]]);
  });

  it('counts refused WebSocket connections as failures with their reason, never as 0 ms round trips', async () => {
    // Every 3rd handshake is answered 503, every 5th dropped without an answer; the rest echo after WS_DELAY_MS.
    const refusing = await startWsEchoServer(WS_DELAY_MS, (attempt) => (attempt % 3 === 2 ? 'status503' : attempt % 5 === 4 ? 'drop' : 'accept'));
    try {
      const { byName } = await run(
        { load: { executor: 'constant-vus', vus: 2, duration: '2s' }, requests: [{ name: 'Chat', protocol: 'ws', path: '/chat', messages: ['one', 'two'] }] },
        refusing.url.replace('ws://', 'http://'),
      );
      const accepted = refusing.connections.get('/chat') ?? 0;
      const { status503, dropped } = refusing.refused;
      console.log(`WS: ${accepted} accepted, ${status503} answered 503, ${dropped} dropped; round trip min ${byName.Chat!.latency!.min.toFixed(3)} ms`);
      expect(status503).toBeGreaterThan(0);
      expect(dropped).toBeGreaterThan(0);
      const connect = byName['Chat (connect)']!;
      expect(connect).toMatchObject({ count: accepted + status503 + dropped, errors: status503 + dropped });
      expect(connect.statusCounts).toEqual({ '101': accepted, '503': status503, '0': dropped });
      // The round trips that never happened are failures, with the connection's status...
      expect(byName.Chat).toMatchObject({ count: 2 * (accepted + status503 + dropped), errors: 2 * (status503 + dropped) });
      expect(byName.Chat!.statusCounts).toEqual({ '101': 2 * accepted, '503': 2 * status503, '0': 2 * dropped });
      // ...and their reason where there was no answer at all...
      expect(Object.values(byName.Chat!.errorCodes ?? {}).reduce((sum, n) => sum + n, 0)).toBe(2 * dropped);
      // ...and no latency: every round trip measured took at least what the server waited.
      expect(byName.Chat!.latency!.min).toBeGreaterThanOrEqual(WS_DELAY_MS);
    } finally {
      await refusing.close();
    }
  });

  it('reports refused gRPC and WebSocket connections as unanswered, and the target as unreachable', async () => {
    const refused = await refusedLoopbackUrl();
    const grpc = await run(
      {
        load: { executor: 'constant-vus', vus: 1, duration: '1s' },
        grpc: { reflection: true },
        requests: [{ name: 'Say', protocol: 'grpc', method: 'loadtest.Echo/Say', thinkTime: { min: '100ms', max: '100ms' } }],
      },
      refused.replace('http://', 'grpc://'),
    );
    // Counted as failures with their reason (refused), with no latency: no call was made.
    expect(grpc.byName.Say).toMatchObject({
      statusCounts: { 'grpc:UNAVAILABLE': grpc.byName.Say!.count },
      errorCodes: { '1212': grpc.byName.Say!.count },
      latency: null,
    });
    expect(grpc.byName.Say!.errors).toBe(grpc.byName.Say!.count);
    expect(grpc.finished).toEqual([expect.objectContaining({ outcome: 'errored', error: expect.objectContaining({ code: 'TARGET_UNREACHABLE' }) })]);
    expect(grpc.diagnostics.map((d) => d.code)).toEqual(['CONNECTION_ERRORS']);

    const ws = await run(
      {
        load: { executor: 'constant-vus', vus: 1, duration: '1s' },
        requests: [{ name: 'Chat', protocol: 'ws', path: '/', messages: ['hi'], thinkTime: { min: '100ms', max: '100ms' } }],
      },
      refused.replace('http://', 'ws://'),
    );
    const connects = ws.byName['Chat (connect)']!.count;
    expect(ws.byName['Chat (connect)']).toMatchObject({ errors: connects, statusCounts: { '0': connects }, errorCodes: { '1212': connects }, latency: null });
    // The messages those sessions would have sent: failures with the same reason, never 0 ms round trips.
    expect(ws.byName.Chat).toMatchObject({ count: connects, errors: connects, errorCodes: { '1212': connects }, latency: null });
    expect(ws.finished).toEqual([expect.objectContaining({ outcome: 'errored', error: expect.objectContaining({ code: 'TARGET_UNREACHABLE' }) })]);
  });
});
