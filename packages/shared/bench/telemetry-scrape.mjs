#!/usr/bin/env node
// node packages/shared/bench/telemetry-scrape.mjs [--series 2000] [--scrapes 3000]
//
// What one scrape source costs the runner's CPU besides the HTTP read: parsing a Prometheus
// text exposition of ~2,000 series and reducing it against the previous scrape (presets and
// selectors). Prints ms of CPU per scrape and the share of one core that 3 such sources
// scraped once a second take (issue 28 asks for well under 5 %). Needs the shared package
// built (pnpm --filter @loadline/shared build). Pure computation: no network, no files.
import { parseArgs } from 'node:util';
import { parseExposition, reduceScrape, telemetryJobSourceSchema } from '../dist/index.js';

const { values } = parseArgs({
  options: { series: { type: 'string', default: '2000' }, scrapes: { type: 'string', default: '3000' } },
});
const SERIES = Number(values.series);
const SCRAPES = Number(values.scrapes);
const ROUTES = 40;
const BUCKETS = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'];

/** A service's /metrics: process_*, a request counter and a latency histogram per route, and label-heavy gauges to fill up to SERIES. */
function exposition(tick) {
  const lines = [
    '# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.',
    '# TYPE process_cpu_seconds_total counter',
    `process_cpu_seconds_total ${(tick * 0.37).toFixed(2)}`,
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${5e8 + tick * 1000}`,
    '# TYPE process_start_time_seconds gauge',
    'process_start_time_seconds 1700000000',
    'process_open_fds 41',
    'process_max_fds 1048576',
    '# HELP http_requests_total Requests served.',
    '# TYPE http_requests_total counter',
  ];
  for (let r = 0; r < ROUTES; r++) lines.push(`http_requests_total{method="GET",route="/api/v1/items/${r}",status="200"} ${tick * (r + 1)}`);
  lines.push('# TYPE http_request_duration_seconds histogram');
  for (let r = 0; r < ROUTES; r++) {
    let cumulative = 0;
    for (let b = 0; b < BUCKETS.length; b++) {
      cumulative += tick * (b + 1);
      lines.push(`http_request_duration_seconds_bucket{le="${BUCKETS[b]}",method="GET",route="/api/v1/items/${r}"} ${cumulative}`);
    }
    lines.push(`http_request_duration_seconds_sum{method="GET",route="/api/v1/items/${r}"} ${(cumulative * 0.03).toFixed(3)}`);
    lines.push(`http_request_duration_seconds_count{method="GET",route="/api/v1/items/${r}"} ${cumulative}`);
  }
  lines.push('# TYPE app_cache_entries gauge');
  const filled = lines.filter((line) => !line.startsWith('#')).length;
  for (let i = filled; i < SERIES; i++) {
    lines.push(`app_cache_entries{cache="c${i % 17}",shard="${i}",region="eu-west-1",escaped="a\\"b\\\\c"} ${(i * tick) % 9973}`);
  }
  return lines.join('\n') + '\n';
}

const source = telemetryJobSourceSchema.parse({
  name: 'api',
  kind: 'scrape',
  url: 'http://127.0.0.1:9464/metrics',
  addresses: ['127.0.0.1'],
  presets: ['process', 'http', 'queue'],
  selectors: ['http_requests_total{route=~"/api/v1/items/[0-4]"}', 'app_cache_entries{cache="c3",shard=~"1.*"}'],
});

// Texts made before the clock starts: the benchmark measures parsing and reduction only.
const texts = Array.from({ length: 32 }, (_, i) => exposition(i + 1));
const parsedSeries = parseExposition(texts[0]).seriesCount;

function run(count) {
  let previous = null;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const current = { atMs: i * 1000, exposition: parseExposition(texts[i % texts.length]) };
    kept = reduceScrape(source, previous, current).series.length;
    previous = current;
  }
  return kept;
}

run(200); // warm the JIT
const cpuStart = process.cpuUsage();
const wallStart = process.hrtime.bigint();
const kept = run(SCRAPES);
const wallMs = Number(process.hrtime.bigint() - wallStart) / 1e6;
const cpu = process.cpuUsage(cpuStart);
const cpuMs = (cpu.user + cpu.system) / 1000;
const msPerScrape = cpuMs / SCRAPES;
const coreShare = (msPerScrape * 3) / 1000; // 3 sources, one scrape a second each

console.log(`telemetry scrape: ${parsedSeries} series parsed, ${kept} kept, ${SCRAPES} scrapes`);
console.log(`  ${msPerScrape.toFixed(3)} ms CPU per scrape (${(wallMs / SCRAPES).toFixed(3)} ms wall), parse + reduce`);
console.log(`  3 sources x 1 scrape/s: ${(coreShare * 100).toFixed(2)} % of one core (bound: 5 %)`);
