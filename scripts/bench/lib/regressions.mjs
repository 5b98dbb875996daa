// `--only regressions`: how well change-point detection (packages/shared change-points.ts,
// E-divisive means with Welch's t-test) finds steps in a plan's history, run by run as a
// plan checked after every run sees it. Synthetic histories, seeded: 30 runs at one level,
// then a step of 5, 10 or 20 %, with run-to-run spread of 5 % and 10 % (normal, relative sd);
// after each new run the whole history so far is searched. A step counts as found when a
// change point within 2 runs of it, in its direction, is reported. False alarms: flat
// histories of 100 runs, searched after each run from the 10th; each distinct change point
// ever reported (more than 2 runs from one reported before) is one. Needs no stack.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, log } from './util.mjs';

const BEFORE = 30;
const AFTER = 10;
const FLAT_RUNS = 100;

function normals(seed) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

export async function regressions({ options }) {
  const { changePoints } = await import(pathToFileURL(path.join(REPO_ROOT, 'packages', 'shared', 'dist', 'index.js')).href);
  const histories = options.quick ? 50 : 300;
  const started = Date.now();
  const cases = [];
  for (const spread of [0.05, 0.1]) {
    for (const step of [0.05, 0.1, 0.2]) {
      const delays = [];
      for (let h = 0; h < histories; h++) {
        const normal = normals(1_000_000 * spread + 10_000 * step + h + 1);
        const series = Array.from({ length: BEFORE + AFTER }, (_, i) => 100 * (i < BEFORE ? 1 : 1 + step) * (1 + spread * normal()));
        let delay = null;
        for (let k = 1; k <= AFTER && delay === null; k++) {
          const found = changePoints(series.slice(0, BEFORE + k));
          if (found.some((point) => Math.abs(point.index - BEFORE) <= 2 && point.after > point.before)) delay = k;
        }
        delays.push(delay);
      }
      const within3 = delays.filter((delay) => delay !== null && delay <= 3).length / histories;
      const found = delays.filter((delay) => delay !== null).sort((a, b) => a - b);
      cases.push({
        spread,
        step,
        histories,
        foundWithin3: within3,
        foundWithin10: found.length / histories,
        medianRunsToFind: found.length ? found[Math.floor(found.length / 2)] : null,
      });
      log(`regressions: spread ${spread * 100} %, step ${step * 100} %: ${(within3 * 100).toFixed(1)} % found within 3 runs`);
    }
  }
  const falseAlarms = [];
  for (const spread of [0.05, 0.1]) {
    let alarms = 0;
    for (let h = 0; h < histories; h++) {
      const normal = normals(7_000_000 + 1_000_000 * spread + h);
      const series = Array.from({ length: FLAT_RUNS }, () => 100 * (1 + spread * normal()));
      const reported = [];
      for (let n = 10; n <= FLAT_RUNS; n++) {
        for (const point of changePoints(series.slice(0, n))) {
          if (reported.every((index) => Math.abs(index - point.index) > 2)) reported.push(point.index);
        }
      }
      alarms += reported.length;
    }
    falseAlarms.push({ spread, histories, runs: FLAT_RUNS, perHundredRuns: (alarms / (histories * FLAT_RUNS)) * 100 });
  }
  return { before: BEFORE, cases, falseAlarms, seconds: (Date.now() - started) / 1000 };
}

export function formatRegressions(result) {
  const lines = [
    `regressions: change points found run by run (${result.cases[0].histories} synthetic histories per case, ${result.before} runs before the step; ${result.seconds.toFixed(1)} s)`,
  ];
  lines.push('  spread   step   found within 3 runs   within 10 runs   median runs to find');
  for (const c of result.cases) {
    lines.push(
      `  ${`${c.spread * 100} %`.padStart(6)} ${`${c.step * 100} %`.padStart(6)} ${`${(c.foundWithin3 * 100).toFixed(1)} %`.padStart(21)} ${`${(c.foundWithin10 * 100).toFixed(1)} %`.padStart(16)} ${String(c.medianRunsToFind ?? '-').padStart(21)}`,
    );
  }
  for (const f of result.falseAlarms)
    lines.push(`  false alarms, spread ${f.spread * 100} %, no step: ${f.perHundredRuns.toFixed(2)} per 100 runs (${f.histories} histories of ${f.runs} runs)`);
  return lines;
}
