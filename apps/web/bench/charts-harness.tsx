/**
 * Benchmark harness for the app's one chart component (never shipped: built only by
 * scripts/bench/lib/charts.mjs from bench/charts.html). It renders the REAL TimeSeriesChart
 * (and, for the live view, the real RunCharts) with synthetic per-second series shaped like a
 * run's, built by the same series-data functions the report uses, and exposes measurement
 * functions on `window.chartBench` for the benchmark to call through playwright-core.
 * Nothing here asserts anything: it measures and returns numbers.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { useState } from 'react';
import type { RunSeries, SeriesPoint } from '@loadline/shared';
import { TimeSeriesChart } from '../src/components/charts/TimeSeriesChart';
import type { ChartModel } from '../src/components/charts/chart-model';
import { RunCharts, ALL_REQUESTS, latencyChart, withLivePoints, type LatencySelection } from '../src/features/run-report';
import '../src/styles/base.css';
import '../src/styles/charts.css';

/** latency: the report's default latency chart (3 lines); requests: 5 requests x p50/p95 (10 lines); page: the live view's RunCharts (3 charts). */
type Kind = 'latency' | 'requests' | 'page';

const REQUESTS = ['GetListing', 'SearchListings', 'CreateOrder', 'GetCart', 'Login'];
const SELECTIONS: Record<Exclude<Kind, 'page'>, LatencySelection> = {
  latency: { requests: [ALL_REQUESTS], percentiles: ['p50', 'p95', 'p99'] },
  requests: { requests: REQUESTS, percentiles: ['p50', 'p95'] },
};
const T0 = 1_790_000_000;

/** Deterministic noise (mulberry32), so every run draws the same lines. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One second of a run with 5 requests: latency drifting slowly, noise every second. */
function makePoint(i: number, rand: () => number): SeriesPoint {
  const base = 14 + 5 * Math.sin(i / 240) + rand() * 4;
  const requests: SeriesPoint['requests'] = {};
  REQUESTS.forEach((name, r) => {
    const p50 = base * (0.5 + 0.3 * r) * (0.9 + rand() * 0.2);
    requests[name] = { count: 200 + r * 40, errors: rand() < 0.02 ? 1 : 0, p50, p90: p50 * 1.9, p95: p50 * 2.4, p99: p50 * (3.5 + rand()) };
  });
  const errors = rand() < 0.05 ? Math.round(rand() * 5) : 0;
  return {
    t: T0 + i,
    elapsed: i,
    vus: 50,
    rps: 1_000 + rand() * 60,
    errors,
    errorRate: errors / 1_000,
    p50: base,
    p90: base * 2,
    p95: base * 2.5,
    p99: base * (3.6 + rand()),
    requests,
    droppedIterations: 0,
    generatorCpu: 0.4 + rand() * 0.1,
  };
}

function makePoints(count: number, rand = random(count)): SeriesPoint[] {
  return Array.from({ length: count }, (_, i) => makePoint(i, rand));
}

interface View {
  kind: Kind;
  points: readonly SeriesPoint[];
  model: ChartModel | null;
  live: boolean;
  planned: number;
}

let setView: ((view: View) => void) | null = null;

function Bench({ initial }: { initial: View }) {
  const [view, set] = useState(initial);
  setView = set;
  if (view.kind === 'page') return <RunCharts points={view.points} live={view.live} plannedSeconds={view.planned} />;
  return (
    <section className="charts__panel charts__panel--wide">
      <TimeSeriesChart
        model={view.model!}
        label="Latency over time"
        height={240}
        minXMax={view.live ? view.planned : undefined}
        zoomable={!view.live}
        testId="bench-chart"
      />
    </section>
  );
}

// ---- instruments ------------------------------------------------------------------------

const now = () => performance.now();
const microtask = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const task = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** Resolves after the next frame has been produced (rAF, then the task after it). */
const afterPaint = async () => {
  await nextFrame();
  await task();
};

const container = document.getElementById('bench')!;

/** Canvas stroke() calls: tells that uPlot really drew inside a measured window. */
let strokes = 0;
const stroke = CanvasRenderingContext2D.prototype.stroke;
CanvasRenderingContext2D.prototype.stroke = function patchedStroke(this: CanvasRenderingContext2D, ...args: [Path2D?]) {
  strokes++;
  return (stroke as (...a: unknown[]) => void).apply(this, args);
} as typeof stroke;

/**
 * Chromium records canvas drawing and rasterizes it later, when the frame is committed (on
 * the main thread when the canvas is not GPU-accelerated, as here): a 1-pixel read forces that
 * raster now, so that it is counted in the measured window instead of hiding in the frame.
 */
function rasterize() {
  for (const canvas of container.querySelectorAll('canvas')) canvas.getContext('2d')?.getImageData(0, 0, 1, 1);
}

/** uPlot draws in a microtask after setData / construction; wait for it (a task at most). */
async function settle(before: number): Promise<boolean> {
  for (let i = 0; i < 3 && strokes === before; i++) await microtask();
  if (strokes === before) await task();
  return strokes !== before;
}

const frames = { recording: false, run: 0, last: -1, deltas: [] as number[], loaf: [] as number[], handlers: {} as Record<string, number[]> };
const startedAt: Record<string, number> = {};
const HANDLED = ['mousemove', 'mousedown', 'mouseup', 'dblclick'];
for (const type of HANDLED) {
  // Capture on window runs before uPlot's listeners, bubble on window after them (and after
  // the microtasks they queued, e.g. a redraw): the difference is the event's handling cost.
  window.addEventListener(type, () => void (startedAt[type] = now()), { capture: true });
  window.addEventListener(type, () => {
    if (!frames.recording) return;
    rasterize();
    (frames.handlers[type] ??= []).push(now() - startedAt[type]!);
  });
}
const loafSupported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame');
if (loafSupported) {
  new PerformanceObserver((list) => {
    if (frames.recording) for (const entry of list.getEntries()) frames.loaf.push(entry.duration);
  }).observe({ type: 'long-animation-frame' });
}

/** Records rAF intervals while its recording lasts (a loop left from the last one stops). */
function frameLoop(run: number) {
  const loop = (time: number) => {
    if (!frames.recording || frames.run !== run) return;
    if (frames.last >= 0) frames.deltas.push(time - frames.last);
    frames.last = time;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

function startFrames() {
  Object.assign(frames, { recording: true, run: frames.run + 1, last: -1, deltas: [], loaf: [], handlers: {} });
  frameLoop(frames.run);
}

async function stopFrames() {
  await afterPaint();
  frames.recording = false;
  return { frameMs: frames.deltas, longAnimationFramesMs: loafSupported ? frames.loaf : null, handlerMs: frames.handlers };
}

// ---- mounting ---------------------------------------------------------------------------

const root = createRoot(container);
let generation = 0;
/** The points of the mounted chart (the live case appends to them). */
let mountedPoints: SeriesPoint[] = [];

function modelOf(kind: Kind, points: readonly SeriesPoint[]): ChartModel | null {
  return kind === 'page' ? null : latencyChart(points, SELECTIONS[kind]);
}

function unmount() {
  flushSync(() => root.render(null));
  setView = null;
}

interface Spec {
  kind: Kind;
  points: number;
  live?: boolean;
  /** Live only: the planned duration the x axis spans. */
  planned?: number;
}

/** Mounts a chart and times it: model build, React render + uPlot construction, draw, painted. */
async function mount(spec: Spec) {
  unmount();
  await afterPaint();
  const points = makePoints(spec.points);
  mountedPoints = points;
  const live = spec.live ?? false;
  performance.mark('chart-mount');
  const t0 = now();
  const model = modelOf(spec.kind, points);
  const t1 = now();
  const before = strokes;
  const view: View = { kind: spec.kind, points, model, live, planned: spec.planned ?? spec.points };
  flushSync(() => root.render(<Bench key={++generation} initial={view} />));
  const t2 = now();
  const drew = await settle(before);
  const t3 = now();
  rasterize();
  const t4 = now();
  await afterPaint();
  const t5 = now();
  performance.measure('chart-painted', 'chart-mount');
  return {
    modelMs: t1 - t0,
    reactMs: t2 - t1,
    drawMs: t3 - t2,
    rasterMs: t4 - t3,
    workMs: t4 - t0,
    paintedMs: t5 - t0,
    drew,
    canvases: container.querySelectorAll('canvas').length,
  };
}

/** The plot area of the first chart, in page pixels (for mouse moves). */
function plotRect() {
  const over = container.querySelector('.u-over')!.getBoundingClientRect();
  return { x: over.left, y: over.top, width: over.width, height: over.height };
}

const plots = () => [...container.querySelectorAll('.uplot')];

/**
 * The live case: a chart (or the live view's three) holding `spec.points` seconds gets one
 * more second per frame, the way the live view appends the second an SSE event carries
 * (withLivePoints, models rebuilt from all points, then TimeSeriesChart's setData).
 */
async function live(spec: Spec & { updates: number }) {
  await mount({ ...spec, live: true, planned: spec.points + spec.updates });
  const rand = random(7);
  let series: RunSeries = { runId: 'bench', points: mountedPoints, percentileRelativeError: 0.005 };
  const initialPlots = plots();
  let recreated = 0;
  let undrawn = 0;
  const updates: { appendMs: number; modelMs: number; chartMs: number; rasterMs: number; totalMs: number }[] = [];
  startFrames();
  for (let i = 0; i < spec.updates; i++) {
    await nextFrame();
    const t0 = now();
    series = withLivePoints(series, 'bench', [makePoint(spec.points + i, rand)]);
    const t1 = now();
    const model = modelOf(spec.kind, series.points);
    const t2 = now();
    const before = strokes;
    flushSync(() => setView?.({ kind: spec.kind, points: series.points, model, live: true, planned: spec.points + spec.updates }));
    if (!(await settle(before))) undrawn++;
    const t3 = now();
    rasterize();
    const t4 = now();
    updates.push({ appendMs: t1 - t0, modelMs: t2 - t1, chartMs: t3 - t2, rasterMs: t4 - t3, totalMs: t4 - t0 });
    const current = plots();
    if (current.some((plot, index) => plot !== initialPlots[index])) {
      recreated++;
      initialPlots.splice(0, initialPlots.length, ...current);
    }
  }
  const recorded = await stopFrames();
  const held = Number(container.querySelector('[data-points]')?.getAttribute('data-points'));
  return { updates, recreated, undrawn, held, ...recorded };
}

/** Resizes the chart's container back and forth (ResizeObserver -> setSize) while recording frames. */
async function resize(times: number) {
  startFrames();
  for (let i = 0; i < times; i++) {
    container.style.width = i % 2 === 0 ? '900px' : '1200px';
    await nextFrame();
    await nextFrame();
  }
  container.style.width = '1200px';
  await nextFrame();
  return stopFrames();
}

declare global {
  interface Window {
    chartBench: {
      ready: boolean;
      mount: typeof mount;
      live: typeof live;
      resize: typeof resize;
      plotRect: typeof plotRect;
      startFrames: typeof startFrames;
      stopFrames: typeof stopFrames;
      unmount: typeof unmount;
      info: () => { loafSupported: boolean; userAgent: string; devicePixelRatio: number };
    };
  }
}

window.chartBench = {
  ready: true,
  mount,
  live,
  resize,
  plotRect,
  startFrames,
  stopFrames,
  unmount,
  info: () => ({ loafSupported, userAgent: navigator.userAgent, devicePixelRatio: window.devicePixelRatio }),
};
