import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateK6Script, planSpecSchema } from '@loadline/shared';
import { DEFAULT_K6_BIN } from './env.js';
import { runK6 } from './k6-process.js';

/**
 * Each executor, run briefly by real k6 from the generated script against a loopback server
 * that counts what it receives: what the plan asks is what the target gets.
 */
interface Hit {
  path: string;
  at: number;
  authorization?: string;
}

interface CountingServer {
  url: string;
  hits: Hit[];
  /** Most requests in flight at once (each waits `delayMs`): the VUs the target saw. */
  maxInFlight: number;
  reset(): void;
  close(): Promise<void>;
}

async function startCountingServer(delayMs: number): Promise<CountingServer> {
  let inFlight = 0;
  let tokens = 0;
  const state = { hits: [] as Hit[], maxInFlight: 0 };
  const server = http.createServer((req, res) => {
    state.hits.push({ path: req.url ?? '', at: Date.now(), authorization: req.headers.authorization });
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    req.resume();
    setTimeout(() => {
      inFlight--;
      if (req.url === '/login') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { token: `tok-${++tokens}` } }));
      } else if (req.url?.startsWith('/orders')) {
        // Only the token a login handed out is accepted, as a real API would.
        const ok = /^Bearer tok-\d+$/.test(req.headers.authorization ?? '');
        res.writeHead(ok ? 201 : 401);
        res.end(ok ? 'created order-7' : 'no');
      } else {
        res.writeHead(200);
        res.end('ok');
      }
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get hits() {
      return state.hits;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
    reset() {
      state.hits = [];
      state.maxInFlight = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('every executor and request feature, through real k6', () => {
  let server: CountingServer;
  let workdir: string;

  beforeAll(async () => {
    server = await startCountingServer(100);
    workdir = await mkdtemp(path.join(os.tmpdir(), 'loadline-executors-'));
  });

  afterAll(async () => {
    await server?.close();
    await rm(workdir, { recursive: true, force: true });
  });

  async function run(spec: unknown, variables: Record<string, string> = {}) {
    server.reset();
    const dir = await mkdtemp(path.join(workdir, 'run-'));
    await writeFile(path.join(dir, 'script.js'), generateK6Script(planSpecSchema.parse(spec), { planName: 'executors' }));
    const outcome = await runK6(
      {
        bin: DEFAULT_K6_BIN,
        cwd: dir,
        deadlineMs: 60_000,
        args: ['run', '--quiet', '--no-usage-report', '--no-thresholds', '--summary-mode=disabled', '--log-format=json', 'script.js'],
        env: {
          LOADLINE_BASE_URL: server.url,
          LOADLINE_HEADERS: '{}',
          LOADLINE_VARS: JSON.stringify(variables),
          HOME: dir,
          K6_AUTO_EXTENSION_RESOLUTION: 'false',
        },
      },
      () => undefined,
      () => undefined,
    );
    expect(outcome.exitCode, outcome.stderrTail.join('\n')).toBe(0);
    return server.hits;
  }

  const one = (load: unknown, requests: unknown[] = [{ name: 'Get', path: '/a' }]) => ({ load, requests });

  it('constant-arrival-rate: 40 requests/s for 5 s gives 200', async () => {
    const hits = await run(one({ executor: 'constant-arrival-rate', rate: 40, duration: '5s', preAllocatedVUs: 10 }));
    expect(Math.abs(hits.length - 200)).toBeLessThanOrEqual(2);
  });

  it('ramping-arrival-rate: 0 to 40/s over 4 s gives about 80', async () => {
    const hits = await run(one({ executor: 'ramping-arrival-rate', preAllocatedVUs: 10, stages: [{ duration: '4s', target: 40 }] }));
    expect(hits.length).toBeGreaterThanOrEqual(74);
    expect(hits.length).toBeLessThanOrEqual(86);
  });

  it('constant-vus: the target sees exactly that many requests at once', async () => {
    await run(one({ executor: 'constant-vus', vus: 3, duration: '2s' }));
    expect(server.maxInFlight).toBe(3);
  });

  it('ramping-vus: concurrency follows the stages up to the peak', async () => {
    const hits = await run(
      one({
        executor: 'ramping-vus',
        startVUs: 1,
        stages: [
          { duration: '2s', target: 5 },
          { duration: '2s', target: 5 },
        ],
        gracefulRampDown: '0s',
      }),
    );
    expect(server.maxInFlight).toBe(5);
    // 1 VU at 10 req/s at the start, 5 VUs at 50 req/s at the end.
    const start = hits[0]!.at;
    const firstSecond = hits.filter((hit) => hit.at - start < 1_000).length;
    const lastSecond = hits.filter((hit) => hit.at - start >= 3_000).length;
    expect(lastSecond).toBeGreaterThan(firstSecond * 2);
  });

  it('per-vu-iterations and shared-iterations run exactly the iterations asked', async () => {
    expect(await run(one({ executor: 'per-vu-iterations', vus: 3, iterations: 5 }))).toHaveLength(15);
    expect(server.maxInFlight).toBe(3);
    expect(await run(one({ executor: 'shared-iterations', vus: 2, iterations: 9 }))).toHaveLength(9);
  });

  it('runs sequential scenarios at their start times, each with its own requests', async () => {
    const hits = await run({
      scenarios: [
        { name: 'baseline', load: { executor: 'per-vu-iterations', vus: 1, iterations: 3 }, requests: [{ name: 'A', path: '/baseline' }] },
        { name: 'peak', startTime: '2s', load: { executor: 'per-vu-iterations', vus: 2, iterations: 2 }, requests: [{ name: 'B', path: '/peak' }] },
      ],
    });
    const baseline = hits.filter((hit) => hit.path === '/baseline');
    const peak = hits.filter((hit) => hit.path === '/peak');
    expect([baseline.length, peak.length]).toEqual([3, 4]);
    expect(peak[0]!.at - baseline[0]!.at).toBeGreaterThanOrEqual(1_900);
  });

  it('feeds a captured token and a target variable into later requests of a sequence', async () => {
    const hits = await run(
      {
        scenarios: [
          {
            name: 'checkout',
            flow: 'sequence',
            load: { executor: 'per-vu-iterations', vus: 2, iterations: 2 },
            requests: [
              {
                name: 'Login',
                method: 'POST',
                path: '/login',
                body: { type: 'json', json: { key: '{{vars.API_KEY}}' } },
                captures: [{ name: 'token', from: 'json', path: 'data.token' }],
              },
              {
                name: 'Order',
                method: 'POST',
                path: '/orders',
                headers: { Authorization: 'Bearer {{token}}' },
                query: { key: '{{vars.API_KEY}}' },
                checks: [{ type: 'status', equals: 201 }],
              },
            ],
          },
        ],
      },
      { API_KEY: 'k 1' },
    );
    const orders = hits.filter((hit) => hit.path.startsWith('/orders'));
    expect(orders).toHaveLength(4);
    expect(orders.every((hit) => /^Bearer tok-\d+$/.test(hit.authorization ?? ''))).toBe(true);
    expect(orders.every((hit) => hit.path === '/orders?key=k%201')).toBe(true);
    // Each order used a token its own VU captured just before: 4 logins, 4 distinct tokens used.
    expect(new Set(orders.map((hit) => hit.authorization)).size).toBe(4);
  });
});
