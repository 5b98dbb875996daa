#!/usr/bin/env node
// node scripts/bench/servers/exporters.mjs <sources> <series per source>
//
// The telemetry benchmark's metric sources: <sources> Prometheus text endpoints on 127.0.0.1
// (ports the OS picks, printed as "listening 127.0.0.1:<port>" lines), each a service's
// /metrics of <series> series: process_*, a request counter and a latency histogram per route,
// and label-heavy cache gauges to fill up. Every read moves them as a service under load
// would (counters advance by Poisson-like counts, memory wanders, histograms fill), from a seeded
// generator. A child of the bench, so that its CPU is not the runner's; it exits when the
// bench's pipe to it closes.
import http from 'node:http';

const [sources = 3, seriesCount = 2000] = process.argv.slice(2).map(Number);
const ROUTES = 40;
const BUCKETS = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'];
/** Share of a read's requests at or under each bucket's bound. */
const FRACTIONS = [0.02, 0.1, 0.3, 0.6, 0.85, 0.93, 0.97, 0.99, 0.995, 0.998, 0.999, 1];

function generator(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function service(index) {
  const random = generator(17 + index);
  // Box-Muller: a standard normal draw from two uniform ones.
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const state = {
    cpu: 0,
    rss: 200e6,
    requests: new Array(ROUTES).fill(0),
    buckets: Array.from({ length: ROUTES }, () => new Array(BUCKETS.length).fill(0)),
    sum: new Array(ROUTES).fill(0),
    last: Date.now(),
  };
  return () => {
    const now = Date.now();
    const dt = Math.max(0, (now - state.last) / 1000);
    state.last = now;
    state.cpu += dt * (0.4 + random() * 0.8);
    state.rss = Math.max(50e6, state.rss + (random() - 0.45) * 2e6);
    const lines = [
      '# TYPE process_cpu_seconds_total counter',
      `process_cpu_seconds_total ${state.cpu.toFixed(2)}`,
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${Math.round(state.rss)}`,
      '# TYPE process_start_time_seconds gauge',
      'process_start_time_seconds 1764200000',
      `process_open_fds ${40 + Math.floor(random() * 20)}`,
      'process_max_fds 1048576',
      '# TYPE http_requests_total counter',
    ];
    for (let r = 0; r < ROUTES; r++) {
      // Requests in dt at (r + 1) x 5 per second, with a Poisson count's spread (normal approximation).
      const expected = dt * (r + 1) * 5;
      const served = Math.max(0, Math.round(expected + Math.sqrt(expected) * normal()));
      state.requests[r] += served;
      // This read's requests spread over the buckets (cumulative, so never decreasing): a p95 that moves.
      let previous = 0;
      for (let b = 0; b < BUCKETS.length; b++) {
        const last = b === BUCKETS.length - 1;
        const upTo = last ? served : Math.min(served, Math.max(previous, Math.round(served * FRACTIONS[b] * (0.9 + random() * 0.2))));
        state.buckets[r][b] += upTo;
        previous = upTo;
      }
      state.sum[r] += served * 0.06 * (0.8 + random() * 0.4);
      lines.push(`http_requests_total{method="GET",route="/api/v1/items/${r}",status="200"} ${state.requests[r]}`);
    }
    lines.push('# TYPE http_request_duration_seconds histogram');
    for (let r = 0; r < ROUTES; r++) {
      BUCKETS.forEach((le, b) => lines.push(`http_request_duration_seconds_bucket{le="${le}",method="GET",route="/api/v1/items/${r}"} ${state.buckets[r][b]}`));
      lines.push(`http_request_duration_seconds_sum{method="GET",route="/api/v1/items/${r}"} ${state.sum[r].toFixed(3)}`);
      lines.push(`http_request_duration_seconds_count{method="GET",route="/api/v1/items/${r}"} ${state.buckets[r][BUCKETS.length - 1]}`);
    }
    lines.push('# TYPE app_cache_entries gauge');
    const filled = lines.filter((line) => !line.startsWith('#')).length;
    for (let i = filled; i < seriesCount; i++) {
      lines.push(`app_cache_entries{cache="c${i % 17}",shard="${i}",region="eu-west-1"} ${Math.floor((i * 7 + now / 1000) % 9973)}`);
    }
    return `${lines.join('\n')}\n`;
  };
}

for (let s = 0; s < sources; s++) {
  const metrics = service(s);
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    res.end(metrics());
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`listening 127.0.0.1:${server.address().port}\n`));
}
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
