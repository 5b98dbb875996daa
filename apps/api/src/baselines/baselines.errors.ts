import { DomainError } from '../common/errors/domain-error.js';

export enum BaselineErrorCode {
  /** The run named as a baseline is not a finished, measured run of this plan. */
  BASELINE_RUN_INVALID = 'BASELINE_RUN_INVALID',
}

export class BaselineError extends DomainError<BaselineErrorCode> {}
