import { DomainError } from '../common/errors/domain-error.js';

export enum RunErrorCode {
  RUN_NOT_FOUND = 'RUN_NOT_FOUND',
  RUN_TARGET_GONE = 'RUN_TARGET_GONE',
  QUEUE_UNAVAILABLE = 'QUEUE_UNAVAILABLE',
  RUN_NOT_CANCELLABLE = 'RUN_NOT_CANCELLABLE',
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  /** The plan's segments need more runners at once than the installation can ever have. */
  SEGMENTS_EXCEED_RUNNERS = 'SEGMENTS_EXCEED_RUNNERS',
  /** A scenario has fewer VUs than the plan has segments: some segments would have nothing to run. */
  SEGMENTS_EXCEED_VUS = 'SEGMENTS_EXCEED_VUS',
  /** A data set (or the pinned version) the plan uses was deleted since the plan was saved. */
  RUN_DATA_SET_GONE = 'RUN_DATA_SET_GONE',
}

/** The HTTP status each code answers with. */
const STATUS: Record<RunErrorCode, number> = {
  [RunErrorCode.RUN_NOT_FOUND]: 404,
  [RunErrorCode.RUN_TARGET_GONE]: 409,
  [RunErrorCode.QUEUE_UNAVAILABLE]: 503,
  [RunErrorCode.RUN_NOT_CANCELLABLE]: 409,
  [RunErrorCode.IDEMPOTENCY_KEY_REUSED]: 409,
  [RunErrorCode.SEGMENTS_EXCEED_RUNNERS]: 422,
  [RunErrorCode.SEGMENTS_EXCEED_VUS]: 422,
  [RunErrorCode.RUN_DATA_SET_GONE]: 422,
};

export class RunError extends DomainError<RunErrorCode> {
  readonly status = STATUS[this.code];

  static notFound(id: string): RunError {
    return new RunError(RunErrorCode.RUN_NOT_FOUND, `No run with id ${id}`);
  }
}
