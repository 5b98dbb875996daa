import type { TelemetryReadError } from './sample.js';

/** Codes of what the pure telemetry readers refuse (a subset of the read errors the report words). */
export type TelemetryDataErrorCode = Extract<TelemetryReadError, 'PARSE' | 'TOO_MANY_SERIES' | 'QUERY'>;

/**
 * A source's answer that cannot be read as asked: the exposition text is malformed (with its
 * line), holds more series than allowed, or a query answer is not a query_range matrix. Thrown
 * instead of returning part of the answer, so that junk never becomes a kept value.
 */
export class TelemetryDataError extends Error {
  readonly code: TelemetryDataErrorCode;
  /** 1-based line of the exposition text where reading stopped (PARSE only). */
  readonly line?: number;

  constructor(code: TelemetryDataErrorCode, message: string, line?: number) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'TelemetryDataError';
    this.code = code;
    if (line !== undefined) this.line = line;
  }
}
