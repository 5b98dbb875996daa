// The benchmarks themselves. Each takes the context built by run.mjs (stack, API client,
// shared package, options) and returns plain data: figures plus the raw numbers behind them.
import { BenchError, log, median, round, sleep } from './util.mjs';
import { runK6Direct } from './k6.mjs';
import { runPlan } from './loadline.mjs';
import { startServer } from './go-servers.mjs';

const SETTLE_MS = 2_000;

export async function createTarget(ctx, name, baseUrl) {
  return ctx.client.post('/targets', { name, baseUrl });
}

export async function createPlan(ctx, body) {
  return ctx.client.post('/plans', { thresholds: [], ...body });
}

/**
 * The exact script the runner generates for a plan (same generator, name and version, and
 * recording through k6/x/loadline as on the runner). Run bare, without the loadline output,
 * the module's calls keep nothing: "extension / bare" then includes what recording costs.
 */
export function scriptOf(ctx, plan) {
  return ctx.shared.generateK6Script(plan.spec, { planName: plan.name, planVersion: plan.version, runner: true });
}

export function httpReqs(summary) {
  const metric = summary.metrics?.http_reqs;
  if (!metric) throw new BenchError('k6 --summary-export has no http_reqs metric (no request was made?)');
  return { count: metric.count, rate: metric.rate };
}

// ---- 1. overhead: overhead.mjs ----------------------------------------------------------

// ---- 2. accuracy ---------------------------------------------------------------------------

export const MIXTURE = {
  seed: 42,
  // weight, base delay (ms). The percentiles read (p50, p90, p99) fall inside components,
  // not on the cliffs between them (CDF 0.55, 0.85, 0.97), where a single sample decides.
  components: [
    { weight: 0.55, ms: 2 },
    { weight: 0.3, ms: 10 },
    { weight: 0.12, ms: 40 },
    { weight: 0.03, ms: 120 },
  ],
  // Each delay is base * U[1, 1 + spread): a continuous distribution within each component.
  spread: 0.25,
};

/** The server's sleep at quantile q (theory; what k6 sees adds loopback and timer latency). */
export function mixtureQuantile(q, mixture = MIXTURE) {
  let cumulative = 0;
  for (const { weight, ms } of mixture.components) {
    if (q <= cumulative + weight) return ms * (1 + (mixture.spread * (q - cumulative)) / weight);
    cumulative += weight;
  }
  const last = mixture.components.at(-1);
  return last.ms * (1 + mixture.spread);
}

export async function accuracy(ctx) {
  const mixText = MIXTURE.components.map(({ weight, ms }) => `${weight}:${ms}`).join(',');
  const server = await startServer('mixture', ['-seed', String(MIXTURE.seed), '-mix', mixText, '-spread', String(MIXTURE.spread)]);
  try {
    const target = await createTarget(ctx, 'bench mixture server', server.url);
    const load = { executor: 'constant-vus', vus: 10, duration: `${ctx.options.accuracySeconds}s` };
    const plan = await createPlan(ctx, {
      name: 'bench accuracy',
      targetId: target.id,
      load,
      requests: [{ name: 'Mixture', method: 'GET', path: '/' }],
    });
    const quantiles = [0.5, 0.9, 0.99];
    const theory = Object.fromEntries(quantiles.map((q) => [`p${q * 100}`, round(mixtureQuantile(q), 3)]));

    log(`accuracy: ${load.vus} VUs, ${load.duration} through Loadline against the mixture server`);
    const result = await runPlan({ ...ctx, serverPid: server.pid }, plan, { label: 'accuracy', timeoutMs: (ctx.options.accuracySeconds + 150) * 1000 });
    ctx.loadlineRuns.push(result);
    const latency = result.run.summary.overall.latency;
    await sleep(SETTLE_MS);

    log(`accuracy: the same script with k6 directly, --out loadline=<file> and k6's exact end-of-test summary`);
    const direct = await runK6Direct({
      script: scriptOf(ctx, plan),
      baseUrl: server.url,
      out: 'file',
      trendStats: 'p(50),p(90),p(99),min,max,avg',
      timeoutMs: (ctx.options.accuracySeconds + 120) * 1000,
      stack: ctx.stack,
      serverPid: server.pid,
    });
    const exact = direct.summary.metrics?.http_req_duration;
    if (!exact || exact['p(50)'] === undefined) {
      throw new BenchError(`k6's summary export has no http_req_duration p(50): ${JSON.stringify(exact)}`);
    }
    const { secondSampleSchema, summarizeSeconds, mergeHistograms, quantile } = ctx.shared;
    const seconds = direct.series.map((line) => secondSampleSchema.parse(JSON.parse(line)));
    const merged = mergeHistograms(seconds.flatMap((second) => second.requests.map((request) => request.latency)));
    const summary = summarizeSeconds(seconds, ['Mixture']);
    const rows = quantiles.map((q) => {
      const key = `p(${q * 100})`;
      const sketch = quantile(merged, q);
      return {
        quantile: q,
        exactMs: exact[key],
        sketchMs: sketch,
        summaryMs: summary.overall.latency[`p${q * 100}`],
        relativeError: Math.abs(sketch - exact[key]) / exact[key],
      };
    });
    const k6Count = direct.summary.metrics.http_reqs.count;
    const figures = {
      n: merged.count,
      k6Count,
      countsAgree: merged.count === k6Count,
      seconds: seconds.length,
      rows,
      maxRelativeError: Math.max(...rows.map((row) => row.relativeError)),
      minMs: { exact: exact.min, sketch: merged.min },
      maxMs: { exact: exact.max, sketch: merged.max },
      avgMs: { exact: exact.avg, sketch: merged.sum / merged.count },
      loadline: {
        runId: result.runId,
        count: result.run.summary.overall.count,
        p50: latency?.p50,
        p90: latency?.p90,
        p99: latency?.p99,
        theory,
      },
      mixture: MIXTURE,
      plan: { vus: load.vus, duration: load.duration },
    };
    log(
      `  n = ${figures.n} (k6 counted ${k6Count}); rel. errors ` +
        rows.map((row) => `p${row.quantile * 100} ${(row.relativeError * 100).toFixed(3)} %`).join(', '),
    );
    return figures;
  } finally {
    await server.stop();
  }
}

// ---- 3. memory -----------------------------------------------------------------------------

export const WARM_UP_SECONDS = 20;

export async function memory(ctx, okServer) {
  const target = await createTarget(ctx, 'bench soak', okServer.url);
  const load = { executor: 'constant-vus', vus: 20, duration: `${ctx.options.soakSeconds}s` };
  const plan = await createPlan(ctx, {
    name: 'bench soak',
    targetId: target.id,
    load,
    requests: [{ name: 'Get', method: 'GET', path: '/' }],
  });
  log(`memory: ${load.vus} VUs for ${load.duration} through Loadline, runner RSS every 5 s`);
  const result = await runPlan({ ...ctx, serverPid: okServer.pid }, plan, {
    label: 'soak',
    timeoutMs: (ctx.options.soakSeconds + 180) * 1000,
    sampleEveryMs: 5_000,
  });
  ctx.loadlineRuns.push(result);
  const runningAt = result.statusSeenAt.RUNNING ?? result.statusSeenAt.STARTING ?? 0;
  const running = result.samples.filter((sample) => sample.status === 'RUNNING' && sample.runnerRss !== null);
  const warm = running.filter((sample) => sample.t >= runningAt + WARM_UP_SECONDS);
  if (!warm.length) throw new BenchError(`memory: no runner RSS sample after the ${WARM_UP_SECONDS} s warm-up (soak too short?)`);
  const start = warm[0];
  const end = warm.at(-1);
  const mid = warm[Math.floor((warm.length - 1) / 2)];
  const max = Math.max(...warm.map((sample) => sample.runnerRss));
  const k6Warm = warm.filter((sample) => sample.k6Rss !== null);
  const figures = {
    runId: result.runId,
    plan: { vus: load.vus, duration: load.duration },
    warmUpSeconds: WARM_UP_SECONDS,
    startRss: start.runnerRss,
    endRss: end.runnerRss,
    maxRss: max,
    midRss: mid.runnerRss,
    midAtSeconds: round(mid.t - runningAt, 1),
    growth: end.runnerRss / start.runnerRss,
    // Second half against first half: a leak keeps growing, a warm-up levels off.
    growthSecondHalf: end.runnerRss / mid.runnerRss,
    startAtSeconds: round(start.t - runningAt, 1),
    endAtSeconds: round(end.t - runningAt, 1),
    idleRssBefore: result.samples[0]?.runnerRss ?? null,
    idleRssAfter: result.samples.at(-1)?.runnerRss ?? null,
    requests: result.run.summary.overall.count,
    rps: result.run.summary.overall.rps,
    k6: k6Warm.length
      ? {
          startRss: k6Warm[0].k6Rss,
          endRss: k6Warm.at(-1).k6Rss,
          maxRss: Math.max(...k6Warm.map((sample) => sample.k6Rss)),
          growth: k6Warm.at(-1).k6Rss / k6Warm[0].k6Rss,
          // Bytes k6 kept per request it made over the window (0 when flat).
          bytesPerRequest: (k6Warm.at(-1).k6Rss - k6Warm[0].k6Rss) / Math.max(1, result.run.summary.overall.rps * (k6Warm.at(-1).t - k6Warm[0].t)),
        }
      : null,
    api: { startRss: start.apiRss, endRss: end.apiRss, maxRss: Math.max(...warm.map((sample) => sample.apiRss ?? 0)) },
    cpu: result.cpu,
    samples: result.samples.map((sample) => ({ ...sample, t: round(sample.t - runningAt, 1) })),
  };
  log(
    `  runner RSS start ${(figures.startRss / 2 ** 20).toFixed(1)} MiB, end ${(figures.endRss / 2 ** 20).toFixed(1)} MiB, ` +
      `max ${(max / 2 ** 20).toFixed(1)} MiB, ${figures.requests} requests`,
  );
  return figures;
}

// ---- 4. storage and 5. run end -> report ---------------------------------------------------

export function storage(runs) {
  const perRun = runs.map((result) => {
    const { stored } = result;
    const requests = result.run.summary.overall.count;
    const minutes = stored.secondsSpan / 60;
    return {
      label: result.label,
      runId: result.runId,
      requests,
      secondRows: stored.secondRows,
      secondsSpan: stored.secondsSpan,
      dataBytes: stored.dataBytes,
      totalBytes: stored.totalBytes,
      bytesPerRow: stored.secondRows ? stored.totalBytes / stored.secondRows : null,
      bytesPerMinute: minutes > 0 ? stored.totalBytes / minutes : null,
      dataBytesPerMinute: minutes > 0 ? stored.dataBytes / minutes : null,
      bytesPerRequest: requests ? stored.totalBytes / requests : null,
      summaryBytes: stored.summaryBytes,
    };
  });
  const longest = perRun.reduce((best, run) => (!best || run.secondsSpan > best.secondsSpan ? run : best), null);
  const shortOk = perRun.filter((run) => run.label.startsWith('overhead'));
  return {
    perRun,
    longest,
    medianShortBytesPerMinute: median(shortOk.map((run) => run.bytesPerMinute)),
    medianShortBytesPerRequest: median(shortOk.map((run) => run.bytesPerRequest)),
  };
}

export function reportLatency(runs) {
  const perRun = runs.map((result) => ({
    label: result.label,
    runId: result.runId,
    segmentFinishedAt: result.stored.segmentFinishedAt,
    runFinishedAt: result.stored.runFinishedAt,
    ms: result.stored.endToReportMs,
  }));
  const values = perRun.map((run) => run.ms).filter((value) => value !== null);
  return { perRun, medianMs: median(values), maxMs: values.length ? Math.max(...values) : null };
}
