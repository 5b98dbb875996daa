import type { ErrorDetail } from '@loadline/shared';
import { CommonError, CommonErrorCode, DomainError } from '../common/errors/domain-error.js';

export enum AuthErrorCode {
  EMAIL_TAKEN = 'EMAIL_TAKEN',
  WEAK_PASSWORD = 'WEAK_PASSWORD',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  LOGIN_LOCKED = 'LOGIN_LOCKED',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  SESSION_EXPIRED = 'SESSION_EXPIRED',
  SESSION_NOT_FOUND = 'SESSION_NOT_FOUND',
  API_KEY_REVOKED = 'API_KEY_REVOKED',
  API_KEY_EXPIRED = 'API_KEY_EXPIRED',
  /** Routes about a person (logout, switching organizations) called with an API key. */
  SESSION_REQUIRED = 'SESSION_REQUIRED',
  NOT_A_MEMBER = 'NOT_A_MEMBER',
  /** LOADLINE_SIGNUP=closed, or invite-only without an invite. */
  SIGNUP_CLOSED = 'SIGNUP_CLOSED',
  SIGNUP_THROTTLED = 'SIGNUP_THROTTLED',
}

export class AuthError extends DomainError<AuthErrorCode> {}

/**
 * For ZodPipe: a validation failure confined to one field gets that field's own code
 * (e.g. a weak password answers WEAK_PASSWORD, not a generic VALIDATION_FAILED).
 */
export function codeByField(codes: Record<string, (message: string, details: ErrorDetail[]) => DomainError>) {
  return (message: string, details: ErrorDetail[]): DomainError => {
    const fields = new Set(details.map((detail) => detail.path.split('.')[0]!));
    const only = fields.size === 1 ? [...fields][0]! : undefined;
    const build = only ? codes[only] : undefined;
    return build ? build(message, details) : new CommonError(CommonErrorCode.VALIDATION_FAILED, message, details);
  };
}
