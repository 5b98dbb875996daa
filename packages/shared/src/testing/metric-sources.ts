import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback metric sources whose answers the tests control (only on 127.0.0.0/8): a service's
 * /metrics whose CPU follows the requests in flight at its target and whose process restarts
 * when told, and the misbehaving sources the collector must survive.
 */

export interface ControlledServer {
  url: string;
  port: number;
  /** Requests received, by the server itself: the ground truth of what was contacted. */
  requests(): number;
  /** Authorization headers received (to check the credentials arrived, and only there). */
  authorizations: string[];
  close(): Promise<void>;
}

async function listen(server: http.Server, host: string): Promise<{ url: string; port: number }> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://${host}:${port}`, port };
}

function closer(server: http.Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

export interface ServiceMetrics extends ControlledServer {
  /** Makes the process "restart" now: a new start time, its CPU counter back at zero. Answers the new start time. */
  restart(): number;
  /** Start times (Unix seconds, fractional) in order, the first at startup. */
  starts: number[];
}

/**
 * A service's /metrics in Prometheus text: `process_cpu_seconds_total` advances by
 * `coresPerRequest` for every request `inFlight()` says is being served (a CPU that rises with
 * the load), `process_start_time_seconds` changes at each restart(). With `token`, anything
 * but `Authorization: Bearer <token>` is answered 401.
 */
export async function startServiceMetrics(options: {
  inFlight: () => number;
  coresPerRequest: number;
  token?: string;
  host?: string;
}): Promise<ServiceMetrics> {
  let cpuSeconds = 0;
  let last = Date.now();
  const starts = [Date.now() / 1000];
  const authorizations: string[] = [];
  let requests = 0;
  // Integrated finely so that a scrape a second sees the in-flight work of that second.
  const integrate = () => {
    const now = Date.now();
    cpuSeconds += ((now - last) / 1000) * options.inFlight() * options.coresPerRequest;
    last = now;
  };
  const timer = setInterval(integrate, 20);
  const server = http.createServer((req, res) => {
    requests++;
    authorizations.push(req.headers.authorization ?? '');
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
      res.writeHead(401).end('unauthorized');
      return;
    }
    integrate();
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    res.end(
      [
        '# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.',
        '# TYPE process_cpu_seconds_total counter',
        `process_cpu_seconds_total ${cpuSeconds}`,
        '# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.',
        '# TYPE process_start_time_seconds gauge',
        `process_start_time_seconds ${starts.at(-1)}`,
        '# HELP process_resident_memory_bytes Resident memory size in bytes.',
        '# TYPE process_resident_memory_bytes gauge',
        `process_resident_memory_bytes ${100 * 1024 * 1024}`,
        '',
      ].join('\n'),
    );
  });
  const { url, port } = await listen(server, options.host ?? '127.0.0.1');
  const close = closer(server);
  return {
    url,
    port,
    starts,
    authorizations,
    requests: () => requests,
    restart() {
      integrate();
      cpuSeconds = 0;
      starts.push(Date.now() / 1000);
      return starts.at(-1)!;
    },
    close: async () => {
      clearInterval(timer);
      await close();
    },
  };
}

/** Answers `bytes` of metric lines (a chunked body, no length), at the pace the reader takes them. */
export async function startHugeSource(bytes: number, host = '127.0.0.1'): Promise<ControlledServer & { written(): number }> {
  let requests = 0;
  let written = 0;
  const authorizations: string[] = [];
  const line = Buffer.from(`huge_metric{n="${'x'.repeat(80)}"} 1\n`);
  const chunk = Buffer.concat(Array.from({ length: Math.ceil(65_536 / line.length) }, () => line));
  const server = http.createServer((req, res) => {
    requests++;
    authorizations.push(req.headers.authorization ?? '');
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    let sent = 0;
    let closed = false;
    res.once('close', () => (closed = true));
    const pump = () => {
      while (!closed && sent < bytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        written += part.length;
        if (!res.write(part)) return void res.once('drain', pump);
      }
      if (!closed) res.end();
    };
    pump();
  });
  const { url, port } = await listen(server, host);
  return { url, port, authorizations, requests: () => requests, written: () => written, close: closer(server) };
}

/** Answers every request with `status` and a Location (a redirect) or after `delayMs` (a slow source). */
export async function startAnsweringSource(
  answer: { status: number; location?: string; delayMs?: number; body?: string; headers?: Record<string, string> },
  host = '127.0.0.1',
): Promise<ControlledServer> {
  let requests = 0;
  const authorizations: string[] = [];
  const server = http.createServer((req, res) => {
    requests++;
    authorizations.push(req.headers.authorization ?? '');
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...(answer.location ? { location: answer.location } : {}), ...answer.headers });
      res.end(answer.body ?? '# nothing\n');
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  const { url, port } = await listen(server, host);
  return { url, port, authorizations, requests: () => requests, close: closer(server) };
}

/** A loopback port nothing listens on (bound, then closed): connections to it are refused. */
export async function refusingPort(host = '127.0.0.1'): Promise<number> {
  const server = http.createServer();
  const { port } = await listen(server, host);
  await closer(server)();
  return port;
}

export interface Exporter {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts a real exporter from Debian's packages (scripts/lib/suites.sh installs them) listening
 * on 127.0.0.1:`port` only, and waits until it answers /metrics.
 */
export async function startExporter(binary: string, args: (port: number) => string[]): Promise<Exporter> {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: apt-get install -y ${binary.split('/').pop()} (scripts/lib/suites.sh lists it)`);
  const port = await refusingPort();
  const child = spawn(binary, args(port), { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    const ok = await new Promise<boolean>((resolve) =>
      http
        .get(`${url}/metrics`, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on('error', () => resolve(false)),
    );
    if (ok) {
      return {
        url,
        port,
        close: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${binary} did not answer on ${url}/metrics: ${stderr}`);
}

/**
 * A real Prometheus (Debian's, scripts/lib/suites.sh installs it) on 127.0.0.1 that scrapes
 * `job_name: api` at `127.0.0.1:<apiPort>` once a second, with its data in a folder of its own
 * (removed by close()). Answers once it has scraped the service (its first scrape can come
 * seconds after it listens); `firstScrapeAt` is when that was seen (ms).
 */
export async function startPrometheus(apiPort: number): Promise<Exporter & { firstScrapeAt: number }> {
  const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const dir = await mkdtemp(path.join(tmpdir(), 'loadline-prometheus-'));
  const config = path.join(dir, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 900ms',
      'scrape_configs:',
      '  - job_name: api',
      '    static_configs:',
      `      - targets: ['127.0.0.1:${apiPort}']`,
      '',
    ].join('\n'),
  );
  const prometheus = await startExporter('/usr/bin/prometheus', (port) => [
    `--config.file=${config}`,
    `--storage.tsdb.path=${path.join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
  ]);
  for (let i = 0; ; i++) {
    const answer = (await (await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent('up{job="api"}')}`)).json()) as {
      data?: { result?: unknown[] };
    };
    if (answer.data?.result?.length) break;
    if (i >= 300) {
      await prometheus.close();
      throw new Error('Prometheus never scraped the api job in 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    ...prometheus,
    firstScrapeAt: Date.now(),
    close: async () => {
      await prometheus.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The truth of "when did it saturate": per whole Unix second, the mean of `samples` taken in
 * it; the first second whose mean, and the next second's, are at least `threshold`.
 */
export function firstSustainedSecond(samples: readonly { at: number; value: number }[], threshold: number): number | undefined {
  const perSecond = new Map<number, { sum: number; n: number }>();
  for (const sample of samples) {
    const second = Math.floor(sample.at);
    const entry = perSecond.get(second) ?? { sum: 0, n: 0 };
    entry.sum += sample.value;
    entry.n++;
    perSecond.set(second, entry);
  }
  const mean = (t: number) => {
    const entry = perSecond.get(t);
    return entry ? entry.sum / entry.n : 0;
  };
  return [...perSecond.keys()].sort((a, b) => a - b).find((t) => mean(t) >= threshold && mean(t + 1) >= threshold);
}
