import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { quantile, emptyHistogram, recordValue, type PlanView, type RunView, type TargetView } from '@loadline/shared';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import { startStack, type TestStack } from '../test/stack.js';
import type { ApiClient } from '../test/api-client.js';

/** What the WebSocket server waits before it echoes: every completed round trip takes at least this. */
const WS_DELAY_MS = 20;

interface FlakyWsServer {
  url: string;
  /** Handshakes by what the server did: accepted (101), rejected with 503, reset (TCP RST, no answer). */
  handshakes: { accepted: number; rejected: number; reset: number };
  /** Messages the server received and replies it sent. */
  messages: number;
  replies: number;
  close(): Promise<void>;
}

/**
 * A WebSocket echo server on 127.0.0.1 that fails some connections: of every four handshakes
 * the first is reset (no answer at all), the second rejected with 503, the other two accepted;
 * accepted sessions get each message back no sooner than WS_DELAY_MS after it arrived
 * (checked on the high-resolution clock: Node's timers may fire early).
 */
async function startFlakyWsServer(): Promise<FlakyWsServer> {
  const counts = { handshakes: { accepted: 0, rejected: 0, reset: 0 }, messages: 0, replies: 0 };
  const wss = new WebSocketServer({ noServer: true });
  const server = http.createServer((_req, res) => res.writeHead(426).end());
  let upgrades = 0;
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex & { resetAndDestroy?: () => void }, head: Buffer) => {
    const turn = upgrades++ % 4;
    if (turn === 0) {
      counts.handshakes.reset++;
      socket.resetAndDestroy!();
    } else if (turn === 1) {
      counts.handshakes.rejected++;
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    } else {
      wss.handleUpgrade(req, socket, head, (ws) => {
        counts.handshakes.accepted++;
        ws.on('message', (data) => {
          const received = process.hrtime.bigint();
          counts.messages++;
          const reply = () => {
            const left = WS_DELAY_MS - Number(process.hrtime.bigint() - received) / 1e6;
            if (left > 0) setTimeout(reply, Math.max(1, Math.ceil(left)));
            else if (ws.readyState === ws.OPEN) {
              counts.replies++;
              ws.send(String(data));
            }
          };
          reply();
        });
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    get handshakes() {
      return counts.handshakes;
    },
    get messages() {
      return counts.messages;
    },
    get replies() {
      return counts.replies;
    },
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a report says about requests that failed and about response sizes, with real k6
 * against servers on 127.0.0.1 that count what they did: failed WebSocket connections are
 * failures with their reason, never 0 ms round trips; each request name's response sizes
 * match the bodies the server sent.
 */
describe('failures and response sizes in the report', () => {
  let stack: TestStack;
  let client: ApiClient;
  let wsServer: FlakyWsServer;
  let httpServer: LoopbackServer;
  /** Body sizes the HTTP server sent, by path: the truth Loadline's figures are checked against. */
  const sent = new Map<string, number[]>();

  beforeAll(async () => {
    stack = await startStack({ label: 'responses' });
    client = (await stack.api.signup('responses')).client;
    wsServer = await startFlakyWsServer();
    let mixed = 0;
    httpServer = await startLoopbackServer((req) => {
      const path = req.url!.split('?')[0]!;
      // Mixed: nine answers of 1,000 bytes, then one of 50,000; Text: 500 two-byte characters.
      const body =
        path === '/small'
          ? 'x'.repeat(1_000)
          : path === '/large'
            ? 'y'.repeat(50_000)
            : path === '/mixed'
              ? 'z'.repeat(mixed++ % 10 === 9 ? 50_000 : 1_000)
              : 'é'.repeat(500);
      sent.set(path, [...(sent.get(path) ?? []), Buffer.byteLength(body)]);
      return { status: 200, delayMs: 1, body, headers: { 'content-type': 'text/plain; charset=utf-8' } };
    });
  });
  afterAll(async () => {
    await Promise.all([wsServer?.close(), httpServer?.close()]);
    await stack?.close();
  });

  async function run(name: string, baseUrl: string, plan: Record<string, unknown>): Promise<RunView> {
    const target = await client.post<TargetView>('/targets', { name, baseUrl });
    const created = await client.post<PlanView>('/plans', { name, targetId: target.body.id, ...plan });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await client.post<{ run: RunView }>(`/plans/${created.body.id}/runs`);
    return client.waitForRun(started.body.run.id, 90_000);
  }

  it('counts failed WebSocket connections as failures with their reason, and reads round trips from completed ones only', async () => {
    const finished = await run('flaky chat', wsServer.url, {
      load: { executor: 'constant-vus', vus: 2, duration: '3s' },
      requests: [{ name: 'Chat', protocol: 'ws', path: '/chat', messages: ['one', 'two', 'three'] }],
    });
    const { accepted, rejected, reset } = wsServer.handshakes;
    const sessions = accepted + rejected + reset;
    const byName = Object.fromEntries(finished.summary!.requests.map((request) => [request.name, request]));
    const connect = byName['Chat (connect)']!;
    const chat = byName.Chat!;
    console.log(
      `WS: ${sessions} handshakes at the server (${accepted} accepted, ${rejected} rejected 503, ${reset} reset), ${wsServer.replies} replies after ≥ ${WS_DELAY_MS} ms; ` +
        `Loadline: connect ${JSON.stringify(connect.statusCounts)} reasons ${JSON.stringify(connect.errorCodes)}; round trips ${JSON.stringify(chat.statusCounts)} reasons ${JSON.stringify(chat.errorCodes)}, ` +
        `from ${chat.latency!.samples}: min ${chat.latency!.min.toFixed(3)} p50 ${chat.latency!.p50.toFixed(3)} avg ${chat.latency!.avg.toFixed(3)} ms`,
    );
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(rejected).toBeGreaterThanOrEqual(5);
    expect(reset).toBeGreaterThanOrEqual(5);

    // Every handshake, as the server counted it: refused ones with their status and reason.
    expect(connect).toMatchObject({
      count: sessions,
      errors: rejected + reset,
      statusCounts: { '101': accepted, '503': rejected, '0': reset },
      errorCodes: { '1220': reset },
    });
    expect(connect.latency!.samples).toBe(accepted);

    // Every exchange the plan asked for: those of sessions that never opened failed with the
    // connection's status and reason, and have no latency.
    expect(wsServer.messages).toBe(3 * accepted);
    expect(wsServer.replies).toBe(3 * accepted);
    expect(chat).toMatchObject({
      count: 3 * sessions,
      errors: 3 * (rejected + reset),
      statusCounts: { '101': wsServer.replies, '503': 3 * rejected, '0': 3 * reset },
      errorCodes: { '1220': 3 * reset },
    });
    expect(chat.latency!.samples).toBe(wsServer.replies);
    // The round-trip minimum is a real round trip: at least what the server waited (it was 0 ms
    // when sessions that never connected were recorded as round trips).
    expect(chat.latency!.min).toBeGreaterThanOrEqual(WS_DELAY_MS);
    expect(chat.latency!.p50).toBeGreaterThanOrEqual(WS_DELAY_MS * (1 - finished.summary!.percentileRelativeError));
    // Connections reset without an answer are what CONNECTION_ERRORS is about.
    expect(finished.diagnostics.map((diagnostic) => diagnostic.code)).toContain('CONNECTION_ERRORS');
  });

  it('gives each request name the response sizes the server sent: average exact, p95 within 0.5 %', async () => {
    const finished = await run('sizes', httpServer.url, {
      scenarios: [
        {
          name: 'browse',
          flow: 'sequence',
          load: { executor: 'constant-vus', vus: 2, duration: '2s' },
          requests: [
            { name: 'Small', path: '/small' },
            { name: 'Large', path: '/large' },
            { name: 'Mixed', path: '/mixed' },
            // A check reads this body as text: its size is counted in UTF-8 bytes all the same.
            { name: 'Text', path: '/text', checks: [{ type: 'bodyContains', value: 'é' }] },
          ],
        },
      ],
    });
    expect(finished.status).toBe('PASSED');
    for (const [name, path] of [
      ['Small', '/small'],
      ['Large', '/large'],
      ['Mixed', '/mixed'],
      ['Text', '/text'],
    ] as const) {
      const truth = sent.get(path)!;
      const request = finished.summary!.requests.find((r) => r.name === name)!;
      // The truth's p95 read as the report reads its own: the sample of rank floor(0.95·(n−1)).
      const sorted = [...truth].sort((a, b) => a - b);
      const truthP95 = sorted[Math.floor(0.95 * (sorted.length - 1))]!;
      const truthAvg = truth.reduce((sum, size) => sum + size, 0) / truth.length;
      console.log(
        `${name}: ${truth.length} responses at the server, avg ${truthAvg.toFixed(1)} B, p95 ${truthP95} B, max ${sorted.at(-1)} B; ` +
          `Loadline ${request.count} requests, avg ${request.responseBytes!.avg.toFixed(1)} B, p95 ${request.responseBytes!.p95.toFixed(1)} B, max ${request.responseBytes!.max} B`,
      );
      expect(request.count).toBe(truth.length);
      expect(request.responseBytes!.avg).toBeCloseTo(truthAvg, 6);
      expect(Math.abs(request.responseBytes!.p95 - truthP95) / truthP95).toBeLessThanOrEqual(finished.summary!.percentileRelativeError);
      expect(request.responseBytes!.max).toBe(sorted.at(-1));
    }
    // The p95 of Mixed is its large answers (one in ten), not its average.
    const mixed = finished.summary!.requests.find((r) => r.name === 'Mixed')!.responseBytes!;
    const truthMixed = emptyHistogram();
    for (const size of sent.get('/mixed')!) recordValue(truthMixed, size);
    expect(mixed.p95).toBe(quantile(truthMixed, 0.95));

    // The same figures in the export and on the public report.
    const csv = await (await client.raw(`/runs/${finished.id}/export?format=csv`)).text();
    const [header, small] = csv.split('\n');
    const columns = header!.split(',');
    const cells = small!.split(',');
    expect(cells[0]).toBe('Small');
    expect(cells[columns.indexOf('response_bytes_avg')]).toBe('1000');
    expect(cells[columns.indexOf('response_bytes_p95')]).toBe('1000');
    const share = await client.post<{ token: string }>(`/runs/${finished.id}/share-links`, {});
    const publicRun = (await client.get<{ run: RunView }>(`/public/reports/${share.body.token}`)).body.run;
    expect(publicRun.summary!.requests.map((r) => [r.name, r.responseBytes])).toEqual(finished.summary!.requests.map((r) => [r.name, r.responseBytes]));
  });
});
