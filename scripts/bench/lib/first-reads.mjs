// `--only reads`: the first read of every route a finished run's pages call (report, compare,
// share page), each in a freshly started API process (nothing of the run in its memory), on a
// run of 20 request names and --reads-seconds seconds (default 600: issue 30's "time to a
// usable page under 1 s on a run with 20 request names and 10 minutes of seconds").
//
// Seeding: no k6. The runners are stopped, and the bench plays one through the real `results`
// queue (segment.started, one segment.second per second, segment.finished), so the API stores
// and finalises the seconds exactly as it does a real run's. Each second holds 20 request rows
// of 16 requests (5 ms plus an exponential tail, the loopback target of e2e/tests/pages.spec.ts)
// with latency and response-size histograms, as the k6 output extension sends them.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchError, REPO_ROOT, fmtBytes, log, sleep } from './util.mjs';
import { REDIS_URL } from './stack.mjs';

const requireFromShared = createRequire(path.join(REPO_ROOT, 'packages', 'shared', 'package.json'));
const { Redis } = requireFromShared('ioredis');
const { TypedProducer } = await import(pathToFileURL(path.join(REPO_ROOT, 'packages', 'shared', 'dist', 'queue', 'index.js')).href);

const REQUEST_NAMES = 20;
const REQUESTS_PER_NAME_PER_SECOND = 16;

/** A small seeded generator: the same fixture on every run of the bench. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function wideSecond(shared, t, next) {
  const requests = Array.from({ length: REQUEST_NAMES }, (_, i) => {
    const latency = shared.emptyHistogram();
    const responseBytes = shared.emptyHistogram();
    for (let n = 0; n < REQUESTS_PER_NAME_PER_SECOND; n++) {
      shared.recordValue(latency, 5 + -Math.log(1 - next()) * 1.5);
      shared.recordValue(responseBytes, 180 + Math.floor(next() * 3));
    }
    return {
      name: `request-${String(i + 1).padStart(2, '0')}`,
      method: 'GET',
      status: 200,
      expected: true,
      errorCode: '',
      scenario: 'default',
      count: REQUESTS_PER_NAME_PER_SECOND,
      spanStartMs: t * 1000 + 1,
      spanEndMs: t * 1000 + 999,
      latency,
      responseBytes,
    };
  });
  const total = REQUEST_NAMES * REQUESTS_PER_NAME_PER_SECOND;
  return {
    v: 1,
    t,
    requests,
    vus: 2,
    vusMax: 2,
    iterations: REQUESTS_PER_NAME_PER_SECOND,
    droppedIterations: 0,
    bytesReceived: total * 181,
    bytesSent: total * 90,
    spanStartMs: t * 1000 + 1,
    spanEndMs: t * 1000 + 999,
    checks: [],
  };
}

/** Plays the runner of a one-segment run: started, `seconds` seconds, finished; waits for its end. */
async function playRun(ctx, producer, planId, seconds, seed) {
  const { client, shared } = ctx;
  const { run } = await client.post(`/plans/${planId}/runs`, {}, 202);
  const at = new Date().toISOString();
  const first = Math.floor(Date.now() / 1000) - seconds;
  const next = random(seed);
  await producer.add('segment.started', { runId: run.id, segmentIndex: 0, runnerId: 'bench-fake', phase: 'RUNNING', at });
  for (let i = 0; i < seconds; i++) {
    await producer.add('segment.second', { runId: run.id, segmentIndex: 0, sample: wideSecond(shared, first + i, next), generator: null });
  }
  await producer.add('segment.finished', {
    runId: run.id,
    segmentIndex: 0,
    runnerId: 'bench-fake',
    outcome: 'completed',
    exitCode: 0,
    error: null,
    secondsSent: seconds,
    at: new Date().toISOString(),
  });
  const deadline = Date.now() + 120_000 + seconds * 200;
  for (;;) {
    const view = await client.get(`/runs/${run.id}`);
    if (view.finishedAt) return view;
    if (Date.now() > deadline) throw new BenchError(`reads: run ${run.id} is ${view.status} long after its last second was sent`);
    await sleep(500);
  }
}

async function timed(client, urlPath) {
  const started = performance.now();
  const response = await fetch(`${client.base}/api/v1${urlPath}`, {
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
    signal: AbortSignal.timeout(60_000),
  });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new BenchError(`reads: GET ${urlPath} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
  return { ms, bytes: body.byteLength };
}

export async function firstReads(ctx) {
  const { client, stack, options } = ctx;
  const seconds = options.readsSeconds;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const producer = new TypedProducer('results', redis, { prefix: stack.queuePrefix, defaultJobOptions: { removeOnComplete: true } });
  const runnersBefore = stack.runners.length;
  try {
    // No runner may take the run: the bench is its runner.
    await stack.scaleRunnersTo(0);
    const target = await client.post('/targets', { name: 'bench reads', baseUrl: 'http://127.0.0.1:9' });
    const plan = async (name, duration) =>
      client.post('/plans', {
        name,
        targetId: target.id,
        load: { executor: 'constant-vus', vus: 2, duration: `${duration}s` },
        requests: Array.from({ length: REQUEST_NAMES }, (_, i) => ({ name: `request-${String(i + 1).padStart(2, '0')}`, path: `/items/${i + 1}` })),
        thresholds: [
          { metric: 'latency', stat: 'p95', op: '<', value: 500 },
          { metric: 'error_rate', op: '<', value: 0.01 },
        ],
      });
    const wide = await plan('bench reads wide', seconds);
    const short = await plan('bench reads short', 3);
    log(`reads: seeding a run of ${REQUEST_NAMES} request names x ${seconds} s through the results queue`);
    let started = Date.now();
    const measured = await playRun(ctx, producer, wide.id, seconds, 1);
    const seededSeconds = (Date.now() - started) / 1000;
    const other = await playRun(ctx, producer, short.id, 3, 2);
    const share = await client.post(`/runs/${measured.id}/share-links`, {});
    const token = share.token ?? new URL(share.url).pathname.split('/').pop();
    const [{ bytes: storedBytes }] = (
      await stack.db.query(
        `SELECT coalesce(sum(coalesce(pg_column_size(data), 0) + coalesce(pg_column_size(packed), 0)), 0)::bigint AS bytes FROM "RunSecond" WHERE "runId" = $1`,
        [measured.id],
      )
    ).rows;

    const id = measured.id;
    const routes = [
      ['GET /runs/:id', [`/runs/${id}`]],
      ['GET /runs/:id/series', [`/runs/${id}/series`]],
      ['GET /runs/:id/telemetry', [`/runs/${id}/telemetry`]],
      ['GET /runs/:id/baseline', [`/runs/${id}/baseline`]],
      ['GET /comparisons?base=&head=', [`/comparisons?base=${id}&head=${other.id}`]],
      ['GET /runs/:id/compare/:otherId', [`/runs/${id}/compare/${other.id}`]],
      ['GET /public/reports/:token', [`/public/reports/${token}`]],
      // What the report page asks for at once, as it loads.
      ['report page (all 4 at once)', [`/runs/${id}`, `/runs/${id}/series`, `/runs/${id}/telemetry`, `/runs/${id}/baseline`]],
    ];
    const results = [];
    for (const [name, paths] of routes) {
      // A fresh API process: what a run's first reader meets after a deploy, or on another replica.
      started = Date.now();
      await stack.restartApi();
      // The process's own first query (connections, the session lookup) is not the run's cost.
      await client.get(`/plans/${wide.id}`);
      const firstAll = performance.now();
      const first = await Promise.all(paths.map((urlPath) => timed(client, urlPath)));
      const firstMs = performance.now() - firstAll;
      const againAll = performance.now();
      await Promise.all(paths.map((urlPath) => timed(client, urlPath)));
      const againMs = performance.now() - againAll;
      const bytes = first.reduce((total, read) => total + read.bytes, 0);
      log(
        `reads: ${name}: first ${Math.round(firstMs)} ms, again ${Math.round(againMs)} ms, ${fmtBytes(bytes)} (restart ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      results.push({ name, firstMs, againMs, bytes });
    }
    return { requestNames: REQUEST_NAMES, seconds, seededSeconds, storedBytes: Number(storedBytes), routes: results };
  } finally {
    await producer.close();
    redis.disconnect();
    if (stack.runners.length < runnersBefore) await stack.scaleRunnersTo(runnersBefore);
  }
}
