import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The load test's target: a tiny HTTP server on 127.0.0.1 (random port) that answers 200
 * after a small delay. The run's traffic goes here and nowhere else.
 */
export interface LoopbackTarget {
  baseUrl: string;
  /** Requests answered so far. */
  readonly requests: number;
  close(): Promise<void>;
}

export async function startLoopbackTarget(delayMs = 15): Promise<LoopbackTarget> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      setTimeout(() => {
        requests += 1;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ok: true, path: req.url }));
      }, delayMs);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
