// Text report of the "charts" benchmark (scripts/bench/lib/charts.mjs): one block per
// measurement, every figure next to its ratio against the 60-point chart of the same run.
import { BASELINE_POINTS, CHARTS } from './charts.mjs';
import { fmtInt } from './util.mjs';

const ms = (value) => (value === null || value === undefined ? 'n/a' : value < 10 ? value.toFixed(1) : value.toFixed(0));
const x = (value) => (value === null || value === undefined ? 'n/a' : `${value < 10 ? value.toFixed(1) : value.toFixed(0)}x`);
const pct = (value) => (value === null || value === undefined ? 'n/a' : `${(value * 100).toFixed(value > 0 && value < 0.1 ? 1 : 0)} %`);
const name = (row) => `${CHARTS[row.kind].padEnd(20)} ${fmtInt(row.points).padStart(6)}`;

export function formatCharts(c) {
  const lines = [];
  const budget = c.frameMs.toFixed(1);
  const drawn = c.rows.filter((row) => row.render);
  lines.push('');
  lines.push(`charts: TimeSeriesChart (uPlot) in headless Chromium ${c.browser}, ${c.viewport}; canvas rasterized on the CPU (no GPU here)`);
  lines.push(`  every "x" is the ratio to the 60-point chart of the same kind in this run; budget: one 60 Hz frame = ${budget} ms`);
  lines.push(`  render (mount -> drawn and rasterized; median of ${c.plan.renderReps}; painted = when the next frame was out)`);
  lines.push('    chart                points    work ms   x base  painted ms | model  React+uPlot  draw  raster (ms)');
  for (const row of drawn) {
    const r = row.render;
    lines.push(
      `    ${name(row)}  ${ms(r.workMs).padStart(9)}  ${x(row.ratios.renderWork).padStart(7)}  ${ms(r.paintedMs).padStart(10)} |` +
        ` ${ms(r.modelMs).padStart(5)}  ${ms(r.reactMs).padStart(11)}  ${ms(r.drawMs).padStart(4)}  ${ms(r.rasterMs).padStart(6)}`,
    );
  }
  lines.push(
    `  live (one second appended per frame to a chart holding N points, ${c.plan.liveUpdates} updates: withLivePoints, model rebuilt, setData, raster)`,
  );
  lines.push(
    `    chart                points  update p50 / p95 ms  x base  > ${budget} ms | model  chart  raster (p50 ms) | frames p50 / p95 ms  late  re-created`,
  );
  for (const row of c.rows) {
    const l = row.live;
    const model = row.kind === 'page' ? '  (in)' : ms(l.modelMs.p50).padStart(6);
    lines.push(
      `    ${name(row)}  ${`${ms(l.totalMs.p50)} / ${ms(l.totalMs.p95)}`.padStart(19)}  ${x(row.ratios.liveUpdateP50).padStart(6)}  ${pct(l.totalMs.overFrame).padStart(9)} |` +
        `${model}  ${ms(l.chartMs.p50).padStart(5)}  ${ms(l.rasterMs.p50).padStart(6)}          | ${`${ms(l.frames?.p50)} / ${ms(l.frames?.p95)}`.padStart(19)}  ${pct(l.frames?.late).padStart(4)}  ${String(l.recreated).padStart(10)}` +
        (l.undrawn ? `  (${l.undrawn} updates not drawn in the window)` : ''),
    );
  }
  lines.push('    live view = RunCharts as LiveRunPanel renders it (latency, throughput and errors, VUs): its models are built inside its render.');
  lines.push(`  cursor sweep (${c.plan.sweepSteps} mouse moves across the plot: tooltip, hover points, focus; handling + raster per move)`);
  lines.push(`    chart                points  move p50 / p95 ms  x base  > ${budget} ms | frames p50 / p95 ms  late`);
  for (const row of drawn) {
    const s = row.sweep;
    lines.push(
      `    ${name(row)}  ${`${ms(s.moveMs?.p50)} / ${ms(s.moveMs?.p95)}`.padStart(17)}  ${x(row.ratios.sweepMoveP50).padStart(6)}  ${pct(s.moveMs?.overFrame).padStart(9)} |` +
        ` ${`${ms(s.frames?.p50)} / ${ms(s.frames?.p95)}`.padStart(19)}  ${pct(s.frames?.late).padStart(4)}`,
    );
  }
  lines.push(`  drag-zoom to a third and double-click back (x${c.plan.zoomTimes}); resize 1200 <-> 900 px (x${c.plan.resizeTimes})`);
  lines.push('    chart                points  zoom ms  x base  reset ms | frames p95 ms  late | resize frames p95 ms  late');
  for (const row of drawn) {
    const z = row.zoom;
    const r = row.resize;
    lines.push(
      `    ${name(row)}  ${ms(z.zoomMs?.p50).padStart(7)}  ${x(row.ratios.zoom).padStart(6)}  ${ms(z.resetMs?.p50).padStart(8)} |` +
        ` ${ms(z.frames?.p95).padStart(13)}  ${pct(z.frames?.late).padStart(4)} | ${ms(r.frames?.p95).padStart(20)}  ${pct(r.frames?.late).padStart(4)}`,
    );
  }
  lines.push(
    `  late: frame intervals over 1.5 frames (${(c.frameMs * 1.5).toFixed(0)} ms), i.e. a 60 Hz frame was dropped; "> ${budget} ms": share of updates / moves whose work alone overran a frame.`,
  );
  return lines;
}

/** The summary lines: the 1-hour run (3,600 points) and the largest size, against the baseline. */
export function summarizeCharts(c) {
  const lines = [];
  const sizes = c.plan.sizes.filter((points) => points !== BASELINE_POINTS);
  const find = (kind, points) => c.rows.find((row) => row.kind === kind && row.points === points);
  const base = (kind) => find(kind, BASELINE_POINTS);
  let first = true;
  const push = (text) => {
    lines.push(`  ${first ? 'charts    ' : '          '} ${text}`);
    first = false;
  };
  for (const points of sizes) {
    const latency = find('latency', points);
    const requests = find('requests', points);
    const page = find('page', points);
    push(
      `render ${fmtInt(points)} pts: 3 lines ${ms(latency.render.workMs)} ms (${x(latency.ratios.renderWork)} the ${BASELINE_POINTS}-point ${ms(base('latency').render.workMs)} ms), ` +
        `10 lines ${ms(requests.render.workMs)} ms (${x(requests.ratios.renderWork)})`,
    );
    push(
      `  live update p95: 3 lines ${ms(latency.live.totalMs.p95)} ms (${x(latency.ratios.liveUpdateP95)}), 10 lines ${ms(requests.live.totalMs.p95)} ms (${x(requests.ratios.liveUpdateP95)}), ` +
        `live view ${ms(page.live.totalMs.p95)} ms (${x(page.ratios.liveUpdateP95)}); budget ${c.frameMs.toFixed(1)} ms; uPlot re-created ${latency.live.recreated + requests.live.recreated + page.live.recreated} times`,
    );
    push(
      `  cursor sweep, 10 lines: move p95 ${ms(requests.sweep.moveMs?.p95)} ms (${x(requests.ratios.sweepMoveP95)}), frames p50/p95 ${ms(requests.sweep.frames?.p50)}/${ms(requests.sweep.frames?.p95)} ms, ` +
        `${pct(requests.sweep.frames?.late)} late (3 lines: ${pct(latency.sweep.frames?.late)})`,
    );
  }
  return lines;
}
