// Part B of `--only compare`: real noise. Each shape's plan (compare-model.mjs) is run N times
// through the platform (API, runner, k6) against the loopback "curve" server, whose latency
// grows with the requests in flight (servers/curve.go). Each run's stored seconds are read back
// from the bench database and decoded as the API decodes them (decodeStored, then the segments
// merged by mergeSegmentsBySecond, as GET /runs/:id/compare does). Every pair of distinct runs
// of a plan is compared with compareRuns: false calls. For detection the same pairs are compared
// again with the head run's latencies scaled by (1 + x) in its per-second histograms: real
// run-to-run noise, a change the bench controls. Rounds go shape by shape, so that the
// machine's slow swings spread over every shape alike.
import { readFile, writeFile } from 'node:fs/promises';
import { BenchError, log, round } from './util.mjs';
import { shapesFor, shapesOf, sharedDist } from './compare-model.mjs';
import { Detection, STEPS, Tally, shapeResult } from './compare.mjs';

/** The curve server's parameters: the same median curve as part A's closed-load model. */
export const CURVE = { seed: 42, baseMs: 10, knee: 10, sigma: 0.35 };
const RUN_TIMEOUT_MS = 120_000;

/**
 * A histogram with every value multiplied by `factor`, bucket by bucket: each bucket moves by
 * the same whole number of buckets (the nearest to log(factor) / log(gamma)), so the change
 * applied is a multiple of the histogram's ~1 % bucket width (see appliedChange).
 */
export function scaledHistogram(shared, histogram, factor) {
  const bins = {};
  for (const [key, count] of Object.entries(histogram.bins)) {
    const moved = String(shared.bucketIndex(shared.bucketValue(Number(key)) * factor));
    bins[moved] = (bins[moved] ?? 0) + count;
  }
  return { ...histogram, sum: histogram.sum * factor, min: histogram.min * factor, max: histogram.max * factor, bins };
}

/** The change a scaling by (1 + x) really makes, after the move to whole buckets. */
export function appliedChange(shared, x) {
  const shift = shared.bucketIndex(shared.bucketValue(0) * (1 + x));
  return shared.HISTOGRAM_GAMMA ** shift - 1;
}

const scaledSeconds = (shared, seconds, factor) =>
  seconds.map((second) => ({
    ...second,
    requests: second.requests.map((row) => ({ ...row, latency: scaledHistogram(shared, row.latency, factor) })),
  }));

/** A run's seconds as the API reads them: stored rows decoded, segments merged per second. */
async function storedSeconds(shared, db, runId) {
  const { rows } = await db.query(`SELECT "segmentIndex", data, generator, packed FROM "RunSecond" WHERE "runId" = $1 ORDER BY t, "segmentIndex"`, [runId]);
  const stored = rows.flatMap((row) =>
    shared.decodeStoredSeconds(row, runId).map(({ sample }) => ({ segmentIndex: row.segmentIndex, sample, generator: null })),
  );
  return shared.mergeSegmentsBySecond(stored).map((second) => second.sample);
}

/**
 * Starts the stack and the curve server, runs every plan `runs` times, compares. Returns
 * { skipped } with the reason when the stack cannot start (part A stands without it).
 */
export async function realComparisons(options, setCleanup = () => {}) {
  const shared = await sharedDist();
  if (options.compareFrom) return fromSaved(shared, options.compareFrom);
  let stackModule;
  try {
    stackModule = await import('./stack.mjs');
    stackModule.Stack.preflight();
    const { k6Version } = await import('./k6.mjs');
    const { goVersion, buildServer } = await import('./go-servers.mjs');
    await k6Version();
    await goVersion();
    await buildServer('curve');
  } catch (error) {
    return { skipped: `the stack cannot start: ${error.message}` };
  }
  const { ApiClient, Stack } = stackModule;
  const { startServer } = await import('./go-servers.mjs');
  const { runPlan } = await import('./loadline.mjs');
  const { stopAllChildren } = await import('./processes.mjs');
  const stack = new Stack();
  setCleanup(() => stack.close());
  const started = Date.now();
  try {
    try {
      await stack.start();
    } catch (error) {
      return { skipped: `the stack did not start: ${error.message}` };
    }
    const client = await ApiClient.signup(stack.baseUrl);
    const server = await startServer(
      'curve',
      ['-seed', String(CURVE.seed), '-base-ms', String(CURVE.baseMs), '-knee', String(CURVE.knee), '-sigma', String(CURVE.sigma)],
      3_600,
    );
    const ctx = { stack, client, shared, options, serverPid: server.pid };
    try {
      const target = await client.post('/targets', { name: 'bench compare curve server', baseUrl: server.url });
      const plans = [];
      for (const shape of shapesOf(options)) {
        const plan = await client.post('/plans', { name: `bench compare ${shape.name}`, targetId: target.id, thresholds: [], ...shape.spec });
        plans.push({ shape, plan, spec: shared.planSpecSchema.parse(plan.spec), runs: [] });
      }
      for (let pass = 1; pass <= options.compareRuns; pass++) {
        for (const entry of plans) {
          const label = `compare-${entry.shape.name}-${pass}`;
          const result = await runPlan(ctx, entry.plan, { label, timeoutMs: RUN_TIMEOUT_MS });
          const seconds = await storedSeconds(shared, stack.db, result.runId);
          entry.runs.push({ run: result.run, seconds, wallSeconds: result.wallSeconds });
          log(
            `compare: real run ${label}: ${result.run.summary.overall.count} requests, p95 ${result.run.summary.overall.latency?.p95?.toFixed(1)} ms, ${seconds.length} seconds`,
          );
        }
      }
      await save(options, plans);
      const shapes = plans.map((entry) => comparePairs(shared, entry));
      return {
        runs: options.compareRuns,
        server: CURVE,
        applied: appliedSteps(shared),
        shapes,
        seconds: round((Date.now() - started) / 1000, 1),
      };
    } finally {
      await server.stop();
    }
  } catch (error) {
    if (error instanceof BenchError) return { skipped: `part B stopped: ${error.message}` };
    throw error;
  } finally {
    await stopAllChildren();
    await stack.close();
  }
}

/**
 * The runs part B measured (each run's view and decoded seconds), kept so that a change to the
 * comparison can be measured again on the same real runs: `--compare-from <file>`.
 */
const savedRuns = (options, plans) => `.tools/bench/compare-runs-${options.compareSeconds}s-${plans.map((entry) => entry.shape.name).join('+')}.json`;

async function save(options, plans) {
  const file = savedRuns(options, plans);
  const saved = {
    version: 1,
    seconds: options.compareSeconds,
    server: CURVE,
    shapes: plans.map(({ shape, plan, runs }) => ({ name: shape.name, spec: plan.spec, runs })),
  };
  await writeFile(file, JSON.stringify(saved));
  log(`compare: the real runs are kept in ${file} (measure them again with --compare-from ${file})`);
}

/** The changes asked and, after the move to whole buckets, applied. */
const appliedSteps = (shared) => STEPS.map((x) => ({ asked: x, applied: round(appliedChange(shared, x), 4) }));

/** Part B on runs measured earlier: no stack, no k6. */
async function fromSaved(shared, file) {
  const started = Date.now();
  let saved;
  try {
    saved = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return { skipped: `cannot read ${file}: ${error.message}` };
  }
  if (saved?.version !== 1) return { skipped: `${file} is not a saved part B (version ${saved?.version})` };
  const shapes = shapesFor(saved.seconds);
  const results = saved.shapes.map((entry) => {
    const shape = shapes.find((candidate) => candidate.name === entry.name);
    if (!shape) throw new BenchError(`${file}: no shape named ${entry.name}`);
    return comparePairs(shared, { shape, spec: shared.planSpecSchema.parse(entry.spec), runs: entry.runs });
  });
  return {
    runs: Math.min(...saved.shapes.map((entry) => entry.runs.length)),
    server: saved.server,
    from: file,
    applied: appliedSteps(shared),
    shapes: results,
    seconds: round((Date.now() - started) / 1000, 1),
  };
}

/** Every pair of distinct runs of one plan, the older as base: as they are, then with the head scaled. */
function comparePairs(shared, { shape, spec, runs }) {
  const names = spec.scenarios.flatMap((scenario) => scenario.requests.map((request) => request.name));
  // The summary its seconds make, as in part A (the API builds it from the same seconds).
  const measured = (entry, seconds, id = entry.run.id) => ({
    run: { ...entry.run, id, summary: shared.summarizeSeconds(seconds, names) },
    spec,
    seconds,
  });
  const tally = new Tally();
  const detections = STEPS.map((step) => new Detection(step));
  // Pair by pair, the p95 as judged as they are and at +5 % and +20 %: what the rates are made of.
  const pairs = [];
  const p95Of = (comparison) => {
    const { deltaPct, interval, base, change } = comparison.overall.find((delta) => delta.metric === 'p95');
    return { change, deltaPct: round(deltaPct, 4), interval: interval && base ? [round(interval.low / base, 4), round(interval.high / base, 4)] : null };
  };
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const base = measured(runs[i], runs[i].seconds);
      const identical = shared.compareRuns(base, measured(runs[j], runs[j].seconds));
      tally.identical(identical);
      const pair = { base: i + 1, head: j + 1, seconds: [runs[i].seconds.length, runs[j].seconds.length], identical: p95Of(identical) };
      for (const detection of detections) {
        const scaled = scaledSeconds(shared, runs[j].seconds, 1 + detection.change);
        const comparison = shared.compareRuns(base, measured(runs[j], scaled, `${runs[j].run.id}-x${detection.change}`));
        detection.add(comparison);
        if (detection.change === 0.05 || detection.change === 0.2) pair[`at${Math.round(detection.change * 100)}`] = p95Of(comparison);
      }
      pairs.push(pair);
    }
  }
  const overall = (entry) => entry.run.summary.overall;
  return {
    ...shapeResult(shape, tally, detections),
    pairs,
    runs: runs.map((entry) => ({
      runId: entry.run.id,
      p95: round(overall(entry).latency?.p95 ?? null, 2),
      count: overall(entry).count,
      seconds: entry.seconds.length,
    })),
  };
}
