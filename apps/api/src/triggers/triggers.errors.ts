import { DomainError } from '../common/errors/domain-error.js';

export enum TriggerErrorCode {
  TRIGGER_NOT_FOUND = 'TRIGGER_NOT_FOUND',
}

export class TriggerError extends DomainError<TriggerErrorCode> {}
