// `--only responsiveness`: what a user waits for, measured from outside the platform. A short,
// light plan (constant-arrival-rate 30/s for 3 s) is run N times with 1 and with 3 segments
// against a node:http server in this very process, so that the requests' arrival times and the
// bench's own times come from one clock:
//   click -> first request: from just before POST /plans/:id/runs to the first request's arrival;
//   last request -> verdict: from the last request's arrival to the first answer of
//   GET /runs/:id (polled every 10 ms near the end) that says the run is over with its verdict,
//   and to the `end` event of the run's live stream (GET /runs/:id/events, what the web app shows).
// Figures: responsiveness-figures.mjs. Loopback only: the server listens on 127.0.0.1.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { BenchError, loadAverage, log, sleep } from './util.mjs';
import { runnerStartLog, waitForFreeRunners } from './scale.mjs';
import { runFigures, summarizeRuns } from './responsiveness-figures.mjs';

export const SEGMENT_COUNTS = [1, 3];
/** Runners online during every run (3 segments need 3): idle ones cost next to nothing. */
const RUNNERS = 3;
/**
 * Light and short, so that the figures are the platform's fixed costs, not the load's: 30
 * requests a second keep k6 and the server near idle on 2 shared cores, and an arrival-rate plan
 * ends right after its last request's response (a VU plan's think time would sit between the last
 * request and k6's end). 6 VUs because k6 splits an arrival rate by maxVUs: 2 per segment of 3.
 */
export const PLAN = { rate: 30, seconds: 3, vus: 6 };
const PATH = '/responsiveness';
/** Polling interval near the load's end: the verdict is seen at most this (+ one answer) late. */
export const POLL_MS = 10;
/** Before the end is near: slow polls (errors and early ends are still seen), little API work. */
const COARSE_POLL_MS = 250;
/** The fine polls start this long before the planned end (first request + plan seconds). */
const FINE_BEFORE_END_MS = 300;
/** Between runs: after the verdict the API still announces the run (webhooks, change points). */
const SETTLE_MS = 1_500;
const RUN_TIMEOUT_MS = 60_000;
const TERMINAL = new Set(['PASSED', 'FAILED', 'INCONCLUSIVE', 'ERRORED', 'CANCELLED']);

/** Epoch ms with sub-ms precision, monotonic within the process. */
const now = () => performance.timeOrigin + performance.now();

/** A 127.0.0.1 server answering `200 ok` that notes when each request arrived and its response left. */
async function startRecorder() {
  let requests = [];
  const server = http.createServer((req, res) => {
    const entry = { arrivedAt: now(), finishedAt: null, method: req.method, path: req.url };
    requests.push(entry);
    res.on('finish', () => (entry.finishedAt = now()));
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
    res.end('ok');
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    firstArrival: () => (requests.length ? requests[0].arrivedAt : null),
    /** What arrived since the last take. */
    take() {
      const taken = requests;
      requests = [];
      return taken;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The run's live stream, as the web app reads it: notes when `end` arrives. */
function watchForEnd(client, runId) {
  const controller = new AbortController();
  const state = { endAt: null, error: null };
  const done = (async () => {
    try {
      const response = await fetch(`${client.base}/api/v1/runs/${runId}/events`, {
        headers: { authorization: `Bearer ${client.token}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (response.status !== 200) throw new BenchError(`GET /runs/${runId}/events answered ${response.status}`);
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body) {
        const arrivedAt = now();
        buffer += decoder.decode(chunk, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (/^event: ?end$/m.test(block)) {
            state.endAt = arrivedAt;
            return;
          }
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) state.error = String(error);
    }
  })();
  return { state, done, close: () => controller.abort() };
}

/** One run: click, first request, last request, the verdict polled and streamed. */
async function measureRun(ctx, server, plan, segments) {
  const { client, stack } = ctx;
  await waitForFreeRunners(client, RUNNERS);
  await sleep(SETTLE_MS);
  server.take();
  const clickAt = now();
  const { run: created } = await client.post(`/plans/${plan.id}/runs`, undefined, 202);
  const postAnsweredAt = now();
  const stream = watchForEnd(client, created.id);
  let run;
  let pollSentAt;
  let pollAnsweredAt;
  try {
    for (;;) {
      const sentAt = now();
      run = await client.get(`/runs/${created.id}`);
      const answeredAt = now();
      if (TERMINAL.has(run.status)) {
        [pollSentAt, pollAnsweredAt] = [sentAt, answeredAt];
        break;
      }
      const gone = stack.runners.find((runner) => runner.entry.exited);
      if (gone) throw new BenchError(`runner ${gone.id} exited during a responsiveness run (see ${gone.entry.logPath})`);
      if (stack.api.exited) throw new BenchError(`the API exited during a responsiveness run (see ${stack.api.logPath})`);
      if (answeredAt - clickAt > RUN_TIMEOUT_MS) throw new BenchError(`responsiveness run ${created.id} still ${run.status} after ${RUN_TIMEOUT_MS / 1000} s`);
      const first = server.firstArrival();
      const endNear = first !== null && answeredAt >= first + PLAN.seconds * 1000 - FINE_BEFORE_END_MS;
      await sleep(endNear ? POLL_MS : COARSE_POLL_MS);
    }
    await Promise.race([stream.done, sleep(5_000)]);
  } finally {
    stream.close();
  }
  if (!['PASSED', 'FAILED', 'INCONCLUSIVE'].includes(run.status) || !run.verdict) {
    throw new BenchError(`responsiveness run ${run.id} ended ${run.status}${run.error ? `: ${run.error.code} ${run.error.message}` : ''} without a verdict`);
  }
  if (stream.state.error) log(`responsiveness: live stream of ${run.id}: ${stream.state.error}`);
  const seen = server.take();
  const requests = seen.filter((request) => request.path === PATH);
  if (requests.length !== seen.length) log(`responsiveness: ${seen.length - requests.length} request(s) to other paths than ${PATH}, left out`);
  const startLog = Object.values(runnerStartLog(stack, run.id));
  return runFigures({ segments, clickAt, postAnsweredAt, requests, pollSentAt, pollAnsweredAt, streamEndAt: stream.state.endAt, run, startLog });
}

export async function responsiveness(ctx) {
  const { client, stack, options } = ctx;
  const runsPerCount = options.responsivenessRuns;
  const loadAverageBefore = loadAverage();
  const server = await startRecorder();
  const runs = [];
  try {
    const target = await client.post('/targets', { name: 'bench responsiveness', baseUrl: server.url });
    const plans = {};
    for (const segments of SEGMENT_COUNTS) {
      plans[segments] = await client.post('/plans', {
        name: `bench responsiveness ${segments} segment(s)`,
        targetId: target.id,
        segments,
        load: {
          executor: 'constant-arrival-rate',
          rate: PLAN.rate,
          timeUnit: '1s',
          duration: `${PLAN.seconds}s`,
          preAllocatedVUs: PLAN.vus,
          maxVUs: PLAN.vus,
        },
        requests: [{ name: 'Get', method: 'GET', path: PATH }],
        // A verdict to work out, as a real plan has: on p50, which ~90 requests can decide (a
        // p95 needs 200 and would be INCONCLUSIVE, TOO_FEW_SAMPLES).
        thresholds: [{ metric: 'latency', stat: 'p50', op: '<', value: 1000 }],
      });
    }
    await stack.scaleRunnersTo(RUNNERS);
    const record = (figures) => {
      runs.push(figures);
      log(
        `responsiveness: ${figures.warmup ? 'warm-up' : `run ${figures.index}/${runsPerCount}`}, ${figures.segments} segment(s): click -> first request ${figures.clickToFirstRequestMs} ms, ` +
          `last request -> verdict ${figures.lastRequestToVerdictMs} ms (live end ${figures.lastRequestToStreamEndMs} ms), ${figures.requests} requests`,
      );
    };
    // The first run of each shape warms the API's and runners' code paths (and k6's files in the page cache).
    for (const segments of SEGMENT_COUNTS) record({ ...(await measureRun(ctx, server, plans[segments], segments)), warmup: true, index: 0 });
    for (let index = 1; index <= runsPerCount; index++) {
      // Alternating order: a slow moment of the shared box falls on both shapes alike.
      const order = index % 2 ? SEGMENT_COUNTS : [...SEGMENT_COUNTS].reverse();
      for (const segments of order) record({ ...(await measureRun(ctx, server, plans[segments], segments)), warmup: false, index });
    }
  } finally {
    // The other benchmarks (and the CPU accounting) expect the one runner they started with.
    await stack.scaleRunnersTo(1).catch((error) => log(`responsiveness: could not go back to one runner: ${error.message}`));
    await server.close();
  }
  return {
    plan: { ...PLAN, executor: 'constant-arrival-rate', path: PATH },
    pollMs: POLL_MS,
    coarsePollMs: COARSE_POLL_MS,
    runners: RUNNERS,
    runsPerCount,
    warmups: 1,
    segmentCounts: SEGMENT_COUNTS,
    loadAverageBefore,
    loadAverageAfter: loadAverage(),
    bySegments: summarizeRuns(runs, SEGMENT_COUNTS),
    runs,
  };
}
