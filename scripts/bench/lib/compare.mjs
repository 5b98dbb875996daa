// `--only compare` (issue 29): how sensitive and how honest the before/after comparison is
// on each load shape, measured with the product's own code (compareRuns from packages/shared's
// build, on plan specs parsed by its planSpecSchema, summaries made by summarizeSeconds as the
// API makes them).
//
// Part A, synthetic and seeded (compare-model.mjs says how runs are drawn): per shape, N pairs
// of runs of the same server (false calls: any judged figure called regression or
// improvement), then the same pairs with the head's server 1 ... 20 % slower at every level
// (detection: the share of pairs whose p95 is called a regression; the smallest change called
// in >= 95 % of pairs; the p95 interval's half-width at 5 %).
//
// Part B (compare-real.mjs): the same plans run for real through the platform against a
// loopback server; real noise, the change applied to the stored histograms.
import { log, round } from './util.mjs';
import { MODEL, shapesOf, sharedDist, syntheticSeconds } from './compare-model.mjs';

/** Server slower by these fractions at every load level. */
export const STEPS = [0.01, 0.02, 0.03, 0.04, 0.05, 0.07, 0.1, 0.15, 0.2];
/** A 5 % change every time: called in 95 % of pairs with an interval within ±3 %, at most 1 false call in 20 per figure. */
export const BAR = { falseCallRate: 0.05, detection: 0.95, halfWidth: 0.03 };
const CALLED = new Set(['regression', 'improvement']);

/** A finished run as the API shows it, with the summary its seconds make. */
export function runView(shared, id, seconds, requestNames, overrides = {}) {
  const createdAt = '2026-11-01T00:00:00.000Z';
  return {
    id,
    planId: 'bench-plan',
    planName: 'bench compare',
    planVersion: 1,
    targetId: 'bench-target',
    status: 'PASSED',
    verdict: 'PASS',
    trigger: 'MANUAL',
    segments: 1,
    createdAt,
    startedAt: createdAt,
    finishedAt: createdAt,
    error: null,
    summary: shared.summarizeSeconds(seconds, requestNames),
    thresholds: [],
    diagnostics: [],
    capacity: null,
    recovery: null,
    partial: false,
    plannedSeconds: seconds.length,
    cancelRequestedAt: null,
    queue: null,
    segmentDetails: [],
    startSpreadMs: null,
    baseline: null,
    labels: {},
    manifest: null,
    ...overrides,
  };
}

/**
 * Tallies comparisons: false calls per judged figure (the whole run's and each phase's), and
 * for changed servers how often p50 and p95 were called regressions and how wide p95's interval was.
 */
export class Tally {
  constructor() {
    this.pairs = 0;
    this.calls = new Map();
    this.judged = new Set();
    this.methods = new Set();
    this.p95Changes = [];
  }

  /** An identical pair: every call is a false one. */
  identical(comparison) {
    this.pairs++;
    if (comparison.noise) this.methods.add(comparison.noise.method);
    const figures = [
      ...comparison.overall.map((delta) => [delta.metric, delta]),
      ...comparison.phases.flatMap((phase) => phase.metrics.map((delta) => [`${phase.name}.${delta.metric}`, delta])),
    ];
    const p95 = comparison.overall.find((delta) => delta.metric === 'p95');
    if (p95?.deltaPct !== null && p95?.deltaPct !== undefined) this.p95Changes.push(p95.deltaPct);
    for (const [key, delta] of figures) {
      if (delta.change === null) continue;
      this.judged.add(key);
      if (CALLED.has(delta.change)) this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
    }
  }

  /**
   * How far apart identical runs' p95s are (head / base - 1): the noise any method has to
   * tell a change from. sd, and the half-width holding 95 % of pairs.
   */
  p95Spread() {
    const values = this.p95Changes;
    if (values.length < 2) return null;
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
    const sorted = values.map(Math.abs).sort((a, b) => a - b);
    return { sd: round(sd, 4), within95: round(sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))], 4) };
  }

  /** Rates of false calls per judged figure, the whole run's first. */
  falseCalls() {
    const rates = {};
    for (const key of this.judged) rates[key] = (this.calls.get(key) ?? 0) / this.pairs;
    return rates;
  }
}

/** Detection of one step: how often p50 and p95 were called regressions, and p95's interval half-width relative to the base. */
export class Detection {
  constructor(change) {
    this.change = change;
    this.pairs = 0;
    this.called = { p50: 0, p95: 0 };
    this.halfWidths = [];
  }

  add(comparison) {
    this.pairs++;
    for (const metric of ['p50', 'p95']) {
      const delta = comparison.overall.find((d) => d.metric === metric);
      if (delta?.change === 'regression') this.called[metric]++;
      if (metric === 'p95' && delta?.interval && delta.base) this.halfWidths.push((delta.interval.high - delta.interval.low) / 2 / delta.base);
    }
  }

  result() {
    const sorted = [...this.halfWidths].sort((a, b) => a - b);
    const at = (q) => (sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))], 4) : null);
    return {
      change: this.change,
      pairs: this.pairs,
      p95: round(this.called.p95 / this.pairs, 4),
      p50: round(this.called.p50 / this.pairs, 4),
      p95HalfWidth: { median: at(0.5), p95: at(0.95), withinBar: round(sorted.filter((w) => w <= BAR.halfWidth).length / Math.max(1, sorted.length), 4) },
    };
  }
}

/** The smallest step from which every larger one was called in >= 95 % of pairs (null: none). */
export function smallestDetected(steps) {
  let smallest = null;
  for (let i = steps.length - 1; i >= 0 && steps[i].p95 >= BAR.detection; i--) smallest = steps[i].change;
  return smallest;
}

/** Everything one shape's figures need: its name, how compared, false calls, detection per step. */
export function shapeResult(shape, tally, detections) {
  const steps = detections.map((detection) => detection.result());
  const falseCalls = tally.falseCalls();
  const worst = Object.entries(falseCalls).reduce((a, b) => (b[1] > a[1] ? b : a), ['', -1]);
  const at5 = steps.find((step) => step.change === 0.05) ?? null;
  return {
    name: shape.name,
    words: shape.words,
    methods: [...tally.methods],
    pairs: tally.pairs,
    falseCalls: Object.fromEntries(Object.entries(falseCalls).map(([key, rate]) => [key, round(rate, 4)])),
    worstFalseCall: { figure: worst[0], rate: round(worst[1], 4) },
    steps,
    p95Spread: tally.p95Spread(),
    smallestDetected: smallestDetected(steps),
    at5,
    meetsBar: {
      falseCalls: worst[1] <= BAR.falseCallRate,
      detection: at5 ? at5.p95 >= BAR.detection && at5.p50 >= BAR.detection : false,
      interval: at5 ? at5.p95HalfWidth.median !== null && at5.p95HalfWidth.median <= BAR.halfWidth : false,
    },
  };
}

/**
 * The same pairs without the per-run offset (every run of the server at the same level):
 * only the noise within runs, which is what intervals from two runs' seconds can see. Sets
 * apart how much of a shape's false calls and width comes from run-to-run noise.
 */
async function withinRunOnly(shared, shape, s, measured, pairs) {
  const tally = new Tally();
  const detection = new Detection(0.05);
  for (let p = 0; p < pairs; p++) {
    await new Promise((resolve) => setImmediate(resolve));
    const [baseSeed, headSeed] = [1_000_003 * (s + 1) + 2 * p, 1_000_003 * (s + 1) + 2 * p + 1];
    const base = measured(`${shape.name}-flat-base-${p}`, syntheticSeconds(shared, shape, baseSeed, 0, 0));
    tally.identical(shared.compareRuns(base, measured(`${shape.name}-flat-head-${p}`, syntheticSeconds(shared, shape, headSeed, 0, 0))));
    detection.add(shared.compareRuns(base, measured(`${shape.name}-flat-head-${p}-0.05`, syntheticSeconds(shared, shape, headSeed, 0.05, 0))));
  }
  const { falseCalls, worstFalseCall, p95Spread, at5, meetsBar } = shapeResult(shape, tally, [detection]);
  return { falseCalls, worstFalseCall, p95Spread, at5, meetsBar };
}

/** Part A: seeded synthetic runs of the model server. */
async function synthetic(options) {
  const shared = await sharedDist();
  const pairs = options.comparePairs;
  const started = Date.now();
  const shapes = [];
  for (const [s, shape] of shapesOf(options).entries()) {
    const spec = shared.planSpecSchema.parse(shape.spec);
    const names = spec.scenarios.flatMap((scenario) => scenario.requests.map((request) => request.name));
    const measured = (id, seconds) => ({ run: runView(shared, id, seconds, names), spec, seconds });
    const tally = new Tally();
    const detections = STEPS.map((step) => new Detection(step));
    for (let p = 0; p < pairs; p++) {
      // Let a Ctrl-C in: each pair is ~0.25 s of computing without a pause.
      await new Promise((resolve) => setImmediate(resolve));
      // Distinct seeds per shape, pair and side; a changed head keeps its identical twin's seed.
      const [baseSeed, headSeed] = [1_000_003 * (s + 1) + 2 * p, 1_000_003 * (s + 1) + 2 * p + 1];
      const base = measured(`${shape.name}-base-${p}`, syntheticSeconds(shared, shape, baseSeed));
      tally.identical(shared.compareRuns(base, measured(`${shape.name}-head-${p}`, syntheticSeconds(shared, shape, headSeed))));
      for (const detection of detections) {
        const head = measured(`${shape.name}-head-${p}-${detection.change}`, syntheticSeconds(shared, shape, headSeed, detection.change));
        detection.add(shared.compareRuns(base, head));
      }
    }
    const result = shapeResult(shape, tally, detections);
    result.withoutRunOffset = await withinRunOnly(shared, shape, s, measured, pairs);
    shapes.push(result);
    log(
      `compare: ${shape.name}: ${pairs} pairs, worst false-call rate ${(result.worstFalseCall.rate * 100).toFixed(1)} % (${result.worstFalseCall.figure}), ` +
        `p95 detected in 95 % from ${result.smallestDetected === null ? 'none' : `${Math.round(result.smallestDetected * 100)} %`}`,
    );
  }
  return { pairs, model: MODEL, steps: STEPS, shapes, seconds: round((Date.now() - started) / 1000, 1) };
}

/**
 * Part A always; part B when `runReal` is given (it needs the stack: run.mjs passes a function
 * that starts it, or null with the reason it cannot).
 */
export async function compare({ options, real }) {
  const result = { bar: BAR, synthetic: await synthetic(options), real: null };
  if (real) result.real = await real();
  return result;
}
