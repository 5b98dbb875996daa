import { DomainError } from '../common/errors/domain-error.js';

export enum PasswordErrorCode {
  /** The current password given with a change is not the account's. */
  WRONG_PASSWORD = 'WRONG_PASSWORD',
  WEAK_PASSWORD = 'WEAK_PASSWORD',
  MEMBER_NOT_FOUND = 'MEMBER_NOT_FOUND',
  ROLE_NOT_GRANTABLE = 'ROLE_NOT_GRANTABLE',
  /** A reset link for oneself, or for a person who also belongs to other organizations. */
  RESET_NOT_ALLOWED = 'RESET_NOT_ALLOWED',
  RESET_LINK_NOT_FOUND = 'RESET_LINK_NOT_FOUND',
  /** Used, expired, replaced by a newer one, or withdrawn with its issuer's power. */
  RESET_LINK_EXPIRED = 'RESET_LINK_EXPIRED',
}

/** The HTTP status each code answers with. */
const STATUS: Record<PasswordErrorCode, number> = {
  [PasswordErrorCode.WRONG_PASSWORD]: 403,
  [PasswordErrorCode.WEAK_PASSWORD]: 400,
  [PasswordErrorCode.MEMBER_NOT_FOUND]: 404,
  [PasswordErrorCode.ROLE_NOT_GRANTABLE]: 403,
  [PasswordErrorCode.RESET_NOT_ALLOWED]: 409,
  [PasswordErrorCode.RESET_LINK_NOT_FOUND]: 404,
  [PasswordErrorCode.RESET_LINK_EXPIRED]: 410,
};

export class PasswordError extends DomainError<PasswordErrorCode> {
  readonly status = STATUS[this.code];
}
