import { meets, withoutTelemetry, type TelemetryJudge, type ThresholdResult } from '../threshold.js';
import { describeSubject, margin } from '../threshold-text.js';
import { describeWindow, inWindow } from '../threshold-time.js';
import type { TelemetryFindingsInput } from './findings/index.js';
import { backlogGrowth, coverageOf, cpuSecondsPer1kRequests, loadSeconds, restartCount } from './findings/figures.js';
import { cpuUsage, keysOf, roleSum, usageOf, viewOf, type SourceView } from './findings/series.js';
import { steadyStretch, STEADY_LIMITS, type Steady } from './findings/steady.js';
import { pct } from './findings/words.js';
import type { TelemetryRole } from './sample.js';
import { isSecondFigure, telemetryValue, type TelemetrySecondFigure, type TelemetryThreshold } from './threshold.js';

/** A figure is judged only when it was read for at least this share of the seconds it is judged over. */
export const TELEMETRY_JUDGE_MIN_COVERAGE = 0.5;

/** Judged, or why not: the words after "not judged, ". */
type Reading = { value: number; words?: string } | { why: string };

/** The roles a per-second figure is read from: the one that must be kept for it to be read at all. */
const NEEDS: Record<TelemetrySecondFigure, TelemetryRole> = {
  cpu: 'cpu_cores',
  cpu_cores: 'cpu_cores',
  memory_bytes: 'memory_bytes',
  memory_share: 'memory_bytes',
  pool_share: 'pool_in_use',
  queue_depth: 'queue_depth',
  open_fds: 'open_fds',
  load1: 'load1',
  http_p95_seconds: 'http_p95_seconds',
};

/** A role's highest series per second: the slowest of a component's p95s, not their sum. */
function roleMax(view: SourceView, role: TelemetryRole): Map<number, number> {
  const keys = keysOf(view, role);
  const result = new Map<number, number>();
  for (const [t, values] of view.good) {
    for (const key of keys) {
      const value = values[key];
      if (value !== undefined && Number.isFinite(value) && !(value <= (result.get(t) ?? -Infinity))) result.set(t, value);
    }
  }
  return result;
}

const shares = (usage: ReturnType<typeof usageOf>) => new Map([...usage].map(([t, value]) => [t, value.share]));

/** A per-second figure's values by Unix second, as the findings read them (several series of a role add up). */
function secondValues(view: SourceView, figure: TelemetrySecondFigure): Map<number, number> {
  switch (figure) {
    case 'cpu':
      return shares(cpuUsage(view));
    case 'cpu_cores':
      return roleSum(view, 'cpu_cores');
    case 'memory_share':
      return shares(usageOf(view, 'memory_bytes', 'memory_limit_bytes'));
    case 'pool_share':
      return shares(usageOf(view, 'pool_in_use', 'pool_max'));
    case 'http_p95_seconds':
      return roleMax(view, 'http_p95_seconds');
    default:
      return roleSum(view, NEEDS[figure]);
  }
}

/** A statistic of per-second values; a percentile by nearest rank (p95: 95 % of the seconds were at or below it). */
function statOf(stat: NonNullable<TelemetryThreshold['stat']>, values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  switch (stat) {
    case 'avg':
      return sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
    case 'min':
      return sorted[0]!;
    case 'max':
      return sorted.at(-1)!;
    default: {
      const q = Number(stat.slice(1)) / 100;
      return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
    }
  }
}

const readFor = (read: number, of: number, what: string) => `${what} was read for ${read} of ${of} s, under half`;

/** Why a share cannot be worked out: the source keeps the use but not the ceiling. */
function noCeiling(view: SourceView, figure: TelemetrySecondFigure): string | null {
  if (figure === 'cpu' && view.catalog.cpuCores === undefined && !keysOf(view, 'cpu_limit_cores').length)
    return `${view.name} keeps no CPU limit and was given no cores to share its CPU of (set the source's cores, or judge cpu_cores)`;
  if (figure === 'memory_share' && !keysOf(view, 'memory_limit_bytes').length) return `${view.name} keeps no memory limit to share its memory of`;
  if (figure === 'pool_share' && !keysOf(view, 'pool_max').length) return `${view.name} keeps no pool max to share its pool of`;
  return null;
}

function readSecondFigure(input: TelemetryFindingsInput, view: SourceView, threshold: TelemetryThreshold, figure: TelemetrySecondFigure): Reading {
  if (!keysOf(view, NEEDS[figure]).length) return { why: `${view.name} keeps no ${NEEDS[figure]} series` };
  const ceiling = noCeiling(view, figure);
  if (ceiling) return { why: ceiling };
  const values = secondValues(view, figure);
  const seconds: number[] = [];
  for (let t = input.loadStart; t <= input.loadEnd; t++) if (!threshold.window || inWindow(threshold.window, t - input.loadStart)) seconds.push(t);
  if (!seconds.length) return { why: `no second of the load lies ${describeWindow(threshold.window)}` };
  const read = seconds.flatMap((t) => (values.has(t) ? [values.get(t)!] : []));
  if (read.length < seconds.length * TELEMETRY_JUDGE_MIN_COVERAGE) return { why: readFor(read.length, seconds.length, view.name) };
  const value = statOf(threshold.stat ?? 'max', read);
  if (figure !== 'cpu') return { value };
  const usage = cpuUsage(view);
  const last = [...usage.values()].at(-1)!;
  const of = view.catalog.cpuCores !== undefined ? `of its ${telemetryValue({ ...threshold, figure: 'cpu_cores' }, last.limit)}` : 'of its limit';
  return { value, words: `${pct(value)} ${of}` };
}

/** A figure of the run from one source, or why the source cannot tell it. */
function readRunFigure(input: TelemetryFindingsInput, view: SourceView, figure: TelemetryThreshold['figure'], steady: () => Steady | null): Reading {
  if (coverageOf(input, view) < TELEMETRY_JUDGE_MIN_COVERAGE) {
    return { why: readFor(Math.round(coverageOf(input, view) * loadSeconds(input)), loadSeconds(input), view.name) };
  }
  switch (figure) {
    case 'restarts':
      return { value: restartCount(input, view) };
    case 'backlog_growth': {
      if (!keysOf(view, 'queue_depth').length) return { why: `${view.name} keeps no queue_depth series` };
      if (!steady()) return { why: `the load never held one level for ${STEADY_LIMITS.minSeconds} s, and backlog growth is read while it is steady` };
      const growth = backlogGrowth(view, steady());
      return growth === null ? { why: `${view.name}'s queue was read for under half of the steady stretch` } : { value: growth };
    }
    case 'cpu_per_1k_requests': {
      if (!keysOf(view, 'cpu_cores').length) return { why: `${view.name} keeps no cpu_cores series` };
      const value = cpuSecondsPer1kRequests(input, view);
      return value === null ? { why: `${view.name} CPU was read for under half of the load's seconds` } : { value };
    }
    default:
      return { why: `${figure} is read every second` };
  }
}

/** A figure of the run added up over every source that can tell it (backlog growth over the sources with a queue). */
function readAcross(input: TelemetryFindingsInput, views: readonly SourceView[], threshold: TelemetryThreshold, steady: () => Steady | null): Reading {
  const candidates = threshold.figure === 'backlog_growth' ? views.filter((view) => keysOf(view, 'queue_depth').length) : views;
  if (!candidates.length)
    return { why: threshold.figure === 'backlog_growth' ? 'no source of the run keeps a queue_depth series' : 'the run read no metric source' };
  let total = 0;
  for (const view of candidates) {
    const reading = readRunFigure(input, view, threshold.figure, steady);
    // One source that cannot tell leaves the total unknown: its queue or its restarts may be the ones that matter.
    if ('why' in reading) return reading;
    total += reading.value;
  }
  return { value: total };
}

/**
 * The margin of a verdict. Around zero a ratio says nothing (a queue draining at 3 jobs/s
 * against "< 0"), so there the difference, in the figure's unit, says it.
 */
function marginOf(threshold: TelemetryThreshold, measured: number, passed: boolean): string {
  if (threshold.value > 0 && measured >= 0) return margin(measured, threshold.op, threshold.value, passed);
  if (measured === threshold.value) return 'at the limit';
  const off = telemetryValue(threshold, Math.abs(measured - threshold.value));
  if (passed) return `${off} headroom`;
  return threshold.op === '<' || threshold.op === '<=' ? `over by ${off}` : `short by ${off}`;
}

/**
 * Judges telemetry thresholds on a run's telemetry (the findings' input): the figure over the
 * load's seconds (or the threshold's window), or the source's figure of the run, against its
 * limit. INCONCLUSIVE, with why, when the run read no such source, the source keeps no series
 * for the figure, it was read for under half of the seconds judged, or (backlog growth) the
 * load was never steady. Null input: the run read no telemetry at all.
 */
export function telemetryJudge(input: TelemetryFindingsInput | null, why = 'no telemetry was read'): TelemetryJudge {
  if (!input) return (threshold) => withoutTelemetry(threshold, why);
  const views = input.sources.map(viewOf);
  let steady: Steady | null | undefined;
  const steadyOnce = () => (steady === undefined ? (steady = steadyStretch(input)) : steady);
  return (threshold): ThresholdResult => {
    let reading: Reading;
    const view = threshold.source === undefined ? undefined : views.find((candidate) => candidate.name === threshold.source);
    if (threshold.source !== undefined && !view) {
      const names = views.map((candidate) => candidate.name);
      reading = { why: `the run read no source named ${threshold.source}${names.length ? ` (it read ${names.join(', ')})` : ''}` };
    } else if (isSecondFigure(threshold.figure)) {
      // The schema asks a per-second figure for its source; a threshold stored before it did names none.
      reading = view ? readSecondFigure(input, view, threshold, threshold.figure) : { why: 'it names no metric source' };
    } else {
      reading = view ? readRunFigure(input, view, threshold.figure, steadyOnce) : readAcross(input, views, threshold, steadyOnce);
    }
    if ('why' in reading) return withoutTelemetry(threshold, reading.why);
    const passed = meets(threshold, reading.value);
    return {
      threshold,
      verdict: passed ? 'PASS' : 'FAIL',
      measured: reading.value,
      explanation: `${describeSubject(threshold)} ${reading.words ?? telemetryValue(threshold, reading.value)} against ${threshold.op} ${telemetryValue(threshold, threshold.value)}: ${marginOf(threshold, reading.value, passed)}`,
    };
  };
}
