import { access, constants } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { Redis } from 'ioredis';
import type { RunnerMetrics } from './runner-metrics.js';

export interface RunnerHttpOptions {
  host: string;
  port: number;
  redis: Redis;
  k6Bin: string;
  metrics: RunnerMetrics;
}

const READY_TIMEOUT_MS = 2_000;

/** Why the runner cannot take work now, or null when it can. */
async function notReadyBecause(redis: Redis, k6Bin: string): Promise<string | null> {
  try {
    await access(k6Bin, constants.X_OK);
  } catch {
    return `k6 not found or not executable at ${k6Bin}`;
  }
  // The queue client retries forever while Redis is away; a probe must answer, so it times out.
  if (redis.status !== 'ready') return `Redis connection is ${redis.status}`;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      }),
    ]);
    return null;
  } catch (error) {
    return `Redis unreachable: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The runner's own port (LOADLINE_RUNNER_HTTP_PORT): /livez answers while the process's event
 * loop turns (a hung runner gets restarted), /readyz says whether it can take work (Redis and
 * k6), /metrics is Prometheus text. It carries no tenant data and takes no input.
 */
export async function startRunnerHttp(options: RunnerHttpOptions): Promise<Server> {
  const server = createServer((req, res) => {
    const route = req.method === 'GET' ? req.url?.split('?')[0] : undefined;
    const text = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${body}\n`);
    if (route === '/livez') return void text(200, 'ok');
    if (route === '/readyz') {
      return void notReadyBecause(options.redis, options.k6Bin).then((why) => (why ? text(503, `not ready: ${why}`) : text(200, 'ready')));
    }
    if (route === '/metrics') {
      return void options.metrics.registry.metrics().then(
        (body) => res.writeHead(200, { 'content-type': options.metrics.registry.contentType }).end(body),
        (error: unknown) => text(500, `metrics failed: ${String(error)}`),
      );
    }
    text(404, 'not found: GET /livez, /readyz or /metrics');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`cannot listen on ${options.host}:${options.port} (LOADLINE_RUNNER_HTTP_PORT): ${error.message}`)));
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
