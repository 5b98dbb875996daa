// The "charts" benchmark: does the web app's one chart component (apps/web TimeSeriesChart,
// uPlot) stay smooth with thousands of points? Builds apps/web/bench/charts.html (a harness
// that imports the real component; never part of the app's bundle) with Vite's JS API into a
// temporary directory, serves it from 127.0.0.1 and drives headless Chromium through
// playwright-core. Every figure is also given as a ratio against a 60-point chart measured
// in the same run. Needs no PostgreSQL, Redis, k6 or Go. See docs/benchmarks.md.
/* global window -- the functions passed to page.evaluate run in the harness page */
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_DIR, BenchError, REPO_ROOT, log, round } from './util.mjs';

const WEB_ROOT = path.join(REPO_ROOT, 'apps', 'web');
const HARNESS_HTML = path.join(WEB_ROOT, 'bench', 'charts.html');
export const CHROMIUM_PATH = process.env.LOADLINE_BENCH_CHROMIUM ?? process.env.LOADLINE_E2E_CHROMIUM ?? '/usr/bin/chromium';
// The e2e package's arguments (e2e/support/browser.ts): software rendering, no traffic of its own.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** One frame at 60 Hz: the budget an update or a cursor move has before the chart stutters. */
export const FRAME_MS = 1000 / 60;
export const BASELINE_POINTS = 60;
export const CHARTS = {
  latency: 'latency, 3 lines',
  requests: 'latency, 10 lines',
  page: 'live view, 3 charts',
};

/** Vite and playwright-core are dependencies of apps/web and e2e, not of the root. */
async function importFrom(packageDir, name) {
  const resolved = createRequire(path.join(packageDir, 'package.json')).resolve(name);
  return import(pathToFileURL(resolved).href);
}

/** Production build of bench/charts.html alone (apps/web's vite.config.ts applies). */
async function buildHarness(outDir) {
  const vite = await importFrom(WEB_ROOT, 'vite');
  await vite.build({
    root: WEB_ROOT,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    build: { outDir, emptyOutDir: true, sourcemap: false, rolldownOptions: { input: HARNESS_HTML } },
  });
  const page = path.join(outDir, 'bench', 'charts.html');
  if (!existsSync(page)) throw new BenchError(`the harness build did not produce ${page}`);
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.map': 'application/json' };

/** Serves `dir` read-only on 127.0.0.1 (a free port). */
async function serveStatic(dir) {
  const server = http.createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    const file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir + path.sep) || request.method !== 'GET') {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

// ---- statistics -------------------------------------------------------------------------

function quantile(values, q) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** p50/p95/max of durations, and the share over one 60 Hz frame. */
function stats(values) {
  if (!values?.length) return null;
  return {
    n: values.length,
    p50: round(quantile(values, 0.5), 2),
    p95: round(quantile(values, 0.95), 2),
    max: round(Math.max(...values), 2),
    overFrame: round(values.filter((value) => value > FRAME_MS).length / values.length, 4),
  };
}

/**
 * Frame intervals (rAF deltas). Headless Chromium's frame clock jitters around 16.7 ms, so a
 * frame counts as late (it missed a 60 Hz vsync) only past 1.5 frames (25 ms).
 */
function frameStats(values) {
  const base = stats(values);
  if (!base) return null;
  const { overFrame: _jitter, ...rest } = base;
  return { ...rest, late: round(values.filter((value) => value > FRAME_MS * 1.5).length / values.length, 4) };
}

// ---- the measurements ---------------------------------------------------------------------

/**
 * Mounts every size of `kind` in turn, `reps` rounds (interleaved, so that a busy moment of the
 * machine does not land on one size only); the median of each figure per size.
 */
async function measureRenders(page, kind, sizes, reps) {
  const runs = new Map(sizes.map((points) => [points, []]));
  for (let i = 0; i < reps; i++) {
    for (const points of sizes) runs.get(points).push(await page.evaluate((spec) => window.chartBench.mount(spec), { kind, points }));
  }
  const out = new Map();
  for (const [points, list] of runs) {
    if (list.some((run) => !run.drew)) throw new BenchError(`render ${kind} ${points}: uPlot drew nothing in the measured window`);
    const med = (key) =>
      round(
        quantile(
          list.map((run) => run[key]),
          0.5,
        ),
        2,
      );
    out.set(points, {
      reps,
      modelMs: med('modelMs'),
      reactMs: med('reactMs'),
      drawMs: med('drawMs'),
      rasterMs: med('rasterMs'),
      workMs: med('workMs'),
      paintedMs: med('paintedMs'),
    });
  }
  return out;
}

async function measureLive(page, kind, points, updates) {
  const result = await page.evaluate((spec) => window.chartBench.live(spec), { kind, points, updates });
  const pick = (key) => stats(result.updates.map((update) => update[key]));
  return {
    updates,
    held: result.held,
    recreated: result.recreated,
    undrawn: result.undrawn,
    totalMs: pick('totalMs'),
    modelMs: pick('modelMs'),
    chartMs: pick('chartMs'),
    rasterMs: pick('rasterMs'),
    frames: frameStats(result.frameMs),
    longAnimationFrames: result.longAnimationFramesMs?.length ?? null,
  };
}

/** Sweeps the cursor across the plot (tooltip, hover points, focus) one step per move. */
async function measureSweep(page, kind, points, steps) {
  await page.evaluate((spec) => window.chartBench.mount(spec), { kind, points });
  const box = await page.evaluate(() => window.chartBench.plotRect());
  const at = (i) => [box.x + 2 + ((box.width - 4) * i) / steps, box.y + box.height * (0.5 + 0.35 * Math.sin(i / 12))];
  await page.mouse.move(...at(0));
  await page.evaluate(() => window.chartBench.startFrames());
  for (let i = 1; i <= steps; i++) await page.mouse.move(...at(i));
  const result = await page.evaluate(() => window.chartBench.stopFrames());
  await page.mouse.move(0, 0);
  return {
    steps,
    moveMs: stats(result.handlerMs.mousemove ?? []),
    frames: frameStats(result.frameMs),
    longAnimationFrames: result.longAnimationFramesMs?.length ?? null,
  };
}

/** Drag-zooms into a third of the plot, then double-clicks back out (uPlot redraws on both), `times` times. */
async function measureZoom(page, kind, points, times) {
  await page.evaluate((spec) => window.chartBench.mount(spec), { kind, points });
  const box = await page.evaluate(() => window.chartBench.plotRect());
  const y = box.y + box.height / 2;
  const zoomMs = [];
  const resetMs = [];
  const frameMs = [];
  const record = async (action) => {
    await page.evaluate(() => window.chartBench.startFrames());
    await action();
    const result = await page.evaluate(() => window.chartBench.stopFrames());
    frameMs.push(...result.frameMs);
    return result.handlerMs;
  };
  for (let i = 0; i < times; i++) {
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.63, y, { steps: 8 });
    const zoom = await record(() => page.mouse.up());
    zoomMs.push(...(zoom.mouseup ?? []));
    const reset = await record(() => page.mouse.dblclick(box.x + box.width * 0.5, y));
    resetMs.push(...(reset.dblclick ?? []));
  }
  await page.mouse.move(0, 0);
  return { times, zoomMs: stats(zoomMs), resetMs: stats(resetMs), frames: frameStats(frameMs) };
}

async function measureResize(page, kind, points, times) {
  await page.evaluate((spec) => window.chartBench.mount(spec), { kind, points });
  const result = await page.evaluate((n) => window.chartBench.resize(n), times);
  return { times, frames: frameStats(result.frameMs), longAnimationFrames: result.longAnimationFramesMs?.length ?? null };
}

/** value / base (null when either is missing): a figure against the 60-point baseline's. */
const ratio = (value, base) => (value === null || value === undefined || !base ? null : round(value / base, 2));

export async function charts({ options }) {
  if (!existsSync(CHROMIUM_PATH))
    throw new BenchError(`no Chromium at ${CHROMIUM_PATH}: run "bash scripts/setup.sh --suites e2e" (or set LOADLINE_BENCH_CHROMIUM)`);
  const quick = options.quick;
  const sizes = quick ? [BASELINE_POINTS, 3_600] : [BASELINE_POINTS, 3_600, 20_000];
  const plan = {
    sizes,
    renderReps: quick ? 5 : 9,
    liveUpdates: quick ? 30 : 120,
    sweepSteps: quick ? 60 : 240,
    zoomTimes: quick ? 1 : 3,
    resizeTimes: quick ? 4 : 10,
  };
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'loadline-bench-charts-'));
  // Ctrl-C ends the process without running the finally below.
  const removeOutDir = () => rmSync(outDir, { recursive: true, force: true });
  process.once('exit', removeOutDir);
  let server = null;
  let browser = null;
  try {
    log('charts: building apps/web/bench/charts.html with Vite (production)');
    await buildHarness(outDir);
    server = await serveStatic(outDir);
    const playwright = await importFrom(path.join(REPO_ROOT, 'e2e'), 'playwright-core');
    const { chromium } = playwright.chromium ? playwright : playwright.default;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, locale: 'en-US', timezoneId: 'UTC' });
    // Loopback only: anything but the harness's own origin is refused.
    const origin = new URL(server.url).origin;
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/bench/charts.html`);
    await page.waitForFunction(() => window.chartBench?.ready === true, null, { timeout: 15_000 });
    const info = await page.evaluate(() => window.chartBench.info());

    // Warm-up, not measured: the first mounts pay for compiling the code and loading fonts.
    for (const kind of ['latency', 'requests', 'page'])
      for (const points of sizes) await page.evaluate((spec) => window.chartBench.mount(spec), { kind, points });
    await page.evaluate(() => window.chartBench.live({ kind: 'page', points: 600, updates: 20 }));

    const renders = {};
    for (const kind of ['latency', 'requests']) {
      log(`charts: render ${CHARTS[kind]}, ${sizes.join(' / ')} points, ${plan.renderReps} rounds`);
      renders[kind] = await measureRenders(page, kind, sizes, plan.renderReps);
    }
    const rows = [];
    for (const points of sizes) {
      for (const kind of ['latency', 'requests', 'page']) {
        log(`charts: ${CHARTS[kind]}, ${points} points`);
        const row = { kind, points };
        if (kind !== 'page') {
          row.render = renders[kind].get(points);
          row.sweep = await measureSweep(page, kind, points, plan.sweepSteps);
          row.zoom = await measureZoom(page, kind, points, plan.zoomTimes);
          row.resize = await measureResize(page, kind, points, plan.resizeTimes);
        }
        row.live = await measureLive(page, kind, points, plan.liveUpdates);
        // What the measured chart looked like, to check that a faster chart still reads well.
        if (points !== BASELINE_POINTS) await page.screenshot({ path: path.join(BENCH_DIR, `charts-${kind}-${points}.png`) });
        rows.push(row);
      }
    }
    await page.evaluate(() => window.chartBench.unmount());
    if (errors.length) throw new BenchError(`the harness page threw: ${errors.join('; ')}`);

    // Ratios against the 60-point chart of the same kind, measured in this run.
    for (const row of rows) {
      const base = rows.find((other) => other.kind === row.kind && other.points === BASELINE_POINTS);
      row.ratios = {
        renderWork: ratio(row.render?.workMs, base.render?.workMs),
        renderPainted: ratio(row.render?.paintedMs, base.render?.paintedMs),
        liveUpdateP50: ratio(row.live.totalMs.p50, base.live.totalMs.p50),
        liveUpdateP95: ratio(row.live.totalMs.p95, base.live.totalMs.p95),
        liveFrameP95: ratio(row.live.frames?.p95, base.live.frames?.p95),
        sweepMoveP50: ratio(row.sweep?.moveMs?.p50, base.sweep?.moveMs?.p50),
        sweepMoveP95: ratio(row.sweep?.moveMs?.p95, base.sweep?.moveMs?.p95),
        sweepFrameP95: ratio(row.sweep?.frames?.p95, base.sweep?.frames?.p95),
        zoom: ratio(row.zoom?.zoomMs?.p50, base.zoom?.zoomMs?.p50),
      };
    }
    return {
      browser: browser.version(),
      userAgent: info.userAgent,
      loafSupported: info.loafSupported,
      viewport: '1280x900 @1x, chart 1200 px wide',
      frameMs: round(FRAME_MS, 2),
      plan,
      rows,
    };
  } finally {
    await browser?.close().catch(() => {});
    await server?.close();
    await rm(outDir, { recursive: true, force: true });
    process.off('exit', removeOutDir);
  }
}
