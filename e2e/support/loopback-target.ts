import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The load test's target: a tiny HTTP server on 127.0.0.1 (random port) that answers 200
 * after a small delay. The run's traffic goes here and nowhere else. `POST /login` answers
 * `{"data":{"token":"tok-<n>"}}` (a value for plans to capture); every request is recorded
 * (method, path, the headers plans send) so tests can check what arrived.
 */
export interface SeenRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  authorization: string | undefined;
  body: string;
}

export interface LoopbackTarget {
  baseUrl: string;
  /** Requests answered so far. */
  readonly requests: number;
  /** The last requests received (at most 5,000), oldest first. */
  readonly seen: readonly SeenRequest[];
  /** What GET /.well-known/loadline-verification.txt answers (404 while null), to verify the target. */
  verificationValue: string | null;
  /** How long each answer waits; a test may change it mid-run (slow the target down). */
  delayMs: number;
  close(): Promise<void>;
}

/** `host`: another loopback address (127.0.0.2) stands for another environment's host. */
export async function startLoopbackTarget(delayMs = 15, host = '127.0.0.1'): Promise<LoopbackTarget> {
  let requests = 0;
  let tokens = 0;
  const seen: SeenRequest[] = [];
  const state = { verificationValue: null as string | null, delayMs };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      setTimeout(() => {
        requests += 1;
        const header = (name: string) => (Array.isArray(req.headers[name]) ? req.headers[name][0] : (req.headers[name] as string | undefined));
        if (seen.length < 5_000) {
          seen.push({
            method: req.method ?? '',
            path: req.url ?? '',
            apiKey: header('x-api-key'),
            authorization: header('authorization'),
            body: Buffer.concat(chunks).toString('utf8'),
          });
        }
        if (req.url === '/.well-known/loadline-verification.txt') {
          res.writeHead(state.verificationValue === null ? 404 : 200, { 'Content-Type': 'text/plain' });
          res.end(state.verificationValue ?? 'not published');
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        if (req.method === 'POST' && req.url === '/login') res.end(JSON.stringify({ data: { token: `tok-${++tokens}` } }));
        else res.end(JSON.stringify({ ok: true, path: req.url }));
      }, state.delayMs);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${host}:${port}`,
    get requests() {
      return requests;
    },
    get seen() {
      return seen;
    },
    get verificationValue() {
      return state.verificationValue;
    },
    set verificationValue(value: string | null) {
      state.verificationValue = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
