import { z } from 'zod';
import type { Threshold } from '../threshold.js';
import { sourceNameSchema } from './source.js';
import { bytes, count, fmt, pct } from './findings/words.js';

/**
 * Thresholds on the target's telemetry ("p95 of api CPU < 80 %", "backlog growth < 1 job/s"):
 * the pieces of thresholdSchema's `metric: 'telemetry'` variant, its rules and its words.
 * Judged once, when the run ends, from the stored telemetry (threshold-judge.ts).
 */

/** Figures read every second: a statistic of their seconds over the load (or the threshold's window) is judged. */
export const TELEMETRY_SECOND_FIGURES = [
  /** Busy share of the cores the source may use (its cores, else its limit), 0..1+. */
  'cpu',
  'cpu_cores',
  'memory_bytes',
  /** Memory against its limit, 0..1. */
  'memory_share',
  /** A pool's connections or workers in use against its max, 0..1. */
  'pool_share',
  'queue_depth',
  'open_fds',
  'load1',
  /** The component's own HTTP p95 (its slowest series), seconds. */
  'http_p95_seconds',
] as const;

/** Figures that are one value of the run (the source's figures, sourceFiguresSchema): no statistic. */
export const TELEMETRY_RUN_FIGURES = [
  /** Jobs/s its queues grew by over the steady stretch. */
  'backlog_growth',
  /** Restarts from the start of the load to the end of the recovery. */
  'restarts',
  /** CPU-seconds spent during the load per 1,000 requests. */
  'cpu_per_1k_requests',
] as const;

export const TELEMETRY_FIGURES = [...TELEMETRY_SECOND_FIGURES, ...TELEMETRY_RUN_FIGURES] as const;
export type TelemetryFigure = (typeof TELEMETRY_FIGURES)[number];
export type TelemetrySecondFigure = (typeof TELEMETRY_SECOND_FIGURES)[number];

/** Figures that add up over the target's sources when the threshold names none. */
export const TELEMETRY_ACROSS_SOURCES: readonly TelemetryFigure[] = ['backlog_growth', 'restarts'];

export const isSecondFigure = (figure: TelemetryFigure): figure is TelemetrySecondFigure => (TELEMETRY_SECOND_FIGURES as readonly string[]).includes(figure);

/**
 * The variant's own fields; `common` brings what every threshold has (the statistic's enum,
 * op, value, scope), passed in because it is defined beside thresholdSchema, which imports this.
 */
export function telemetryThresholdShape<Common extends z.ZodRawShape>(common: Common) {
  return {
    metric: z.literal('telemetry'),
    /** The metric source ("api"); optional only for figures that add up over sources. */
    source: sourceNameSchema.optional(),
    figure: z.enum(TELEMETRY_FIGURES),
    ...common,
  };
}

export type TelemetryThreshold = Extract<Threshold, { metric: 'telemetry' }>;

const FIGURE_WORDS: Record<TelemetryFigure, string> = {
  cpu: 'CPU',
  cpu_cores: 'CPU cores',
  memory_bytes: 'memory',
  memory_share: 'memory against its limit',
  pool_share: 'pool in use against its max',
  queue_depth: 'queue depth',
  open_fds: 'open fds',
  load1: 'load average',
  http_p95_seconds: 'HTTP p95',
  backlog_growth: 'backlog growth',
  restarts: 'restarts',
  cpu_per_1k_requests: 'CPU-seconds per 1,000 requests',
};

/** "p95 of api CPU", "backlog growth of jobs", "restarts" (over every source). */
export function telemetryLabel(threshold: TelemetryThreshold): string {
  const words = FIGURE_WORDS[threshold.figure];
  if (!isSecondFigure(threshold.figure)) return threshold.source ? `${words} of ${threshold.source}` : words;
  const subject = threshold.source ? `${threshold.source} ${words}` : words;
  return threshold.stat ? `${threshold.stat} of ${subject}` : subject;
}

/** A figure or limit in its unit: "80 %", "1.5 cores", "512 MiB", "90 jobs/s", "2 restarts". */
export function telemetryValue(threshold: TelemetryThreshold, value: number): string {
  switch (threshold.figure) {
    case 'cpu':
    case 'memory_share':
    case 'pool_share':
      return pct(value);
    case 'cpu_cores':
      return `${fmt(value)} core${value === 1 ? '' : 's'}`;
    case 'memory_bytes':
      return bytes(value);
    case 'queue_depth':
      return `${count(value)} jobs`;
    case 'open_fds':
      return `${count(value)} fds`;
    case 'load1':
      return fmt(value);
    case 'http_p95_seconds':
      return `${fmt(value * 1000)} ms`;
    case 'backlog_growth':
      return `${fmt(value)} jobs/s`;
    case 'restarts':
      return `${fmt(value)} restart${value === 1 ? '' : 's'}`;
    case 'cpu_per_1k_requests':
      return `${fmt(value)} CPU-s`;
  }
}

type Issue = { message: string; path: string[] };

/**
 * Why a telemetry threshold cannot be judged as written: thresholdSchema adds each as an
 * issue. Telemetry is read per source over the whole run, judged once when it ends, as an
 * absolute figure.
 */
export function telemetryThresholdIssues(threshold: TelemetryThreshold): Issue[] {
  const issues: Issue[] = [];
  const words = FIGURE_WORDS[threshold.figure];
  if (threshold.request || threshold.scenario) {
    issues.push({
      message: 'a telemetry threshold reads a source of the target over the whole run: its figures do not say which request or scenario caused them',
      path: [threshold.request ? 'request' : 'scenario'],
    });
  }
  if (threshold.relativeTo) {
    issues.push({
      message: 'a telemetry threshold has an absolute limit (relative to the baseline, Loadline judges latencies and RPS): give it a value in its own unit',
      path: ['relativeTo'],
    });
  }
  if (threshold.stop) {
    issues.push({
      message: 'a telemetry threshold is judged once, when the run ends, from the telemetry stored with it: it cannot stop a run (stop on latency or errors)',
      path: ['stop'],
    });
  }
  if (threshold.fromScript) issues.push({ message: "telemetry thresholds are written in the plan, not read from a script's options", path: ['fromScript'] });
  if (isSecondFigure(threshold.figure)) {
    if (!threshold.stat) {
      issues.push({
        message: `${words} is read every second: say which statistic of its seconds to judge (avg, min, p50, p90, p95, p99 or max)`,
        path: ['stat'],
      });
    }
  } else {
    if (threshold.stat) {
      issues.push({ message: `${words} is one figure of the run, not a series of seconds: leave out the statistic`, path: ['stat'] });
    }
    if (threshold.window) {
      issues.push({
        message: `${words} is read over the run (backlog growth over its steady stretch): a window narrows figures read every second only`,
        path: ['window'],
      });
    }
  }
  if (!threshold.source && !TELEMETRY_ACROSS_SOURCES.includes(threshold.figure)) {
    issues.push({ message: `name the metric source whose ${words} to judge (only backlog growth and restarts add up over every source)`, path: ['source'] });
  }
  return issues;
}
