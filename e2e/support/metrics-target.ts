import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load test's target that also exposes its own metrics, like a service with a Prometheus
 * client: on 127.0.0.1 (random port), every request but /metrics is load and answers 200
 * after `delayMs`; GET /metrics answers Prometheus text whose values the test controls:
 *
 * - `process_cpu_seconds_total`: a single-threaded process is busy while at least one request
 *   is in flight, so the counter rises by the seconds during which one was (a rate of 1 core
 *   under steady load, 0 when idle);
 * - `process_start_time_seconds`: fixed at the server's start (no restart);
 * - `jobs_queue_depth`, `jobs_enqueued_total`, `jobs_processed_total`: every request enqueues
 *   a job and a worker takes `drainPerSecond` of them a second, so the queue grows under load
 *   and drains after it.
 *
 * It records the Authorization header of each /metrics read, so a test can check the scraper
 * sent the source's credentials.
 */
export interface MetricsTarget {
  baseUrl: string;
  metricsUrl: string;
  /** Load requests answered so far. */
  readonly requests: number;
  /** /metrics reads so far, and the Authorization header of each. */
  readonly scrapes: readonly (string | undefined)[];
  /** The queue's depth now. */
  readonly queueDepth: number;
  close(): Promise<void>;
}

export async function startMetricsTarget({ delayMs = 20, drainPerSecond = 10 } = {}): Promise<MetricsTarget> {
  const startedAt = Date.now() / 1000;
  let requests = 0;
  let inFlight = 0;
  let busySeconds = 0;
  let lastChange = performance.now();
  let enqueued = 0;
  let processed = 0;
  const scrapes: (string | undefined)[] = [];

  /** Adds the time since the last change during which a request was in flight. */
  const account = () => {
    const now = performance.now();
    if (inFlight > 0) busySeconds += (now - lastChange) / 1000;
    lastChange = now;
  };

  // The worker: takes up to drainPerSecond jobs a second, in tenths so the depth moves smoothly.
  const worker = setInterval(() => {
    processed = Math.min(enqueued, processed + drainPerSecond / 10);
  }, 100);

  const metrics = () => {
    account();
    const depth = Math.max(0, enqueued - Math.floor(processed));
    return [
      '# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.',
      '# TYPE process_cpu_seconds_total counter',
      `process_cpu_seconds_total ${busySeconds.toFixed(4)}`,
      '# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.',
      '# TYPE process_start_time_seconds gauge',
      `process_start_time_seconds ${startedAt.toFixed(2)}`,
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${process.memoryUsage().rss}`,
      '# HELP jobs_queue_depth Jobs waiting.',
      '# TYPE jobs_queue_depth gauge',
      `jobs_queue_depth ${depth}`,
      '# HELP jobs_enqueued_total Jobs put on the queue.',
      '# TYPE jobs_enqueued_total counter',
      `jobs_enqueued_total ${enqueued}`,
      '# HELP jobs_processed_total Jobs taken off the queue.',
      '# TYPE jobs_processed_total counter',
      `jobs_processed_total ${Math.floor(processed)}`,
      '',
    ].join('\n');
  };

  const server: Server = createServer((req, res) => {
    if (req.url === '/metrics') {
      scrapes.push(req.headers.authorization);
      res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4' });
      res.end(metrics());
      return;
    }
    account();
    inFlight += 1;
    req.resume();
    req.on('end', () => {
      setTimeout(() => {
        account();
        inFlight -= 1;
        requests += 1;
        enqueued += 1;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ok: true }));
      }, delayMs);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    metricsUrl: `${baseUrl}/metrics`,
    get requests() {
      return requests;
    },
    get scrapes() {
      return scrapes;
    },
    get queueDepth() {
      return Math.max(0, enqueued - Math.floor(processed));
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(worker);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
