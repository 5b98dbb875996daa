import net from 'node:net';
import { randomInt } from 'node:crypto';

/**
 * k6's REST API, which the runner uses for one thing: a k6 started with --paused
 * initialises its VUs and waits; resuming it through the API is the start signal. It listens
 * on an address in K6_CONTROL_NETWORK (127.77.0.0/16), which every k6 the runner starts has
 * on its --blacklist-ip: a script cannot reach any run's control port.
 */

/** A free address:port in 127.77.0.0/16 for one k6's REST API. */
export async function controlAddress(): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const host = `127.77.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const server = net.createServer();
        server.once('error', reject);
        server.listen(0, host, () => {
          const { port: free } = server.address() as net.AddressInfo;
          server.close(() => resolve(free));
        });
      });
      return `${host}:${port}`;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

interface K6Status {
  /** k6's execution status: 4 = paused before the run (VUs initialised), 7 = running. */
  status: number;
  paused: boolean;
  /** VUs k6 has initialised: all of them before the start, but arrival rates' lazy ones. */
  'vus-max': number;
}

/** k6 v1.8 lib.ExecutionStatusPausedBeforeRun: init done, waiting for the resume. */
const PAUSED_BEFORE_RUN = 4;
const POLL_MS = 25;

async function status(address: string): Promise<K6Status | null> {
  try {
    const response = await fetch(`http://${address}/v1/status`, { signal: AbortSignal.timeout(2_000) });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: { attributes?: K6Status } };
    return body.data?.attributes ?? null;
  } catch {
    return null; // not listening yet
  }
}

/**
 * Resolves once k6 has initialised its VUs and waits paused, with how many VUs it initialised
 * (held against the run's limit before any load); null if `signal` aborts first.
 */
export async function waitUntilPaused(address: string, signal: AbortSignal): Promise<{ vusMax: number } | null> {
  while (!signal.aborted) {
    const current = await status(address);
    if (current && current.paused && current.status >= PAUSED_BEFORE_RUN) return { vusMax: current['vus-max'] ?? 0 };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return null;
}

/** Lets a paused k6 begin the load; resolves once k6 has taken the resume. */
export async function resume(address: string): Promise<void> {
  const response = await fetch(`http://${address}/v1/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { type: 'status', id: 'default', attributes: { paused: false } } }),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`k6 refused to resume: HTTP ${response.status} ${await response.text()}`);
}
