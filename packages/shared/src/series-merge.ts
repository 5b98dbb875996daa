import { emptyHistogram, mergeHistogramInto, quantile, type Histogram } from './histogram.js';
import type { RequestSecond, SecondSample } from './series.js';
import type { GeneratorSample } from './jobs.js';
import type { SeriesPoint } from './series-view.js';
import { CustomMetricsMerger } from './custom-metrics.js';

/** A stored second: what k6 measured and, when sampled, how busy the generator was. */
export interface StoredSecond {
  segmentIndex: number;
  sample: SecondSample;
  generator: GeneratorSample | null;
  /** Seconds the sample holds: absent (1), or COARSE_SECONDS once old detail was coarsened (second-coarsening.ts). */
  seconds?: number;
}

export interface MergedSecond {
  t: number;
  sample: SecondSample;
  /** Busiest generator over the segments this second, null when none was sampled. */
  hostCpu: number | null;
  k6Cpu: number | null;
  cores: number | null;
  /**
   * Cores the busiest runner host spent on other work than its k6 (its busy cores less
   * k6's): a host busy with something else saturates a run as surely as k6 at its limit,
   * and calls for other advice. Absent where the seconds were not merged from generator samples.
   */
  otherCores?: number | null;
  /** Seconds the sample holds, when more than one (coarsened seconds): its series point's rate divides by them. */
  seconds?: number;
}

const requestKey = (request: RequestSecond) =>
  `${request.name}\u0000${request.method}\u0000${request.status}\u0000${request.expected}\u0000${request.errorCode}\u0000${request.scenario}`;

function cloneHistogram(histogram: Histogram): Histogram {
  return mergeHistogramInto(emptyHistogram(), histogram);
}

/**
 * Folds the seconds of all segments into one sample per second: counts add up, histograms
 * merge, VUs of parallel segments add up, custom metrics merge by name (custom-metrics.ts).
 * Returned in time order.
 */
export function mergeSegmentsBySecond(seconds: readonly StoredSecond[]): MergedSecond[] {
  const byT = new Map<
    number,
    MergedSecond & {
      requests: Map<string, RequestSecond>;
      checks: Map<string, { passes: number; fails: number }>;
      scenarioIterations: Map<string, { iterations: number; droppedIterations: number }>;
      customMetrics: CustomMetricsMerger;
    }
  >();
  for (const { sample, generator, seconds: span } of seconds) {
    let merged = byT.get(sample.t);
    if (!merged) {
      merged = {
        t: sample.t,
        sample: {
          ...sample,
          requests: [],
          checks: [],
          vus: 0,
          vusMax: 0,
          iterations: 0,
          droppedIterations: 0,
          bytesReceived: 0,
          bytesSent: 0,
          spanStartMs: undefined,
          spanEndMs: undefined,
          scenarioIterations: undefined,
          customMetrics: undefined,
        },
        hostCpu: null,
        k6Cpu: null,
        cores: null,
        otherCores: null,
        requests: new Map(),
        checks: new Map(),
        scenarioIterations: new Map(),
        customMetrics: new CustomMetricsMerger(),
      };
      byT.set(sample.t, merged);
    }
    if (span !== undefined && span > 1) merged.seconds = Math.max(merged.seconds ?? 1, span);
    const target = merged.sample;
    if (sample.spanStartMs !== undefined) {
      target.spanStartMs = Math.min(target.spanStartMs ?? Infinity, sample.spanStartMs);
    }
    if (sample.spanEndMs !== undefined) target.spanEndMs = Math.max(target.spanEndMs ?? -Infinity, sample.spanEndMs);
    target.vus += sample.vus;
    target.vusMax += sample.vusMax;
    target.iterations += sample.iterations;
    target.droppedIterations += sample.droppedIterations;
    for (const scenario of sample.scenarioIterations ?? []) {
      const existing = merged.scenarioIterations.get(scenario.name) ?? { iterations: 0, droppedIterations: 0 };
      existing.iterations += scenario.iterations;
      existing.droppedIterations += scenario.droppedIterations;
      merged.scenarioIterations.set(scenario.name, existing);
    }
    target.bytesReceived += sample.bytesReceived;
    target.bytesSent += sample.bytesSent;
    merged.customMetrics.add(sample.customMetrics);
    for (const request of sample.requests) {
      const key = requestKey(request);
      const existing = merged.requests.get(key);
      if (existing) {
        existing.count += request.count;
        mergeHistogramInto(existing.latency, request.latency);
        if (request.responseBytes) existing.responseBytes = mergeHistogramInto(existing.responseBytes ?? emptyHistogram(), request.responseBytes);
        if (existing.spanStartMs !== undefined && request.spanStartMs !== undefined) existing.spanStartMs = Math.min(existing.spanStartMs, request.spanStartMs);
        else existing.spanStartMs = undefined;
        if (existing.spanEndMs !== undefined && request.spanEndMs !== undefined) existing.spanEndMs = Math.max(existing.spanEndMs, request.spanEndMs);
        else existing.spanEndMs = undefined;
      } else {
        merged.requests.set(key, {
          ...request,
          latency: cloneHistogram(request.latency),
          ...(request.responseBytes ? { responseBytes: cloneHistogram(request.responseBytes) } : {}),
        });
      }
    }
    for (const check of sample.checks) {
      const existing = merged.checks.get(check.name) ?? { passes: 0, fails: 0 };
      existing.passes += check.passes;
      existing.fails += check.fails;
      merged.checks.set(check.name, existing);
    }
    if (generator) {
      merged.hostCpu = Math.max(merged.hostCpu ?? 0, generator.hostCpu);
      merged.k6Cpu = Math.max(merged.k6Cpu ?? 0, generator.k6Cpu);
      merged.cores = Math.max(merged.cores ?? 0, generator.cores);
      merged.otherCores = Math.max(merged.otherCores ?? 0, generator.hostCpu * generator.cores - generator.k6Cpu);
    }
  }
  return [...byT.values()]
    .sort((a, b) => a.t - b.t)
    .map(({ requests, checks, scenarioIterations, customMetrics, ...merged }) => ({
      ...merged,
      sample: {
        ...merged.sample,
        requests: [...requests.values()],
        checks: [...checks.entries()].map(([name, counts]) => ({ name, ...counts })),
        ...(scenarioIterations.size ? { scenarioIterations: [...scenarioIterations.entries()].map(([name, counts]) => ({ name, ...counts })) } : {}),
        ...(customMetrics.size ? { customMetrics: customMetrics.result() } : {}),
      },
    }));
}

/**
 * Only the seconds every one of the run's `segments` has reported: while a segment lags, its
 * missing share of a second would read as a drop in the merged figures (or as fewer samples).
 */
export function secondsEverySegmentReported(seconds: readonly StoredSecond[], segments: number): StoredSecond[] {
  const reporters = new Map<number, Set<number>>();
  for (const { sample, segmentIndex } of seconds) {
    const set = reporters.get(sample.t) ?? new Set<number>();
    set.add(segmentIndex);
    reporters.set(sample.t, set);
  }
  return seconds.filter(({ sample }) => reporters.get(sample.t)!.size >= segments);
}

function percentiles(histogram: Histogram) {
  return {
    p50: quantile(histogram, 0.5),
    p90: quantile(histogram, 0.9),
    p95: quantile(histogram, 0.95),
    p99: quantile(histogram, 0.99),
  };
}

/** Per-second points for charts and the live view, from merged seconds. */
export function toSeriesPoints(merged: readonly MergedSecond[]): SeriesPoint[] {
  const first = merged[0]?.t ?? 0;
  return merged.map(({ t, sample, hostCpu, seconds }) => {
    const overall = emptyHistogram();
    const byName = new Map<string, { count: number; errors: number; latency: Histogram }>();
    let count = 0;
    let errors = 0;
    for (const request of sample.requests) {
      const entry = byName.get(request.name) ?? { count: 0, errors: 0, latency: emptyHistogram() };
      byName.set(request.name, entry);
      entry.count += request.count;
      count += request.count;
      if (!request.expected) {
        entry.errors += request.count;
        errors += request.count;
      }
      mergeHistogramInto(entry.latency, request.latency);
      mergeHistogramInto(overall, request.latency);
    }
    return {
      t,
      elapsed: t - first,
      vus: sample.vus,
      rps: count / (seconds ?? 1),
      errors,
      errorRate: count ? errors / count : 0,
      ...percentiles(overall),
      requests: Object.fromEntries(
        [...byName.entries()].map(([name, entry]) => [name, { count: entry.count, errors: entry.errors, ...percentiles(entry.latency) }]),
      ),
      droppedIterations: sample.droppedIterations,
      generatorCpu: hostCpu,
    };
  });
}
