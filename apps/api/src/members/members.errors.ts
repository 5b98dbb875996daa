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

export class MemberError extends DomainError<MemberErrorCode> {}
