// scale: one constant-arrival-rate plan split over 1, 2 and 3 runner processes (segments =
// runners): is the asked rate delivered (counted at the Go server and in the run's report),
// does each segment carry its share, and how close together do the segments start?
import { readFileSync } from 'node:fs';
import { BenchError, log, median, round, sleep } from './util.mjs';
import { runPlan } from './loadline.mjs';

export const SCALE_RUNNERS = [1, 2, 3];
/**
 * k6 splits an arrival rate by maxVUs, not by the segments' lengths (arrivalRateSegmentShares):
 * a multiple of 6 splits evenly over 1, 2 and 3 segments (60: 60, 30 + 30, 20 + 20 + 20). At
 * 600 req/s on loopback (~1 ms a request) one or two VUs are busy at a time; 60 in all let k6
 * ride out a 100 ms stall of the shared cores (60 iterations due) without dropping iterations,
 * so that drops mean the generator fell behind, not that a neighbour had the CPU for a moment.
 */
export const SCALE_VUS = 60;
/** Each start-spread run: short, the spread is decided before the first request. */
export const SPREAD_SECONDS = 5;
const SETTLE_MS = 2_000;

const load = (rate, seconds) => ({
  executor: 'constant-arrival-rate',
  rate,
  timeUnit: '1s',
  duration: `${seconds}s`,
  preAllocatedVUs: SCALE_VUS,
  maxVUs: SCALE_VUS,
});

/** What the ok server counted so far: { startUnix, total, perSecond[] } (see servers/ok.go). */
async function serverCounts(server) {
  const response = await fetch(`${server.url}/__bench/counts`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new BenchError(`the ok server's /__bench/counts answered ${response.status}`);
  return response.json();
}

/**
 * Requests the server saw between two snapshots, per second of its clock. The first and last
 * seconds with requests are partial (the run began and ended inside them); the ones between
 * are full seconds of load.
 */
function served(before, after) {
  const perSecond = after.perSecond.map((count, i) => count - (before.perSecond[i] ?? 0));
  const first = perSecond.findIndex((count) => count > 0);
  const last = perSecond.findLastIndex((count) => count > 0);
  const window = first < 0 ? [] : perSecond.slice(first, last + 1);
  const full = window.slice(1, -1);
  return {
    count: after.total - before.total,
    seconds: window,
    fullSeconds: full.length,
    fullMean: full.length ? full.reduce((t, n) => t + n, 0) / full.length : null,
    fullMin: full.length ? Math.min(...full) : null,
    fullMax: full.length ? Math.max(...full) : null,
  };
}

/**
 * What each runner logged (at debug) about starting a run's segment: when its paused k6 was
 * ready, and at the resume its estimate of Redis's clock minus its own (clockOffsetMs), how
 * long it waited for the start moment (waitedMs) and how late after it k6's resume call returned
 * (resumeMs: timer lateness + the call).
 */
export function runnerStartLog(stack, runId) {
  const bySegment = {};
  for (const runner of stack.runners) {
    let text = '';
    try {
      text = readFileSync(runner.entry.logPath, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      if (!line.includes(runId)) continue;
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (entry.runId !== runId || entry.segment === undefined) continue;
      const facts = (bySegment[entry.segment] ??= { runnerId: runner.id });
      if (entry.msg === 'k6 ready, paused') facts.readyAt = entry.time;
      if (entry.msg === 'k6 resumed')
        Object.assign(facts, { resumedAt: entry.time, waitedMs: entry.waitedMs, resumeMs: entry.resumeMs, clockOffsetMs: entry.clockOffsetMs });
    }
  }
  return bySegment;
}

function spreadOf(times) {
  const known = times.filter(Number.isFinite);
  return known.length > 1 ? round(Math.max(...known) - Math.min(...known), 1) : null;
}

/** GET /runners until `count` are online and free (a runner marks itself free after a run). */
export async function waitForFreeRunners(client, count, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let view;
  while (Date.now() < deadline) {
    view = await client.get('/runners');
    if (view.online === count && view.free === count) return view;
    await sleep(200);
  }
  throw new BenchError(`GET /runners still ${JSON.stringify(view)} after ${timeoutMs / 1000} s, expected ${count} online and free`);
}

/** One run of `plan` on `runners` runners, measured at the server and in the run's report. */
async function measure(ctx, okServer, plan, { runners, rate, seconds, label }) {
  const runnersView = await waitForFreeRunners(ctx.client, runners);
  const before = await serverCounts(okServer);
  const result = await runPlan({ ...ctx, serverPid: okServer.pid }, plan, { label, timeoutMs: (seconds + 150) * 1000 });
  const atServer = served(before, await serverCounts(okServer));
  const { run } = result;
  const asked = rate * seconds;
  const starts = run.segmentDetails.map((segment) => (segment.startedAt ? Date.parse(segment.startedAt) : null));
  const startLog = runnerStartLog(ctx.stack, run.id);
  const readies = Object.values(startLog)
    .map((facts) => facts.readyAt)
    .filter(Number.isFinite);
  const known = starts.filter((t) => t !== null);
  const firstStart = known.length ? Math.min(...known) : null;
  return {
    result,
    figures: {
      label,
      runId: run.id,
      status: run.status,
      runners,
      runnersView,
      asked,
      served: atServer,
      servedRatio: atServer.count / asked,
      fullSecondRatio: atServer.fullMean === null ? null : atServer.fullMean / rate,
      minSecondRatio: atServer.fullMin === null ? null : atServer.fullMin / rate,
      summaryCount: run.summary.overall.count,
      summaryCountRatio: run.summary.overall.count / asked,
      summaryRps: run.summary.overall.rps,
      summaryRpsRatio: run.summary.overall.rps / rate,
      countsAgree: run.summary.overall.count === atServer.count,
      // Requests per second: stored (all segments, by k6's sample second) and at the server.
      storedPerSecond: result.stored.perSecond?.counts ?? null,
      droppedIterations: run.summary.droppedIterations,
      startSpreadMs: run.startSpreadMs,
      // Posted -> every segment's k6 began (queue, reservation, k6 started paused, ready, lead).
      postToStartMs: known.length ? Math.max(...known) - Date.parse(run.createdAt) : null,
      endToReportMs: result.stored.endToReportMs,
      queueSeen: result.queueSeen,
      segments: run.segmentDetails.map((segment, i) => ({
        index: segment.index,
        runnerId: segment.runnerId,
        status: segment.status,
        startOffsetMs: starts[i] === null ? null : starts[i] - firstStart,
        ...segment.health,
        ...(({ waitedMs, resumeMs, clockOffsetMs }) => ({ waitedMs, resumeMs, clockOffsetMs }))(startLog[segment.index] ?? {}),
      })),
      // startedAt = the start moment in the runner's clock + timer lateness + k6's resume call
      // (resumeMs is the last two): this is the spread of the moments the runners aimed at,
      // i.e. how well their clock offsets agree; the rest of startSpreadMs is resumeMs.
      aimSpreadMs: spreadOf(
        run.segmentDetails.map((segment, i) =>
          starts[i] === null || !Number.isFinite(startLog[segment.index]?.resumeMs) ? null : starts[i] - startLog[segment.index].resumeMs,
        ),
      ),
      // First to last segment ready (k6 started paused, VUs initialised).
      readySpreadMs: spreadOf(readies),
      diagnostics: run.diagnostics.map((diagnostic) => diagnostic.code),
      cpu: result.cpu,
    },
  };
}

export async function scale(ctx, okServer) {
  const { scaleRate: rate, scaleSeconds: seconds, spreadRuns } = ctx.options;
  const target = await ctx.client.post('/targets', { name: 'bench scale', baseUrl: okServer.url });
  const plans = new Map();
  const planFor = async (segments, planSeconds) => {
    const key = `${segments}x${planSeconds}`;
    if (!plans.has(key)) {
      plans.set(
        key,
        await ctx.client.post('/plans', {
          name: `bench scale ${segments} segment(s) ${planSeconds}s`,
          targetId: target.id,
          segments,
          load: load(rate, planSeconds),
          requests: [{ name: 'Get', method: 'GET', path: '/' }],
          thresholds: [],
        }),
      );
    }
    return plans.get(key);
  };

  const throughput = [];
  const spread = [];
  try {
    for (const runners of SCALE_RUNNERS) {
      await ctx.stack.scaleRunnersTo(runners);
      log(`scale: ${rate}/s for ${seconds} s on ${runners} runner(s), ${runners} segment(s)`);
      const { result, figures } = await measure(ctx, okServer, await planFor(runners, seconds), { runners, rate, seconds, label: `scale-${runners}` });
      ctx.loadlineRuns.push(result);
      throughput.push(figures);
      log(
        `  served ${figures.served.count} of ${figures.asked} asked (${figures.servedRatio.toFixed(3)}), full seconds ${round(figures.served.fullMean, 1)}/s ` +
          `(min ${figures.served.fullMin}), summary rps ${round(figures.summaryRps, 1)}, spread ${figures.startSpreadMs ?? '-'} ms, ` +
          `shares ${figures.segments.map((s) => round(s.deliveredShare, 3)).join(' ')}`,
      );
      await sleep(SETTLE_MS);
    }
    const spreadRunners = SCALE_RUNNERS.at(-1);
    for (let i = 0; i < spreadRuns; i++) {
      log(`scale: start spread ${i + 1}/${spreadRuns}: ${rate}/s for ${SPREAD_SECONDS} s on ${spreadRunners} runners`);
      const { figures } = await measure(ctx, okServer, await planFor(spreadRunners, SPREAD_SECONDS), {
        runners: spreadRunners,
        rate,
        seconds: SPREAD_SECONDS,
        label: `spread-${i + 1}`,
      });
      spread.push(figures);
      log(
        `  spread ${figures.startSpreadMs} ms (offsets ${figures.segments.map((s) => s.startOffsetMs).join(', ')} ms), served ${figures.servedRatio.toFixed(3)} of asked`,
      );
    }
  } finally {
    // The other benchmarks (and the CPU accounting) expect the one runner they started with.
    await ctx.stack.scaleRunnersTo(1).catch((error) => log(`scale: could not go back to one runner: ${error.message}`));
  }

  const one = throughput[0];
  for (const figures of throughput) figures.servedVsOneRunner = figures.served.count / one.served.count;
  const multi = [...throughput.filter((f) => f.runners > 1), ...spread];
  const spreads = multi.map((f) => f.startSpreadMs).filter((ms) => ms !== null);
  const aimSpreads = multi.map((f) => f.aimSpreadMs).filter((ms) => ms !== null);
  const percentile = (values, q) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] : null;
  };
  return {
    plan: { rate, seconds, vus: SCALE_VUS, spreadSeconds: SPREAD_SECONDS, spreadRuns, spreadRunners: SCALE_RUNNERS.at(-1) },
    throughput,
    spread,
    startSpread: {
      runs: spreads.length,
      p50Ms: median(spreads),
      p90Ms: percentile(spreads, 0.9),
      maxMs: spreads.length ? Math.max(...spreads) : null,
      minMs: spreads.length ? Math.min(...spreads) : null,
      allMs: spreads,
      aimP50Ms: median(aimSpreads),
      aimMaxMs: aimSpreads.length ? Math.max(...aimSpreads) : null,
      resumeMaxMs: Math.max(...multi.flatMap((f) => f.segments.map((s) => s.resumeMs ?? 0))),
    },
    postToStartMs: { median: median(multi.map((f) => f.postToStartMs)), max: Math.max(...multi.map((f) => f.postToStartMs ?? 0)) },
    minServedRatio: Math.min(...[...throughput, ...spread].map((f) => f.servedRatio)),
    minDeliveredShare: Math.min(...[...throughput, ...spread].flatMap((f) => f.segments.map((s) => s.deliveredShare ?? Infinity))),
  };
}
