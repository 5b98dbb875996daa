import { DomainError } from '../common/errors/domain-error.js';

export enum TargetErrorCode {
  TARGET_NOT_FOUND = 'TARGET_NOT_FOUND',
}

export class TargetError extends DomainError<TargetErrorCode> {
  static notFound(id: string): TargetError {
    return new TargetError(TargetErrorCode.TARGET_NOT_FOUND, `No target with id ${id}`);
  }
}
