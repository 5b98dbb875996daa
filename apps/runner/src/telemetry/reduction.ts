import {
  TELEMETRY_LIMITS,
  TelemetryDataError,
  parseExposition,
  reducePromqlRange,
  reduceScrape,
  type PromqlQuery,
  type Scrape,
  type TelemetryJobSource,
  type TelemetryReadError,
  type TelemetrySeries,
} from '@loadline/shared';

/**
 * The runner's use of the shared, pure readers (packages/shared/src/telemetry): exposition
 * text parsed and reduced to the kept series' per-second values. Kept in one place so the
 * collector's IO does not depend on their shapes.
 */

export interface Reduced {
  series: readonly TelemetrySeries[];
  values: Record<string, number>;
}

/** Scrapes of one source in order: each reduced against the scrape before it (rates, resets). */
export class ScrapeReduction {
  private previous: Scrape | null = null;

  constructor(private readonly source: TelemetryJobSource) {}

  /** Throws TelemetryDataError (PARSE, TOO_MANY_SERIES) for an answer that cannot be read. */
  read(text: string, atMs: number): Reduced {
    // `atMs`: when the read was sent, not the second it stands for: a read sent late (a busy
    // event loop) must not make a rate over a shorter time look like one over a second.
    const current: Scrape = { atMs, exposition: parseExposition(text, { maxSeries: TELEMETRY_LIMITS.maxParsedSeries }) };
    const reduced = reduceScrape(this.source, this.previous, current);
    this.previous = current;
    return { series: reduced.series, values: reduced.values };
  }
}

/** One query's query_range answer, parsed from JSON. */
export interface PromqlAnswer {
  query: PromqlQuery;
  body: unknown;
}

/**
 * A PromQL source's answers for one window: its series and their values per second. Throws
 * TelemetryDataError (QUERY) naming a query whose answer is not a matrix.
 */
export function reducePromqlAnswers(
  source: TelemetryJobSource,
  answers: PromqlAnswer[],
): { series: readonly TelemetrySeries[]; seconds: Map<number, Record<string, number>> } {
  return reducePromqlRange(source, answers);
}

/** A reader's refusal (or anything unexpected) as a read error in words. */
export function readFailure(error: unknown, what: string): { code: TelemetryReadError; message: string } {
  // A query's refusal already names its query and source.
  if (error instanceof TelemetryDataError)
    return { code: error.code, message: (error.code === 'QUERY' ? error.message : `${what}: ${error.message}`).slice(0, 500) };
  return { code: 'PARSE', message: `${what} could not be read: ${(error as Error).message}`.slice(0, 500) };
}
