import { DomainError } from '../common/errors/domain-error.js';

export enum MemberErrorCode {
  MEMBER_NOT_FOUND = 'MEMBER_NOT_FOUND',
  LAST_OWNER = 'LAST_OWNER',
  ROLE_NOT_GRANTABLE = 'ROLE_NOT_GRANTABLE',
  UNKNOWN_ROLE = 'UNKNOWN_ROLE',
  INVITE_NOT_FOUND = 'INVITE_NOT_FOUND',
  INVITE_EXPIRED = 'INVITE_EXPIRED',
  INVITE_REVOKED = 'INVITE_REVOKED',
  INVITE_ALREADY_USED = 'INVITE_ALREADY_USED',
  ALREADY_MEMBER = 'ALREADY_MEMBER',
  /** The invite names another e-mail address than the account redeeming it. */
  INVITE_FOR_ANOTHER_EMAIL = 'INVITE_FOR_ANOTHER_EMAIL',
}

/** The HTTP status each code answers with. */
const STATUS: Record<MemberErrorCode, number> = {
  [MemberErrorCode.MEMBER_NOT_FOUND]: 404,
  [MemberErrorCode.LAST_OWNER]: 409,
  [MemberErrorCode.ROLE_NOT_GRANTABLE]: 403,
  [MemberErrorCode.UNKNOWN_ROLE]: 400,
  [MemberErrorCode.INVITE_NOT_FOUND]: 404,
  [MemberErrorCode.INVITE_EXPIRED]: 410,
  [MemberErrorCode.INVITE_REVOKED]: 410,
  [MemberErrorCode.INVITE_ALREADY_USED]: 409,
  [MemberErrorCode.ALREADY_MEMBER]: 409,
  [MemberErrorCode.INVITE_FOR_ANOTHER_EMAIL]: 403,
};

export class MemberError extends DomainError<MemberErrorCode> {
  readonly status = STATUS[this.code];
}
