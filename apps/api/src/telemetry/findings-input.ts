import {
  durationToSeconds,
  plannedDurationSeconds,
  toSeriesPoints,
  type Capacity,
  type MergedSecond,
  type PlanSpec,
  type TelemetryCatalog,
  type TelemetryFindingsInput,
  type TelemetrySecond,
} from '@loadline/shared';

export interface StoredSourceTelemetry {
  source: string;
  kind: 'scrape' | 'promql';
  catalog: TelemetryCatalog | null;
  /** Why the API left the source out of the run's job, if it did. */
  refused: string | null;
  seconds: TelemetrySecond[];
}

/**
 * What the findings read (telemetry/findings), from what a run stored: the load per second
 * merged over segments, the busiest generator per second, the scenarios as they were planned
 * from the first second of load, and the second the ramp first reached the VUs the capacity
 * statement says it broke at. Null when the run had no sources or measured no second. Pure.
 */
export function findingsInput(args: {
  spec: PlanSpec;
  merged: readonly MergedSecond[];
  capacity: Capacity | null;
  sources: readonly StoredSourceTelemetry[];
}): TelemetryFindingsInput | null {
  if (!args.sources.length || !args.merged.length) return null;
  const points = toSeriesPoints(args.merged);
  const loadStart = points[0]!.t;
  const loadEnd = points[points.length - 1]!.t;
  const sources = args.sources.map(({ source, kind, catalog, refused, seconds }) => ({
    // A source without a catalog (refused, or never read) is still reported, with what it kept: nothing.
    catalog: catalog ?? { source, kind, series: [] },
    seconds: refused ? [{ v: 1 as const, t: loadStart, source, values: {}, error: { code: 'NOT_ALLOWED' as const, message: refused } }, ...seconds] : seconds,
  }));
  const brokeAt = args.capacity?.brokeAt;
  const kneePoint = brokeAt ? points.find((point) => point.vus >= brokeAt.vus) : undefined;
  return {
    loadStart,
    loadEnd,
    sources,
    load: points.map((point) => ({ t: point.t, vus: point.vus, rps: point.rps, p95: point.p95, errorRate: point.errorRate })),
    generator: args.merged.flatMap((second) =>
      second.k6Cpu !== null && second.cores !== null && second.hostCpu !== null
        ? [{ t: second.t, k6Cpu: second.k6Cpu, cores: second.cores, hostCpu: second.hostCpu }]
        : [],
    ),
    phases: args.spec.scenarios.map((scenario) => {
      const start = loadStart + durationToSeconds(scenario.startTime);
      return { name: scenario.name, start, end: start + plannedDurationSeconds(scenario.load) };
    }),
    knee: brokeAt && kneePoint && args.capacity ? { t: kneePoint.t, vus: brokeAt.vus, criterion: args.capacity.criterion } : null,
  };
}
