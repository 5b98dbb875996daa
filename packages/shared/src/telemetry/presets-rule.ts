import type { TelemetryRole, TelemetrySeries } from './sample.js';
import type { ScrapeReader } from './reduce-reader.js';

/**
 * What each preset reads from the common exporters and which role it gives the result, so the
 * findings judge CPU, memory, pools, queues and HTTP alike whatever exported them. Metric names
 * are the exporters' own (node_exporter, process-exporter, cAdvisor, postgres_exporter,
 * redis_exporter, BullMQ, Sidekiq, asynq, Celery exporters, client libraries' HTTP metrics).
 * Where several exporters can answer, the first present in the scrape wins (one source is one
 * exporter); values of many series (CPU modes, queues, routes) are summed.
 */
export interface PresetSeriesRule {
  /** What the findings read it as; none: shown and correlated only. */
  role?: TelemetryRole;
  /** The series' name within the source (its key, prefixed with the preset when two presets give it). */
  name: string;
  kind: TelemetrySeries['kind'];
  unit: TelemetrySeries['unit'];
  /** What it reads, in PromQL's words (for the docs and the UI). */
  reads: string;
  /** Metric names (or patterns) whose presence in a scrape puts the series in the source's catalog. */
  metrics: readonly (string | RegExp)[];
  read(r: ScrapeReader): number | undefined;
}

export type Candidate = readonly [metric: string, where?: string];

/** Sum of the first candidate the scrape has (as read, or as a rate). */
export function firstSum(r: ScrapeReader, candidates: readonly Candidate[], how: 'sum' | 'rate'): number | undefined {
  const found = candidates.find(([metric]) => r.has(metric));
  if (!found) return undefined;
  return how === 'sum' ? r.sum(found[0], found[1]) : r.rate(found[0], found[1]);
}

export function names(candidates: readonly Candidate[]): string[] {
  return candidates.map(([metric]) => metric);
}

/** Sum over the scrape's metrics whose names match, counters only when `counters` (a gauge named `_total` is no rate). */
export function patternSum(r: ScrapeReader, pattern: RegExp, how: 'sum' | 'rate'): number | undefined {
  let total: number | undefined;
  for (const name of r.names(pattern, how === 'rate')) {
    const value = how === 'sum' ? r.sum(name) : r.rate(name);
    if (value !== undefined) total = (total ?? 0) + value;
  }
  return total;
}

/** A limit of 0 or below (or absent) means none: no limit series then. */
export function positive(value: number | undefined): number | undefined {
  return value !== undefined && value > 0 ? value : undefined;
}
