#!/usr/bin/env node
// pnpm bench [-- --quick] [--pairs N] [--overhead-seconds N] [--soak-seconds N] [--scale-rate N] [--scale-seconds N]
//            [--spread-runs N] [--telemetry-seconds N] [--compare-pairs N] [--compare-runs N] [--compare-seconds N] [--compare-from FILE] [--compare-shapes A,B]
//            [--storage-seconds N] [--responsiveness-runs N]
//            [--only overhead,accuracy,memory,storage,scale,api,live,telemetry,reads,data,responsiveness,schedules,regressions,compare,charts]
//
// Benchmarks of the whole platform on this machine, reported as ratios against a baseline
// measured in the same run (plus the raw numbers): what Loadline costs k6 in throughput, how
// exact its percentiles are, whether the runner's memory stays flat, how much a run-minute
// stores, how soon a report is there after the load ends, whether a plan split over 1, 2 and
// 3 runners delivers its rate and starts together, what reading 3 metric sources of 2,000
// series costs the runner and storage (issue 28), how small a change the before/after
// comparison calls on each load shape and how often it calls one between identical runs
// (issue 29), how long a click takes to reach the target and the last request the verdict,
// with 1 and 3 segments (issue 32), and whether the web app's charts
// stay smooth with thousands of points. Loopback only: every server is started here on
// 127.0.0.1 and every load is bounded in time. See docs/benchmarks.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_DIR, BenchError, REPO_ROOT, fmtBytes, fmtInt, fmtPct, fmtRatio, loadAverage, log, round } from './lib/util.mjs';
import { killAllChildrenNow, stopAllChildren } from './lib/processes.mjs';
import { charts } from './lib/charts.mjs';
import { formatCharts, summarizeCharts } from './lib/charts-report.mjs';
import { formatScale, summarizeScale } from './lib/scale-report.mjs';
import { formatApiReads, formatFirstReads } from './lib/api-format.mjs';
import { formatLive } from './lib/live.mjs';
import { formatSchedules, schedules } from './lib/schedules.mjs';
import { formatRegressions, regressions } from './lib/regressions.mjs';
import { compare } from './lib/compare.mjs';
import { STACK_BENCHMARKS, parseOptions } from './lib/options.mjs';
import { formatCompare, summarizeCompare } from './lib/compare-report.mjs';
import { formatTelemetry, summarizeTelemetry } from './lib/telemetry.mjs';
import { formatDataSets, summarizeDataSets } from './lib/data-sets.mjs';
import { formatStorageByNames, summarizeStorageByNames } from './lib/storage.mjs';
import { formatResponsiveness, summarizeResponsiveness } from './lib/responsiveness-figures.mjs';
import { overheadLines } from './lib/overhead-report.mjs';

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  const loadBefore = loadAverage();
  log(`options: ${JSON.stringify(options)}; load average ${loadBefore.join(' ')} on ${os.cpus().length} cores`);

  let cleaningUp = null;
  let stackCleanup = async () => {};
  const cleanup = () =>
    (cleaningUp ??= (async () => {
      log('cleaning up: stopping children');
      await stopAllChildren();
      await stackCleanup();
    })());
  const onSignal = (signal) => {
    log(`${signal}: stopping`);
    cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', killAllChildrenNow);

  const results = {};
  let versions = { k6: null, go: null, node: process.version };
  if (options.only.some((name) => STACK_BENCHMARKS.includes(name))) {
    try {
      versions = await runStackBenchmarks(options, results, (close) => (stackCleanup = close));
    } finally {
      await cleanup();
    }
  }
  // Each size on a stack of its own, after the shared one is gone.
  if (options.only.includes('schedules')) {
    try {
      results.schedules = await schedules({ options });
    } finally {
      await stopAllChildren();
    }
  }
  if (options.only.includes('regressions')) results.regressions = await regressions({ options });
  // Part B starts a stack of its own (after the shared one is gone), imported only then.
  if (options.only.includes('compare')) {
    const real =
      options.compareRuns >= 2 || options.compareFrom
        ? async () => {
            const { realComparisons } = await import('./lib/compare-real.mjs');
            // Its own stack: dropped by the signal handler too, should the bench be stopped in it.
            return realComparisons(options, (close) => (stackCleanup = close));
          }
        : null;
    results.compare = await compare({ options, real });
  }
  // After the stack is gone, so that its idle processes do not share the CPU with the browser.
  if (options.only.includes('charts')) results.charts = await charts({ options });

  const report = {
    version: 1,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? null,
      memoryBytes: os.totalmem(),
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
      ...versions,
    },
    options,
    results,
  };
  const text = formatReport(report);
  process.stdout.write(text);
  mkdirSync(BENCH_DIR, { recursive: true });
  const out = path.join(BENCH_DIR, 'latest.json');
  const json = `${JSON.stringify({ ...report, text }, null, 2)}\n`;
  writeFileSync(out, json);
  // Every run is also kept, so that a --quick or --only run does not lose the last full one.
  mkdirSync(path.join(BENCH_DIR, 'history'), { recursive: true });
  writeFileSync(path.join(BENCH_DIR, 'history', `${startedAt.toISOString().replace(/[:.]/g, '-')}${options.quick ? '-quick' : ''}.json`), json);
  log(`written ${path.relative(REPO_ROOT, out)}`);
}

/**
 * overhead, accuracy, memory and scale (with storage and latency from their runs): the platform on
 * loopback. Imported here, not at the top: charts alone must run without PostgreSQL, Redis,
 * k6, Go or a built API.
 */
async function runStackBenchmarks(options, results, setCleanup) {
  const { ApiClient, Stack } = await import('./lib/stack.mjs');
  const { buildServer, goVersion, startServer } = await import('./lib/go-servers.mjs');
  const { k6Version } = await import('./lib/k6.mjs');
  const { accuracy, memory, reportLatency, storage } = await import('./lib/benchmarks.mjs');
  const { overhead } = await import('./lib/overhead.mjs');
  const { scale } = await import('./lib/scale.mjs');
  const { apiReads } = await import('./lib/api-reads.mjs');
  const { live } = await import('./lib/live.mjs');
  const { telemetry } = await import('./lib/telemetry.mjs');
  const { firstReads } = await import('./lib/first-reads.mjs');
  const { dataSets } = await import('./lib/data-sets.mjs');
  const { storageByNames } = await import('./lib/storage.mjs');
  const { responsiveness } = await import('./lib/responsiveness.mjs');
  Stack.preflight();
  const versions = { k6: await k6Version(), go: await goVersion(), node: process.version };
  await buildServer('ok');
  await buildServer('mixture');
  const shared = await import(pathToFileURL(path.join(REPO_ROOT, 'packages', 'shared', 'dist', 'index.js')).href);

  const stack = new Stack();
  setCleanup(async () => {
    log('dropping the database, deleting Redis keys');
    await stack.close();
  });
  await stack.start();
  const client = await ApiClient.signup(stack.baseUrl);
  const ctx = { stack, client, shared, options, loadlineRuns: [] };
  const okServer = await startServer('ok');
  try {
    if (options.only.includes('overhead')) results.overhead = await overhead(ctx, okServer);
    if (options.only.includes('accuracy')) results.accuracy = await accuracy(ctx);
    if (options.only.includes('memory')) results.memory = await memory(ctx, okServer);
    if (options.only.includes('storage')) results.storageByNames = await storageByNames(ctx, okServer);
    if (options.only.includes('scale')) results.scale = await scale(ctx, okServer);
    if (options.only.includes('api')) results.api = await apiReads(ctx, okServer);
    if (options.only.includes('live')) results.live = await live(ctx, okServer);
    if (options.only.includes('telemetry')) results.telemetry = await telemetry(ctx, okServer);
    if (options.only.includes('reads')) results.reads = await firstReads(ctx);
    if (options.only.includes('data')) results.data = await dataSets(ctx, okServer);
    if (options.only.includes('responsiveness')) results.responsiveness = await responsiveness(ctx);
  } finally {
    await okServer.stop();
  }
  results.storage = storage(ctx.loadlineRuns);
  results.latency = reportLatency(ctx.loadlineRuns);
  return versions;
}

// ---- report --------------------------------------------------------------------------------

function formatReport({ machine, options, results, startedAt }) {
  const lines = [];
  const {
    overhead: o,
    accuracy: a,
    memory: m,
    scale: sc,
    storage: s,
    latency: l,
    charts: c,
    api,
    live: lv,
    schedules: sch,
    regressions: reg,
    compare: cmp,
    telemetry: tm,
    reads,
    data: ds,
    storageByNames: sbn,
    responsiveness: rs,
  } = results;
  lines.push('');
  lines.push(
    `Loadline bench ${startedAt.slice(0, 16).replace('T', ' ')} UTC, ${machine.cores} cores (${machine.cpu}), load average ${machine.loadAverageBefore.join(' ')} -> ${machine.loadAverageAfter.join(' ')}`,
  );
  lines.push(`${[machine.k6, machine.go, `node ${machine.node}`].filter(Boolean).join('; ')}${options.quick ? '; QUICK (smoke check, not for figures)' : ''}`);

  if (o) {
    lines.push('');
    lines.push(...overheadLines(o));
  }
  if (a) {
    lines.push('');
    lines.push(
      `accuracy: ${a.plan.vus} VUs, ${a.plan.duration}, mixture ${a.mixture.components.map((c) => `${round(c.weight * 100, 1)} % ${c.ms} ms`).join(', ')} (x U[1, ${1 + a.mixture.spread}))`,
    );
    lines.push(
      `  one direct k6 run, n = ${fmtInt(a.n)} requests (k6 counted ${fmtInt(a.k6Count)}${a.countsAgree ? ', same' : ', DIFFERENT'}), ${a.seconds} seconds of histograms`,
    );
    lines.push('  stat   k6 exact (ms)  merged histograms (ms)  rel. error   | Loadline run (ms)  mixture theory (ms)');
    for (const row of a.rows) {
      const key = `p${row.quantile * 100}`;
      lines.push(
        `  ${key.padEnd(5)}  ${row.exactMs.toFixed(3).padStart(13)}  ${row.sketchMs.toFixed(3).padStart(22)}  ${fmtPct(row.relativeError, 3).padStart(10)}   | ` +
          `${(a.loadline[key] ?? NaN).toFixed(3).padStart(17)}  ${a.loadline.theory[key].toFixed(3).padStart(19)}`,
      );
    }
    lines.push('  k6 interpolates between the samples of rank floor(q(n-1)) and ceil(q(n-1)); the histogram returns rank floor(q(n-1)).');
  }
  if (m) {
    lines.push('');
    lines.push(
      `memory: ${m.plan.vus} VUs, ${m.plan.duration}; runner RSS at +${m.startAtSeconds} s ${fmtBytes(m.startRss)}, at +${m.midAtSeconds} s ${fmtBytes(m.midRss)}, at +${m.endAtSeconds} s ${fmtBytes(m.endRss)}, max ${fmtBytes(m.maxRss)}; ` +
        `idle before ${fmtBytes(m.idleRssBefore)}, after ${fmtBytes(m.idleRssAfter)}`,
    );
    if (m.k6) {
      lines.push(
        `  k6 (child of the runner) RSS start ${fmtBytes(m.k6.startRss)}, end ${fmtBytes(m.k6.endRss)}, max ${fmtBytes(m.k6.maxRss)} (${Math.round(m.k6.bytesPerRequest)} bytes per request); ` +
          `api RSS start ${fmtBytes(m.api.startRss)}, end ${fmtBytes(m.api.endRss)}`,
      );
    }
    lines.push(
      `  ${fmtInt(m.requests)} requests (${fmtInt(m.rps)} req/s); CPU s: k6 ${m.cpu.k6}, runner ${m.cpu.runner}, api ${m.cpu.api}, postgres ${m.cpu.postgres}, server ${m.cpu.server}, other ${m.cpu.other} over ${m.cpu.wallSeconds} s`,
    );
  }
  if (sc) lines.push(...formatScale(sc));
  if (s?.perRun.length) {
    lines.push('');
    lines.push('storage ("RunSecond" rows: tuple + line pointer + primary-key entry):');
    lines.push('  run            seconds    requests   bytes/row  bytes/run-minute  bytes/request');
    for (const run of s.perRun) {
      lines.push(
        `  ${run.label.padEnd(13)} ${String(run.secondsSpan).padStart(8)}  ${fmtInt(run.requests).padStart(10)}  ${fmtInt(run.bytesPerRow).padStart(10)}  ` +
          `${fmtBytes(run.bytesPerMinute).padStart(16)}  ${(run.bytesPerRequest ?? NaN).toFixed(4).padStart(13)}`,
      );
    }
  }
  if (sbn) lines.push('', ...formatStorageByNames(sbn));
  if (c) lines.push(...formatCharts(c));
  if (api) lines.push('', ...formatApiReads(api));
  if (reads) lines.push('', ...formatFirstReads(reads));
  if (lv) lines.push('', ...formatLive(lv));
  if (tm) lines.push('', ...formatTelemetry(tm));
  if (ds) lines.push('', ...formatDataSets(ds));
  if (rs) lines.push('', ...formatResponsiveness(rs));
  if (sch) lines.push('', ...formatSchedules(sch));
  if (reg) lines.push('', ...formatRegressions(reg));
  if (cmp) lines.push('', ...formatCompare(cmp));
  if (l?.perRun.length) {
    lines.push('');
    lines.push(`run end -> report (RunSegment.finishedAt -> Run.finishedAt), ms: ${l.perRun.map((run) => `${run.label} ${run.ms}`).join(', ')}`);
  }

  lines.push('');
  lines.push('summary');
  if (o) {
    const pairs = (pick) => o.pairs.map((p) => fmtRatio(pick(p))).join(' ');
    lines.push(
      `  overhead   Loadline / bare k6 RPS       ${fmtRatio(o.medianRatio)} (pairs: ${pairs((p) => p.loadline.ratio)})   bare ${fmtInt(o.medianBareRps)} req/s beside it`,
    );
    lines.push(`             per k6 CPU-second            ${fmtRatio(o.medianEfficiencyRatio)} (pairs: ${pairs((p) => p.loadline.efficiencyRatio)})`);
    lines.push(
      `             like for like (same GOGC)    ${fmtRatio(o.medianLikeForLikeRatio)} (pairs: ${pairs((p) => p.likeForLike.ratio)}; per k6 CPU-second ${fmtRatio(o.medianLikeForLikeEfficiencyRatio)})`,
    );
    lines.push(`             report count = server count  ${o.countsMatch ? 'yes, every pair' : 'NO (see the pairs above)'}`);
    lines.push(`  extension  k6 --out loadline / bare     ${fmtRatio(o.medianExtensionRatio)} (pairs: ${pairs((p) => p.extension.ratio)})`);
    lines.push(`             per k6 CPU-second            ${fmtRatio(o.medianExtensionEfficiencyRatio)} (pairs: ${pairs((p) => p.extension.efficiencyRatio)})`);
  }
  if (a) {
    lines.push(`  accuracy   p50 / p90 / p99 rel. error   ${a.rows.map((row) => fmtPct(row.relativeError, 2)).join(' / ')}  (n = ${fmtInt(a.n)})`);
  }
  if (m) {
    lines.push(
      `  memory     runner RSS end / start       ${m.growth.toFixed(3)}  (start ${fmtBytes(m.startRss)}, max ${fmtBytes(m.maxRss)}, end / mid ${m.growthSecondHalf.toFixed(3)}, ${fmtInt(m.requests, { compact: true })} requests in ${m.plan.duration})`,
    );
    if (m.k6)
      lines.push(
        `             k6 RSS end / start           ${m.k6.growth.toFixed(3)}  (start ${fmtBytes(m.k6.startRss)}, end ${fmtBytes(m.k6.endRss)}, ${Math.round(m.k6.bytesPerRequest)} bytes kept per request)`,
      );
  }
  if (sc) lines.push(...summarizeScale(sc));
  if (s?.perRun.length) {
    const long = s.longest;
    const short =
      s.medianShortBytesPerMinute !== null
        ? `; overhead runs: ${fmtBytes(s.medianShortBytesPerMinute)}/min, ${s.medianShortBytesPerRequest.toFixed(3)} bytes/request`
        : '';
    lines.push(
      `  storage    bytes per run-minute         ${fmtBytes(long.bytesPerMinute)} (${long.label}, ${long.bytesPerRequest.toFixed(4)} bytes/request${short})`,
    );
  }
  if (sbn) lines.push(...summarizeStorageByNames(sbn));
  if (c) lines.push(...summarizeCharts(c));
  if (api) {
    const worst = api.routes.slice(1).reduce((a, b) => (b.p95 > a.p95 ? b : a));
    lines.push(`  api        worst p95 at ${api.vus} clients     ${worst.p95.toFixed(1)} ms (${worst.name}; health ${api.routes[0].p95.toFixed(1)} ms)`);
  }
  if (lv) {
    lines.push(
      `  live       per viewer, queries/s        ${lv.running.queriesPerSecondPerViewer} (running run), ${lv.waiting.queriesPerSecondPerViewer} (waiting run); API CPU with ${lv.viewers} viewers ${lv.windows[1].apiCpu} cores`,
    );
  }
  if (tm) lines.push(...summarizeTelemetry(tm));
  if (ds) lines.push(...summarizeDataSets(ds));
  if (cmp) lines.push(...summarizeCompare(cmp));
  if (l?.perRun.length)
    lines.push(`  latency    run end -> report            ${fmtInt(l.medianMs)} ms median, ${fmtInt(l.maxMs)} ms max (${l.perRun.length} runs)`);
  if (rs) lines.push(...summarizeResponsiveness(rs));
  lines.push('');
  return `${lines.join('\n')}\n`;
}

main().catch((error) => {
  if (error instanceof BenchError) log(`error: ${error.message}`);
  else log(`error: ${error.stack ?? error}`);
  process.exitCode = 1;
});
