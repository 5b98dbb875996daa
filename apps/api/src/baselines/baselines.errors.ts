import { DomainError } from '../common/errors/domain-error.js';

export enum BaselineErrorCode {
  /** The run named as a baseline is not a finished, measured run of this plan. */
  BASELINE_RUN_INVALID = 'BASELINE_RUN_INVALID',
}

/** The HTTP status each code answers with. */
const STATUS: Record<BaselineErrorCode, number> = {
  [BaselineErrorCode.BASELINE_RUN_INVALID]: 422,
};

export class BaselineError extends DomainError<BaselineErrorCode> {
  readonly status = STATUS[this.code];
}
