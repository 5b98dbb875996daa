import { DomainError } from '../common/errors/domain-error.js';

/** Who is calling could not be established, or may not call this way. */
export enum AccessErrorCode {
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  SESSION_EXPIRED = 'SESSION_EXPIRED',
  API_KEY_REVOKED = 'API_KEY_REVOKED',
  API_KEY_EXPIRED = 'API_KEY_EXPIRED',
  /** Routes about a person (logout, switching organizations) called with an API key. */
  SESSION_REQUIRED = 'SESSION_REQUIRED',
  /** The person at the root of the caller's authority lost the role this needs meanwhile. */
  AUTHORITY_LOST = 'AUTHORITY_LOST',
}

/** The HTTP status each code answers with. */
const STATUS: Record<AccessErrorCode, number> = {
  [AccessErrorCode.UNAUTHENTICATED]: 401,
  [AccessErrorCode.SESSION_EXPIRED]: 401,
  [AccessErrorCode.API_KEY_REVOKED]: 401,
  [AccessErrorCode.API_KEY_EXPIRED]: 401,
  [AccessErrorCode.SESSION_REQUIRED]: 403,
  [AccessErrorCode.AUTHORITY_LOST]: 403,
};

export class AccessError extends DomainError<AccessErrorCode> {
  readonly status = STATUS[this.code];
}
