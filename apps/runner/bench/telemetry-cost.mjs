#!/usr/bin/env node
// node apps/runner/bench/telemetry-cost.mjs [seconds=30] [sources=3] [series=2000]
//
// What reading a run's metric sources costs the runner of segment 0 (issue 28: 3 scrape
// sources of 2,000 series each within 5 % of one core). The sources are loopback servers in a
// child process (their cost is not the runner's); this process runs the collector as a
// segment does, with the results payloads validated as TypedProducer.add does, and prints the
// CPU it used per wall second. Needs the built runner and shared packages (pnpm build).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { parseJobPayload } from '@loadline/shared';
import { TelemetryCollector } from '../dist/telemetry/collector.js';

const [seconds = 30, sourceCount = 3, seriesCount = 2000] = process.argv.slice(2).map(Number);

if (process.argv[2] === '--serve') {
  // The child: one server per source, each answering `series` series whose counters advance.
  const http = await import('node:http');
  const count = Number(process.argv[3]);
  const ports = [];
  for (let s = 0; s < Number(process.argv[4]); s++) {
    const server = http.createServer((_req, res) => {
      const now = Date.now() / 1000;
      const lines = [
        '# TYPE process_cpu_seconds_total counter',
        `process_cpu_seconds_total ${now % 1000}`,
        '# TYPE process_start_time_seconds gauge',
        'process_start_time_seconds 1700000000',
        '# TYPE process_resident_memory_bytes gauge',
        'process_resident_memory_bytes 104857600',
        '# TYPE http_requests_total counter',
      ];
      for (let i = 0; lines.length < count + 4; i++) lines.push(`http_requests_total{path="/route/${i}",code="200",method="GET"} ${Math.floor(now * (i + 1))}`);
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      res.end(lines.join('\n') + '\n');
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports.push(server.address().port);
  }
  process.send(ports);
} else {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', String(seriesCount), String(sourceCount)]);
  const ports = await new Promise((resolve) => child.once('message', resolve));
  let sent = 0;
  let failed = 0;
  let bytes = 0;
  const sink = {
    catalog: (catalog) => parseJobPayload('results', 'telemetry.catalog', { runId: 'bench', catalog }),
    second: (sample) => {
      const payload = parseJobPayload('results', 'telemetry.second', { runId: 'bench', sample });
      bytes += JSON.stringify(payload).length;
      sent++;
      if (sample.error) failed++;
    },
  };
  const sources = ports.map((port, i) => ({
    name: `source-${i}`,
    kind: 'scrape',
    url: `http://127.0.0.1:${port}/metrics`,
    addresses: ['127.0.0.1'],
    presets: ['process', 'http'],
    selectors: ['http_requests_total'],
    queries: [],
    stepSeconds: 1,
  }));
  const collector = new TelemetryCollector(sources, {}, sink, pino({ level: 'silent' }), { recoverySeconds: 0 });
  await collector.readBaseline(new AbortController().signal);
  collector.loadStarted(Date.now());
  const cpuBefore = process.cpuUsage();
  const wallBefore = process.hrtime.bigint();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const cpu = process.cpuUsage(cpuBefore);
  const wall = Number(process.hrtime.bigint() - wallBefore) / 1e9;
  await collector.finish(Date.now(), Date.now() + 60_000, false);
  child.kill();
  const share = (cpu.user + cpu.system) / 1e6 / wall;
  console.log(
    JSON.stringify({
      sources: sourceCount,
      seriesPerSource: seriesCount,
      wallSeconds: Math.round(wall * 10) / 10,
      secondsSent: sent,
      failed,
      cpuShareOfOneCore: Math.round(share * 10_000) / 10_000,
      withinBudget: share <= 0.05,
      payloadBytesPerRunMinute: Math.round((bytes / wall) * 60),
    }),
  );
}
