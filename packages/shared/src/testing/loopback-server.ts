import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackResponse {
  status: number;
  delayMs: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface LoopbackServer {
  url: string;
  /** Requests received per "METHOD path", counted by the server itself: the ground truth. */
  counts: Map<string, number>;
  /** When each request arrived (Date.now()), in order: for per-second rates at the server. */
  arrivals: number[];
  /** Requests being answered now, and the most there ever were at once: the VUs a target felt. */
  inFlight(): number;
  maxInFlight(): number;
  total(): number;
  close(): Promise<void>;
}

/**
 * Node's timers drop a delay's fraction of a millisecond (30.45 ms fires at 30), which moves a
 * server's percentiles by whole milliseconds: a test that makes its server 5 % slower at ~30 ms
 * saw 3 % at p95. Rounding up or down by a low-discrepancy sequence keeps every answer within a
 * millisecond of its delay and the delays' distribution where the test set it (a 5 % slower
 * server is 5 % slower at p50 and p95 to within ~0.5 %).
 */
function dithered(delayMs: number, n: number): number {
  return Math.floor(delayMs + ((n * 0.6180339887498949) % 1));
}

/**
 * An HTTP server on 127.0.0.1 whose answers (status and delay) the test controls: the only
 * target tests and benchmarks may load. Imported as `@loadline/shared/testing` by the API's
 * and the runner's tests.
 */
export async function startLoopbackServer(
  respond: (req: http.IncomingMessage) => LoopbackResponse = () => ({ status: 200, delayMs: 0 }),
  /** Another loopback address (127.0.0.2, ...) stands for another host. */
  host = '127.0.0.1',
  /** 0: any free port; a given one lets a second server stand at another address of the same name and port. */
  port = 0,
): Promise<LoopbackServer> {
  const counts = new Map<string, number>();
  const arrivals: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let answered = 0;
  const server = http.createServer((req, res) => {
    const key = `${req.method} ${req.url?.split('?')[0]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    arrivals.push(Date.now());
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    res.once('close', () => inFlight--);
    req.resume();
    const answer = respond(req);
    const send = () => {
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? 'ok');
    };
    if (answer.delayMs > 0) setTimeout(send, dithered(answer.delayMs, answered++));
    else send();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${bound}`,
    counts,
    arrivals,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    total: () => [...counts.values()].reduce((sum, count) => sum + count, 0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Requests the server received in each whole wall-clock second between its first and last
 * request (the partial first and last seconds left out), oldest first.
 */
export function fullSecondCounts(arrivals: readonly number[]): number[] {
  if (arrivals.length < 2) return [];
  const first = Math.floor(arrivals[0]! / 1000) + 1;
  const last = Math.floor(arrivals.at(-1)! / 1000) - 1;
  const counts = new Array<number>(Math.max(0, last - first + 1)).fill(0);
  for (const at of arrivals) {
    const second = Math.floor(at / 1000);
    if (second >= first && second <= last) counts[second - first]!++;
  }
  return counts;
}

/** A loopback address on which nothing listens: connections are refused. */
export async function refusedLoopbackUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
