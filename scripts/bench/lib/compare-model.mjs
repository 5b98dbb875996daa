// The load shapes of `--only compare` and the synthetic server its part A draws runs from.
//
// Shapes: four plans, each a plan spec (parsed by the product's planSpecSchema in compare.mjs,
// so the comparison picks paired or unpaired seconds exactly as for a user's plan), with the
// load level each second of it applies. Part B runs the same plans through the platform.
//
// The server model (part A), per run, seeded:
//   median latency at load level L:
//     closed loads (VUs):     BASE_MS * (1 + vus / KNEE_VUS)         (more VUs in flight queue up)
//     open loads (req/s):     BASE_MS / (1 - rate / CAPACITY_RPS)    (M/M/1-like: grows towards capacity)
//   each request:             median * exp(REQUEST_SIGMA * N(0,1))   (lognormal spread)
//   each second's level:      * (1 + drift_i), drift an AR(1) series, sd DRIFT_SD, lag-1 correlation DRIFT_RHO
//   the whole run's level:    * (1 + RUN_SD * N(0,1))                (run-to-run noise: another day, another box)
//   requests in a second:     closed: Poisson(vus * 1000 / (mean latency + THINK_MS)); open: Poisson(rate)
//                             (an arrival-rate plan sets the count; latency does not change it)
//   errors:                   each request fails with probability ERROR_SHARE, whatever the load
// A server "x slower" multiplies every latency by (1 + x) at every level (so a closed loop also
// makes fewer requests, as it would).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './util.mjs';

export const MODEL = {
  BASE_MS: 10,
  KNEE_VUS: 10,
  CAPACITY_RPS: 250,
  REQUEST_SIGMA: 0.35,
  DRIFT_SD: 0.02,
  DRIFT_RHO: 0.6,
  RUN_SD: 0.01,
  ERROR_SHARE: 0.005,
  THINK_MS: 30,
};

/** The plans' think time, the same for part A's model (its mean) and part B's real runs. */
const THINK = { min: '20ms', max: '40ms' };
const scenario = (name, load, requestName = 'Get', extra = {}) => ({
  name,
  load,
  thinkTime: THINK,
  requests: [{ name: requestName, method: 'GET', path: '/' }],
  ...extra,
});

/** Linear ramp from `from` to `to` over `seconds`, read in the middle of second i (as k6 ramps it). */
const ramp = (from, to, seconds) => (i) => from + ((to - from) * Math.min(seconds, i + 0.5)) / seconds;

/**
 * Each shape: its plan spec (before parsing), its length in seconds, and per second i the load
 * level (vus or rate) and the scenario that runs then. `seconds` (default 20) is each plan's
 * length (`--compare-seconds`): how the smallest change called and the interval's width shrink
 * as runs grow longer. The phased plan's three phases take a third of it each.
 */
export function shapesFor(seconds = 20) {
  const phase = Math.max(1, Math.round(seconds / 3));
  return [
    {
      name: 'constant-vus',
      words: `constant 20 VUs, ${seconds} s`,
      seconds,
      spec: { scenarios: [scenario('default', { executor: 'constant-vus', vus: 20, duration: `${seconds}s` })] },
      at: () => ({ vus: 20, scenario: 'default' }),
    },
    {
      name: 'ramping-vus',
      words: `ramping VUs 1 -> 40 over ${seconds} s`,
      seconds,
      spec: { scenarios: [scenario('default', { executor: 'ramping-vus', startVUs: 1, stages: [{ duration: `${seconds}s`, target: 40 }] })] },
      at: (i) => ({ vus: ramp(1, 40, seconds)(i), scenario: 'default' }),
    },
    {
      name: 'phased',
      words: `baseline 5 VUs -> normal 15 VUs -> peak 40 VUs, ${phase} s each (three scenarios with startTime)`,
      seconds: 3 * phase,
      spec: {
        scenarios: [
          scenario('baseline', { executor: 'constant-vus', vus: 5, duration: `${phase}s` }, 'Baseline'),
          scenario('normal', { executor: 'constant-vus', vus: 15, duration: `${phase}s` }, 'Normal', { startTime: `${phase}s` }),
          scenario('peak', { executor: 'constant-vus', vus: 40, duration: `${phase}s` }, 'Peak', { startTime: `${2 * phase}s` }),
        ],
      },
      at: (i) => (i < phase ? { vus: 5, scenario: 'baseline' } : i < 2 * phase ? { vus: 15, scenario: 'normal' } : { vus: 40, scenario: 'peak' }),
    },
    {
      // As many requests as the closed-load plans (~12,000 in 40 s): 10 -> 200 req/s made a
      // quarter of theirs, and its intervals were wider for that alone.
      name: 'ramping-arrival-rate',
      words: `ramping arrival rate 20 -> 600 req/s over ${seconds} s`,
      seconds,
      spec: {
        scenarios: [
          scenario('default', {
            executor: 'ramping-arrival-rate',
            startRate: 20,
            timeUnit: '1s',
            preAllocatedVUs: 40,
            maxVUs: 120,
            stages: [{ duration: `${seconds}s`, target: 600 }],
          }),
        ],
      },
      at: (i) => ({ rate: ramp(20, 600, seconds)(i), scenario: 'default' }),
    },
  ];
}

/** The shapes of `seconds`, only those named in `only` when it is given (`--compare-shapes`). */
export function shapesOf(options) {
  const shapes = shapesFor(options.compareSeconds);
  const unknown = (options.compareShapes ?? []).filter((name) => !shapes.some((shape) => shape.name === name));
  if (unknown.length) throw new Error(`--compare-shapes: no shape named ${unknown.join(', ')} (there are ${shapes.map((shape) => shape.name).join(', ')})`);
  return shapes.filter((shape) => !options.compareShapes || options.compareShapes.includes(shape.name));
}

/** The request name of each scenario, as the specs above name them. */
export const requestNameOf = (shape, scenarioName) => shape.spec.scenarios.find((s) => s.name === scenarioName)?.requests[0].name ?? 'Get';

/**
 * Seeded draws: mulberry32 (as noise.ts's `random`) from a scrambled seed. Not the LCG of
 * compare-shapes.test.ts: there, seeds 1 apart start with nearly the same first draws (they
 * differ by the multiplier / 2^32), so every run's first figure (here the per-run offset)
 * would be almost the same in all runs and cancel out of every pair.
 */
export function generator(seed) {
  // murmur3's finalizer: neighbouring seeds start far apart.
  let state = seed >>> 0;
  state = Math.imul(state ^ (state >>> 16), 0x85ebca6b) >>> 0;
  state = Math.imul(state ^ (state >>> 13), 0xc2b2ae35) >>> 0;
  state = (state ^ (state >>> 16)) >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  // Knuth's product method is exact but slow for large means; a normal approximation is within noise there.
  const poisson = (mean) => {
    if (mean < 30) {
      const limit = Math.exp(-mean);
      let [k, p] = [0, uniform()];
      while (p > limit) [k, p] = [k + 1, p * uniform()];
      return k;
    }
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal()));
  };
  return { uniform, normal, poisson };
}

/** Median latency (ms) of the model server at one second's load level, before drift and run offset. */
export function medianAt(level) {
  if (level.rate !== undefined) return MODEL.BASE_MS / Math.max(0.05, 1 - level.rate / MODEL.CAPACITY_RPS);
  return MODEL.BASE_MS * (1 + level.vus / MODEL.KNEE_VUS);
}

let sharedModule = null;
/** packages/shared's build: the product's histograms, summaries, plan schema and comparison. */
export async function sharedDist() {
  sharedModule ??= await import(pathToFileURL(path.join(REPO_ROOT, 'packages', 'shared', 'dist', 'index.js')).href);
  return sharedModule;
}

/**
 * One synthetic run of `shape` against the model server: its seconds as the runner stores
 * them (one row per request name, status and scenario, with a latency histogram).
 * `slower`: 0.05 = every latency 5 % higher at every level. `runSd`: the per-run offset's sd
 * (0: within-run noise only, what a comparison of two runs' seconds can see).
 */
export function syntheticSeconds(shared, shape, seed, slower = 0, runSd = MODEL.RUN_SD) {
  const { normal, uniform, poisson } = generator(seed);
  const runLevel = 1 + runSd * normal();
  const meanFactor = Math.exp((MODEL.REQUEST_SIGMA * MODEL.REQUEST_SIGMA) / 2);
  let drift = MODEL.DRIFT_SD * normal();
  const innovation = MODEL.DRIFT_SD * Math.sqrt(1 - MODEL.DRIFT_RHO * MODEL.DRIFT_RHO);
  const seconds = [];
  for (let i = 0; i < shape.seconds; i++) {
    if (i > 0) drift = MODEL.DRIFT_RHO * drift + innovation * normal();
    const level = shape.at(i);
    const median = medianAt(level) * runLevel * (1 + drift) * (1 + slower);
    const count = level.rate !== undefined ? poisson(level.rate) : poisson((level.vus * 1000) / (median * meanFactor + MODEL.THINK_MS));
    const [ok, failed] = [shared.emptyHistogram(), shared.emptyHistogram()];
    let errors = 0;
    for (let r = 0; r < count; r++) {
      const fails = uniform() < MODEL.ERROR_SHARE;
      shared.recordValue(fails ? failed : ok, median * Math.exp(MODEL.REQUEST_SIGMA * normal()));
      if (fails) errors++;
    }
    const name = requestNameOf(shape, level.scenario);
    const row = (status, expected, n, latency) => ({ name, method: 'GET', status, expected, errorCode: '', scenario: level.scenario, count: n, latency });
    const requests = [row(200, true, count - errors, ok), ...(errors ? [row(500, false, errors, failed)] : [])];
    // VUs in flight: the plan's for closed loads; rate x latency for an open one (Little's law).
    const vus = Math.max(1, Math.round(level.vus ?? (level.rate * median * meanFactor) / 1000));
    seconds.push({
      v: 1,
      t: 1_000 + i,
      requests,
      vus,
      vusMax: vus,
      iterations: count,
      droppedIterations: 0,
      bytesReceived: 0,
      bytesSent: 0,
      checks: [],
    });
  }
  return seconds;
}
