import { DomainError } from '../common/errors/domain-error.js';

export enum TelemetryErrorCode {
  SOURCE_NOT_FOUND = 'SOURCE_NOT_FOUND',
  /** A run's telemetry asked of a run the caller cannot see: the same answer as the runs domain gives. */
  RUN_NOT_FOUND = 'RUN_NOT_FOUND',
  /** The source's address fails the address policy or is not the target's (see source-trust.ts). */
  SOURCE_NOT_ALLOWED = 'SOURCE_NOT_ALLOWED',
  SOURCE_NAME_TAKEN = 'SOURCE_NAME_TAKEN',
  /** TELEMETRY_LIMITS.maxSources per target. */
  TOO_MANY_SOURCES = 'TOO_MANY_SOURCES',
  /** A change that does not fit the source's kind (queries on a scrape source), or an invalid result of merging it. */
  SOURCE_INVALID = 'SOURCE_INVALID',
}

const STATUS: Record<TelemetryErrorCode, number> = {
  [TelemetryErrorCode.SOURCE_NOT_FOUND]: 404,
  [TelemetryErrorCode.RUN_NOT_FOUND]: 404,
  [TelemetryErrorCode.SOURCE_NOT_ALLOWED]: 422,
  [TelemetryErrorCode.SOURCE_NAME_TAKEN]: 409,
  [TelemetryErrorCode.TOO_MANY_SOURCES]: 422,
  [TelemetryErrorCode.SOURCE_INVALID]: 400,
};

export class TelemetryError extends DomainError<TelemetryErrorCode> {
  readonly status = STATUS[this.code];

  static notFound(id: string): TelemetryError {
    return new TelemetryError(TelemetryErrorCode.SOURCE_NOT_FOUND, `No metric source with id ${id} on this target`);
  }

  static runNotFound(id: string): TelemetryError {
    return new TelemetryError(TelemetryErrorCode.RUN_NOT_FOUND, `No run with id ${id}`);
  }
}
