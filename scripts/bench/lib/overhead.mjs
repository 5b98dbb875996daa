// ---- overhead: what Loadline costs the load generator ----------------------------------------
//
// Each pair is two measurements, each of two generators running at the same time on the same
// CPU (the "generator" CPU), each against its own "ok" server on the other CPU(s):
//   extension: bare k6 beside k6 --out loadline=/dev/null (the output extension alone), both
//              with the flags a runner gives k6 (no end-of-test summary, no thresholds);
//   Loadline:  bare k6 beside the same plan run through Loadline (runner and its k6 on the
//              generator CPU: what a runner host pays; API, PostgreSQL and Redis float);
//   like for like: k6 with the flags and Go runtime settings a runner gives its k6 (GOGC, GOMEMLIMIT:
//              apps/runner/src/k6-run-options.ts) beside Loadline, so that what the
//              platform's plumbing costs is not hidden by what its k6 settings gain.
// The ratio is of the two rates at their servers over the seconds both ran at full load
// (overhead-window.mjs), and per CPU-second each k6 got. Which server each side uses swaps
// from pair to pair.
import os from 'node:os';
import { BenchError, log, loadAverage, median, round, sleep } from './util.mjs';
import { runK6Direct } from './k6.mjs';
import { runPlan } from './loadline.mjs';
import { startServer } from './go-servers.mjs';
import { generatorAndTargetCpus, pinProcesses } from './cpu-pinning.mjs';
import { pairedRates, perCpuSecond } from './overhead-window.mjs';
import { createPlan, createTarget, httpReqs, scriptOf } from './benchmarks.mjs';

const SETTLE_MS = 2_000;

/** What a runner gives its k6 with the default LOADLINE_K6_GOGC (k6-run-options.ts). */
const RUNNER_K6_ENV = { GOGC: process.env.LOADLINE_K6_GOGC ?? '400', GOMEMLIMIT: `${Math.floor((os.totalmem() / 1024 / 1024) * 0.75 * 0.8)}MiB` };

// Long enough that a run's fixed costs (start, finalising) weigh as they would in a real run,
// short enough for several pairs.
const overheadLoad = (seconds) => ({ executor: 'constant-vus', vus: 20, duration: `${seconds}s` });

async function serverCounts(server) {
  const response = await fetch(`${server.url}/__bench/counts`);
  if (!response.ok) throw new BenchError(`${server.url}/__bench/counts answered ${response.status}`);
  return response.json();
}

/** Runs both sides at once and compares them over the seconds both were at full load. */
async function simultaneously(servers, sides) {
  const from = Math.floor(Date.now() / 1000);
  const [a, b] = await Promise.all([sides.a(servers.a), sides.b(servers.b)]);
  const to = Math.ceil(Date.now() / 1000);
  const [countsA, countsB] = await Promise.all([serverCounts(servers.a), serverCounts(servers.b)]);
  let paired;
  try {
    paired = pairedRates(countsA, countsB, { from, to });
  } catch (error) {
    throw new BenchError(`overhead: ${error.message}`);
  }
  const served = (counts) => counts.perSecond.slice(Math.max(0, from - counts.startUnix), to - counts.startUnix + 1).reduce((t, n) => t + n, 0);
  a.rate = paired.rateA;
  b.rate = paired.rateB;
  a.served = served(countsA);
  b.served = served(countsB);
  for (const side of [a, b]) {
    if (side.count === null) {
      side.count = side.served;
      side.perK6CpuSecond = perCpuSecond(side.count, side.k6Cpu);
    }
  }
  return {
    a,
    b,
    window: paired.window,
    ratio: paired.ratio,
    efficiencyRatio: a.perK6CpuSecond && b.perK6CpuSecond ? b.perK6CpuSecond / a.perK6CpuSecond : null,
  };
}

export async function overhead(ctx, okServer) {
  const cpus = generatorAndTargetCpus();
  const load = overheadLoad(ctx.options.overheadSeconds);
  const second = await startServer('ok');
  const restores = [];
  try {
    restores.push(await pinProcesses([okServer.pid, second.pid], cpus.targets));
    restores.push(await pinProcesses([ctx.stack.runner.child.pid], cpus.generator));
    const plans = new Map();
    for (const server of [okServer, second]) {
      const target = await createTarget(ctx, `bench ok server ${plans.size + 1}`, server.url);
      plans.set(server, await createPlan(ctx, { name: 'bench overhead', targetId: target.id, load, requests: [{ name: 'Get', method: 'GET', path: '/' }] }));
    }
    const script = scriptOf(ctx, plans.get(okServer));
    const direct =
      (out, { env = {}, asRunner = false } = {}) =>
      async (server) => {
        const result = await runK6Direct({
          script,
          baseUrl: server.url,
          out,
          env,
          asRunner,
          cpus: cpus.generator,
          timeoutMs: 120_000,
          stack: ctx.stack,
          serverPid: server.pid,
        });
        // Without k6's summary (asRunner) the side's count is what its server served (simultaneously).
        const count = result.summary ? httpReqs(result.summary).count : null;
        return { count, k6Cpu: round(result.k6Cpu, 2), perK6CpuSecond: perCpuSecond(count, result.k6Cpu), wallSeconds: round(result.wallSeconds, 2) };
      };
    const throughLoadline = (index) => async (server) => {
      const result = await runPlan({ ...ctx, serverPid: server.pid }, plans.get(server), { label: `overhead-${index}`, timeoutMs: 180_000 });
      ctx.loadlineRuns.push(result);
      const overall = result.run.summary.overall;
      return {
        runId: result.runId,
        count: overall.count,
        errors: overall.errors,
        k6Cpu: round(result.cpu.k6, 2),
        perK6CpuSecond: perCpuSecond(overall.count, result.cpu.k6),
        cpu: result.cpu,
        perSecond: result.stored.perSecond,
        wallSeconds: round(result.wallSeconds, 2),
      };
    };

    const pairs = [];
    for (let index = 1; index <= ctx.options.pairs; index++) {
      const servers = index % 2 ? { a: okServer, b: second } : { a: second, b: okServer };
      const pair = { index, loadAverageBefore: loadAverage() };
      log(`overhead pair ${index}/${ctx.options.pairs}: bare k6 beside k6 --out loadline=/dev/null`);
      // Both sides as a runner runs k6: with k6's own end-of-test summary on, a second output
      // beside it made k6's summary output cost ~2 % more per request, a cost runners never pay.
      pair.extension = await simultaneously(servers, { a: direct(null, { asRunner: true }), b: direct('devnull', { asRunner: true }) });
      await sleep(SETTLE_MS);
      log(`overhead pair ${index}/${ctx.options.pairs}: bare k6 beside the same plan through Loadline`);
      pair.loadline = await simultaneously(servers, { a: direct(null), b: throughLoadline(index) });
      await sleep(SETTLE_MS);
      log(`overhead pair ${index}/${ctx.options.pairs}: bare k6 with the runner's GOGC=${RUNNER_K6_ENV.GOGC} beside Loadline`);
      pair.likeForLike = await simultaneously(servers, { a: direct(null, { env: RUNNER_K6_ENV, asRunner: true }), b: throughLoadline(`${index}-like`) });
      // The report's count against what its server served: nothing lost, nothing counted twice.
      pair.loadline.countMatches = pair.loadline.b.count === pair.loadline.b.served;
      pair.likeForLike.countMatches = pair.likeForLike.b.count === pair.likeForLike.b.served;
      pair.loadAverageAfter = loadAverage();
      pairs.push(pair);
      log(
        `  extension/bare ${pair.extension.ratio.toFixed(3)} (per k6 CPU-s ${pair.extension.efficiencyRatio?.toFixed(3)}), ` +
          `Loadline/bare ${pair.loadline.ratio.toFixed(3)} (per k6 CPU-s ${pair.loadline.efficiencyRatio?.toFixed(3)}), ` +
          `like for like ${pair.likeForLike.ratio.toFixed(3)} (per k6 CPU-s ${pair.likeForLike.efficiencyRatio?.toFixed(3)}), ` +
          `report ${pair.loadline.b.count} requests, server ${pair.loadline.b.served}`,
      );
      await sleep(SETTLE_MS);
    }
    const medianOf = (pick) => median(pairs.map(pick).filter((value) => value !== null));
    return {
      plan: { vus: load.vus, duration: load.duration, requests: 1 },
      cpus,
      pairs,
      medianRatio: medianOf((pair) => pair.loadline.ratio),
      medianEfficiencyRatio: medianOf((pair) => pair.loadline.efficiencyRatio),
      medianLikeForLikeRatio: medianOf((pair) => pair.likeForLike.ratio),
      medianLikeForLikeEfficiencyRatio: medianOf((pair) => pair.likeForLike.efficiencyRatio),
      runnerK6Env: RUNNER_K6_ENV,
      medianExtensionRatio: medianOf((pair) => pair.extension.ratio),
      medianExtensionEfficiencyRatio: medianOf((pair) => pair.extension.efficiencyRatio),
      medianBareRps: medianOf((pair) => pair.loadline.a.rate),
      medianExtensionRps: medianOf((pair) => pair.extension.b.rate),
      medianLoadlineRps: medianOf((pair) => pair.loadline.b.rate),
      countsMatch: pairs.every((pair) => pair.loadline.countMatches && pair.likeForLike.countMatches),
      script,
    };
  } finally {
    for (const restore of restores.reverse()) await restore();
    await second.stop();
  }
}
