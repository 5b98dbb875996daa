import type { RunPage } from '../pages/RunPage.js';
import { TERMINAL_STATUSES } from '../pages/RunPage.js';

/** What the live view showed while a test watched it. */
export interface LiveObservation {
  /** Distinct elapsed values of the progress bar while the run was RUNNING, in order. */
  elapsed: number[];
  modes: string[];
  /** Most uPlot canvases seen at once in the live charts. */
  canvases: number;
  /** Most seconds seen in the live latency chart. */
  chartPoints: number;
  /** Distinct texts of the Requests figure (the running total). */
  requestTotals: string[];
  lastStatus: string;
}

/**
 * Samples the live view every 200 ms until `enough` says so, the run ends, or the time is
 * up; never fails by itself, the test asserts on what was seen.
 */
export async function observeLive(run: RunPage, timeoutMs: number, enough: (seen: LiveObservation) => boolean = () => false): Promise<LiveObservation> {
  const seen: LiveObservation = { elapsed: [], modes: [], canvases: 0, chartPoints: 0, requestTotals: [], lastStatus: '' };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await run.status();
    seen.lastStatus = status;
    if ((TERMINAL_STATUSES as readonly string[]).includes(status)) break;
    const mode = await run.liveMode();
    if (mode && seen.modes.at(-1) !== mode) seen.modes.push(mode);
    if (status === 'RUNNING') {
      const elapsed = await run.liveElapsed();
      if (elapsed !== null && !seen.elapsed.includes(elapsed)) seen.elapsed.push(elapsed);
      seen.canvases = Math.max(seen.canvases, await run.chartCanvases());
      seen.chartPoints = Math.max(seen.chartPoints, await run.chartPoints('latency'));
      const total = await run.liveFigure('requests');
      if (total && total !== '—' && !seen.requestTotals.includes(total)) seen.requestTotals.push(total);
    }
    if (enough(seen)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return seen;
}
