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
}

export class RunError extends DomainError<RunErrorCode> {
  static notFound(id: string): RunError {
    return new RunError(RunErrorCode.RUN_NOT_FOUND, `No run with id ${id}`);
  }
}
