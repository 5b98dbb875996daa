import { DomainError } from '../common/errors/domain-error.js';

export enum TargetErrorCode {
  TARGET_NOT_FOUND = 'TARGET_NOT_FOUND',
  /** The target resolves into a network the address policy refuses. */
  ADDRESS_NOT_ALLOWED = 'ADDRESS_NOT_ALLOWED',
  HOST_UNRESOLVABLE = 'HOST_UNRESOLVABLE',
  VERIFICATION_FAILED = 'VERIFICATION_FAILED',
  /** The run is bigger than an unverified target may take. */
  TARGET_UNVERIFIED = 'TARGET_UNVERIFIED',
  /**
   * The target's secrets were sealed under another LOADLINE_SECRET_KEY (a database restored
   * under a new key): nothing that needs them (a run, an edit of them) can go on.
   */
  TARGET_SECRETS_UNREADABLE = 'TARGET_SECRETS_UNREADABLE',
}

/** The HTTP status each code answers with. */
const STATUS: Record<TargetErrorCode, number> = {
  [TargetErrorCode.TARGET_NOT_FOUND]: 404,
  [TargetErrorCode.ADDRESS_NOT_ALLOWED]: 422,
  [TargetErrorCode.HOST_UNRESOLVABLE]: 422,
  [TargetErrorCode.VERIFICATION_FAILED]: 422,
  [TargetErrorCode.TARGET_UNVERIFIED]: 422,
  [TargetErrorCode.TARGET_SECRETS_UNREADABLE]: 409,
};

export class TargetError extends DomainError<TargetErrorCode> {
  readonly status = STATUS[this.code];

  static notFound(id: string): TargetError {
    return new TargetError(TargetErrorCode.TARGET_NOT_FOUND, `No target with id ${id}`);
  }
}
