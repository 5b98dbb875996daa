import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registry } from './metrics.js';

/** A JSON route of the operator's port, e.g. /health with the details the public one leaves out. */
export type OperatorRoute = () => Promise<{ status: number; body: unknown }>;

/**
 * `/metrics` on a port of its own (LOADLINE_METRICS_PORT), never the public API port: the
 * series name routes and counts that the internet need not see, and a scraper needs no login.
 * Other domains add read-only JSON routes for the operator here (`routes`, by path), such as
 * the health details; the port takes no input.
 */
export async function startMetricsServer(host: string, port: number, routes: ReadonlyMap<string, OperatorRoute> = new Map()): Promise<Server> {
  const server = createServer((req, res) => {
    const path = req.url?.split('?')[0] ?? '';
    const route = req.method === 'GET' ? routes.get(path) : undefined;
    if (route) {
      route().then(
        ({ status, body }) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body)),
        (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${path} failed: ${String(error)}\n`),
      );
      return;
    }
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: GET ${['/metrics', ...routes.keys()].join(', ')}\n`);
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`cannot serve metrics on ${host}:${port} (LOADLINE_METRICS_PORT): ${error.message}`)));
    server.listen(port, host, () => resolve());
  });
  return server;
}

export function serverPort(server: Server): number {
  return (server.address() as AddressInfo).port;
}
