import { isSecondFigure, TELEMETRY_ACROSS_SOURCES, type TelemetryFigure } from '@loadline/shared';

/**
 * How the plan editor shows a telemetry threshold's figure: its label, the unit its value is
 * typed in, and the factor from that to the figure's own unit (a share typed as a percentage,
 * memory in MiB, an HTTP p95 in ms).
 */
export const TELEMETRY_FIGURE_FORM: Record<TelemetryFigure, { label: string; unit: string; scale: number; hint: string }> = {
  cpu: { label: 'CPU (share of its cores or limit)', unit: '%', scale: 0.01, hint: 'percent of the cores the source may use, e.g. 80' },
  cpu_cores: { label: 'CPU cores busy', unit: 'cores', scale: 1, hint: 'cores, e.g. 1.5' },
  memory_bytes: { label: 'Memory', unit: 'MiB', scale: 1024 * 1024, hint: 'resident or working-set memory, MiB' },
  memory_share: { label: 'Memory (share of its limit)', unit: '%', scale: 0.01, hint: 'percent of its memory limit, e.g. 90' },
  pool_share: { label: 'Pool in use (share of its max)', unit: '%', scale: 0.01, hint: 'percent of its max connections or workers' },
  queue_depth: { label: 'Queue depth', unit: 'jobs', scale: 1, hint: 'jobs waiting' },
  open_fds: { label: 'Open file descriptors', unit: 'fds', scale: 1, hint: 'open fds' },
  load1: { label: 'Load average (1 min)', unit: 'load', scale: 1, hint: 'load average' },
  http_p95_seconds: { label: 'Its own HTTP p95', unit: 'ms', scale: 0.001, hint: 'milliseconds, as the component measures itself' },
  backlog_growth: { label: 'Backlog growth (steady load)', unit: 'jobs/s', scale: 1, hint: 'jobs/s its queues grew while the load was steady; e.g. below 1' },
  restarts: { label: 'Restarts', unit: 'restarts', scale: 1, hint: 'restarts from the start of the load, e.g. below 1' },
  cpu_per_1k_requests: { label: 'CPU-seconds per 1,000 requests', unit: 'CPU-s', scale: 1, hint: 'CPU-seconds it spent per 1,000 requests' },
};

export const TELEMETRY_FIGURE_OPTIONS = (Object.keys(TELEMETRY_FIGURE_FORM) as TelemetryFigure[]).map((figure) => ({
  value: figure,
  label: TELEMETRY_FIGURE_FORM[figure].label,
}));

/** A figure's value as typed (percent, MiB, ms) from its own unit, without float noise. */
export const telemetryFormValue = (figure: TelemetryFigure, value: number): string =>
  String(Math.round((value / TELEMETRY_FIGURE_FORM[figure].scale) * 1e6) / 1e6);

/** A typed value in the figure's own unit. */
export const telemetrySpecValue = (figure: TelemetryFigure, typed: number): number => Math.round(typed * TELEMETRY_FIGURE_FORM[figure].scale * 1e9) / 1e9;

export { isSecondFigure };
/** Whether the figure may be read over every source (no source named). */
export const addsUpOverSources = (figure: TelemetryFigure) => TELEMETRY_ACROSS_SOURCES.includes(figure);
