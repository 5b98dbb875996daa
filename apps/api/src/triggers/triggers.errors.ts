import { DomainError } from '../common/errors/domain-error.js';

export enum TriggerErrorCode {
  TRIGGER_NOT_FOUND = 'TRIGGER_NOT_FOUND',
}

/** The HTTP status each code answers with. */
const STATUS: Record<TriggerErrorCode, number> = {
  [TriggerErrorCode.TRIGGER_NOT_FOUND]: 404,
};

export class TriggerError extends DomainError<TriggerErrorCode> {
  readonly status = STATUS[this.code];
}
