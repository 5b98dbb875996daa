import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveProgress, PlanView, RunView, TargetView } from '@loadline/shared';
import { startStack, type TestStack } from '../test/stack.js';
import { startLoopbackServer, type LoopbackServer } from '@loadline/shared/testing';
import type { ApiClient } from '../test/api-client.js';
import { followEvents as view, type EventStream as Viewer } from '../test/sse.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const VIEWERS = 20;
const WINDOW_MS = 8_000;

const progressOf = (viewer: Viewer) => viewer.events.filter((event) => event.event === 'progress').map((event) => event.data as LiveProgress);

describe('live progress is pushed: viewers cost no database reads while nothing arrives, and miss no second', () => {
  let stack: TestStack;
  let client: ApiClient;
  let token: string;
  let server: LoopbackServer;
  let served = 0;

  beforeAll(async () => {
    // No runner at first: the run waits in line, with nothing new to show.
    stack = await startStack({ label: 'live', runner: false });
    const signup = await stack.api.signup('live');
    client = signup.client;
    token = signup.session.token!;
    server = await startLoopbackServer(() => {
      served += 1;
      return { status: 200, delayMs: 5 };
    });
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });

  /** Statements the API ran on its database (each outside a transaction is one) in `ms`. */
  async function statementsDuring(ms: number): Promise<number> {
    const read = async () => {
      const [row] = await stack.db.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()');
      return Number(row!.n);
    };
    const before = await read();
    await sleep(ms);
    return (await read()) - before - 1;
  }

  it('many viewers of a waiting run cost no reads; each gets every second once the run goes, and the report', async () => {
    const target = await client.post<TargetView>('/targets', { name: 'loopback', baseUrl: server.url });
    const plan = await client.post<PlanView>('/plans', {
      name: 'live',
      targetId: target.body.id,
      load: { executor: 'constant-arrival-rate', rate: 20, timeUnit: '1s', duration: '8s', preAllocatedVUs: 4 },
      requests: [{ name: 'Get', path: '/live' }],
      thresholds: [
        { metric: 'error_rate', op: '<', value: 0.5 },
        // 20 requests a second: a p99 needs 1,000, more than this 8 s run sends.
        { metric: 'latency', stat: 'p99', op: '<', value: 5_000 },
      ],
    });
    const started = await client.post<{ run: RunView }>(`/plans/${plan.body.id}/runs`);
    const runId = started.body.run.id;
    const url = `${stack.api.base}/runs/${runId}/events`;
    expect(started.body.run.status).toBe('QUEUED');

    // What the API reads with nobody watching (scheduler, reconciler...), then with 20 viewers.
    // PostgreSQL may count an idle backend's statements up to 10 s late (its statistics flush):
    // each window starts 11 s after what came before it (this setup; the viewers connecting).
    await sleep(11_000);
    const alone = await statementsDuring(WINDOW_MS);
    const viewers = Array.from({ length: VIEWERS }, () => view(url, token));
    await sleep(11_000);
    const watched = await statementsDuring(WINDOW_MS);
    console.log(`live: database statements in ${WINDOW_MS / 1000} s: ${alone} with nobody watching, ${watched} with ${VIEWERS} viewers of the waiting run`);
    // Polling once a second per viewer would be 20 x 8 x (at least 2 reads) = 320 and more. The
    // re-check of open streams' access (access/live-access.ts) is one statement per API process
    // every 2 s, however many viewers: 4 here.
    expect(watched - alone).toBeLessThan(20);
    for (const viewer of viewers) {
      const progress = progressOf(viewer);
      // Every viewer is told where the run stands, once a second, without a read per viewer.
      expect(progress.length).toBeGreaterThanOrEqual(5);
      expect(progress.at(-1)!.status).toBe('QUEUED');
      expect(progress.at(-1)!.queue?.runnersOnline).toBe(0);
    }

    // A runner comes: the run goes, and every viewer sees it through to the report.
    await stack.startRunnerProcess('live-runner');
    let late: Viewer | undefined;
    for (let i = 0; i < 200 && !late; i++) {
      const run = (await client.get<RunView>(`/runs/${runId}`)).body;
      const points = (await client.get<{ points: unknown[] }>(`/runs/${runId}/series`)).body.points;
      // Someone opens the page in the middle of the run.
      if (run.status === 'RUNNING' && points.length >= 5) late = view(url, token);
      else await sleep(250);
    }
    expect(late).toBeDefined();
    await Promise.all([...viewers, late!].map((viewer) => viewer.done));

    const series = (await client.get<{ points: Array<{ t: number; rps: number }> }>(`/runs/${runId}/series`)).body.points;
    const stored = new Map(series.map((point) => [point.t, point]));
    const seen = (viewer: Viewer) => progressOf(viewer).flatMap((event) => event.points.map((point) => point.t));
    const first = seen(viewers[0]!);
    expect(first.length).toBeGreaterThanOrEqual(5);
    for (const viewer of viewers) {
      // Each completed second once, in order, as stored, and the same for every viewer.
      expect(seen(viewer)).toEqual(first);
      expect(viewer.events.at(-1)!.event).toBe('end');
      // The p99 never had its samples: INCONCLUSIVE at the end, as it was "waiting" all along live.
      expect((viewer.events.at(-1)!.data as RunView).status).toBe('INCONCLUSIVE');
    }
    expect(first).toEqual([...new Set(first)].sort((a, b) => a - b));
    // No second skipped between the first and the last one sent.
    expect(first.at(-1)! - first[0]! + 1).toBe(first.length);
    for (const t of first) expect(stored.has(t)).toBe(true);
    // The late viewer's first event carries every second completed before it came (as far as
    // its API process had read them: it reads once per signal, the series route on demand).
    const lateFirst = progressOf(late!)[0]!;
    expect(lateFirst.points.length).toBeGreaterThanOrEqual(2);
    expect(lateFirst.points.map((point) => point.t)).toEqual(first.slice(0, lateFirst.points.length));
    expect(seen(late!)).toEqual(first);
    // Each threshold's standing so far came with the seconds, judged on them: the error rate
    // PASSes so far once a second is in, the p99 has not the samples it needs.
    const judged = progressOf(viewers[0]!).filter((event) => event.points.length > 0 || event.thresholds.some((status) => status.measured !== null));
    const standing = judged.at(-1)!.thresholds;
    expect(standing.map((status) => status.state)).toEqual(['pass', 'waiting']);
    expect(standing[1]!.samples).toMatchObject({ needed: 1_000 });
    // Before the load began, each was waiting for its first second.
    expect(progressOf(viewers[0]!)[0]!.thresholds.map((status) => status.state)).toEqual(['waiting', 'waiting']);
    // What the viewers were sent adds up to what the server counted, short of the seconds
    // still being measured at the end (those come with the report).
    const sentRequests = progressOf(viewers[0]!)
      .flatMap((event) => event.points)
      .reduce((total, point) => total + point.rps, 0);
    expect(sentRequests).toBeLessThanOrEqual(served);
    expect(sentRequests).toBe(first.reduce((total, t) => total + stored.get(t)!.rps, 0));
  });
});
