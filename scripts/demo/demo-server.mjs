// The demo target: a small HTTP service on loopback with a realistic latency spread, so the
// demo plan has something honest to measure. Started by scripts/up.sh; never exposed.
//
// It also shows the target's side of a run (docs/telemetry.md): GET /metrics in Prometheus's
// text format (its process, its requests, and a job queue), and a queue worker behind it:
// every POST /search puts a job on the queue, which the worker takes off at a fixed rate, so
// under the demo plan's load the queue grows and the report shows a backlog finding.
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.env.LOADLINE_DEMO_PORT ?? 8081);
/** Jobs the worker finishes per second: below what the demo plan enqueues at 10 VUs. */
const WORKER_RATE = Number(process.env.LOADLINE_DEMO_WORKER_RATE ?? 50);
const startedAt = Date.now() / 1000;
/**
 * Where scripts/demo/seed.mjs writes the demo target's verification value once the API has
 * made the target (after this server started), so the demo organization is verified and may
 * run above the unverified limits. Read at each request: the value appears after start-up.
 */
const verificationFile = process.env.LOADLINE_DEMO_VERIFICATION_FILE;
const VERIFICATION_PATH = '/.well-known/loadline-verification.txt';

function verificationValue() {
  if (!verificationFile) return null;
  try {
    return readFileSync(verificationFile, 'utf8');
  } catch {
    return null;
  }
}

/** Log-normal delay around `medianMs`: most requests fast, a long tail. */
function delay(medianMs, spread = 0.35) {
  const u = 1 - Math.random();
  const v = Math.random();
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.min(medianMs * Math.exp(spread * normal), medianMs * 20);
}

const queue = { depth: 0, enqueued: 0, processed: 0 };
// The worker: WORKER_RATE jobs a second, in ten steps.
setInterval(() => {
  const taken = Math.min(queue.depth, WORKER_RATE / 10);
  queue.depth -= taken;
  queue.processed += taken;
}, 100).unref();

const routes = [
  { name: 'listing', method: 'GET', match: /^\/listings\/\d+$/, median: 6, body: () => JSON.stringify({ id: 1, title: 'Flat near the park', price: 1200 }) },
  {
    name: 'search',
    method: 'POST',
    match: /^\/search$/,
    median: 18,
    body: () => {
      queue.depth++;
      queue.enqueued++;
      return JSON.stringify({ results: [1, 2, 3] });
    },
  },
  { name: 'health', method: 'GET', match: /^\/health$/, median: 0, body: () => 'ok' },
];

// Requests and their durations per route, as a Prometheus histogram (seconds).
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
const served = new Map(routes.map((route) => [route.name, { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) }]));
function observe(route, seconds) {
  const stats = served.get(route);
  stats.count++;
  stats.sum += seconds;
  BUCKETS.forEach((le, i) => {
    if (seconds <= le) stats.buckets[i]++;
  });
}

const openFds = () => {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return 0;
  }
};

// Written by hand: a dozen lines of a fixed format, and the demo runs with no dependencies.
function metrics() {
  const cpu = process.cpuUsage();
  const lines = [
    '# TYPE process_cpu_seconds_total counter',
    `process_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`,
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${process.memoryUsage.rss()}`,
    '# TYPE process_start_time_seconds gauge',
    `process_start_time_seconds ${startedAt}`,
    '# TYPE process_open_fds gauge',
    `process_open_fds ${openFds()}`,
    '# HELP demo_queue_depth Jobs waiting for the worker.',
    '# TYPE demo_queue_depth gauge',
    `demo_queue_depth ${Math.round(queue.depth)}`,
    '# TYPE demo_queue_enqueued_total counter',
    `demo_queue_enqueued_total ${queue.enqueued}`,
    '# TYPE demo_queue_processed_total counter',
    `demo_queue_processed_total ${Math.round(queue.processed)}`,
    '# TYPE http_request_duration_seconds histogram',
  ];
  for (const [route, stats] of served) {
    BUCKETS.forEach((le, i) => lines.push(`http_request_duration_seconds_bucket{route="${route}",le="${le}"} ${stats.buckets[i]}`));
    lines.push(`http_request_duration_seconds_bucket{route="${route}",le="+Inf"} ${stats.count}`);
    lines.push(`http_request_duration_seconds_sum{route="${route}"} ${stats.sum}`);
    lines.push(`http_request_duration_seconds_count{route="${route}"} ${stats.count}`);
  }
  return `${lines.join('\n')}\n`;
}

const server = http.createServer((req, res) => {
  req.resume();
  const path = (req.url ?? '/').split('?')[0];
  if (req.method === 'GET' && path === '/metrics') {
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(metrics());
    return;
  }
  if (req.method === 'GET' && path === VERIFICATION_PATH) {
    const value = verificationValue();
    if (value === null) res.writeHead(404, { 'content-type': 'text/plain' }).end('no verification value yet\n');
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(value);
    return;
  }
  const route = routes.find((candidate) => candidate.method === req.method && candidate.match.test(path));
  if (!route) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    return;
  }
  const began = process.hrtime.bigint();
  setTimeout(
    () => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(route.body());
      observe(route.name, Number(process.hrtime.bigint() - began) / 1e9);
    },
    route.median ? delay(route.median) : 0,
  );
});
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1', () => console.log(`demo target listening on http://127.0.0.1:${port} (metrics at /metrics)`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
