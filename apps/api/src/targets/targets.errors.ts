import { DomainError } from '../common/errors/domain-error.js';

export enum TargetErrorCode {
  TARGET_NOT_FOUND = 'TARGET_NOT_FOUND',
  /** The target resolves into a network the address policy refuses. */
  ADDRESS_NOT_ALLOWED = 'ADDRESS_NOT_ALLOWED',
  HOST_UNRESOLVABLE = 'HOST_UNRESOLVABLE',
  VERIFICATION_FAILED = 'VERIFICATION_FAILED',
  /** The run is bigger than an unverified target may take. */
  TARGET_UNVERIFIED = 'TARGET_UNVERIFIED',
}

export class TargetError extends DomainError<TargetErrorCode> {
  static notFound(id: string): TargetError {
    return new TargetError(TargetErrorCode.TARGET_NOT_FOUND, `No target with id ${id}`);
  }
}
