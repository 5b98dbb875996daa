import { DomainError } from '../common/errors/domain-error.js';

export enum AuthErrorCode {
  /**
   * A sign-up that made no account although its input was valid: today only a taken address,
   * but the code, status and message name no reason, so the answer does not say who has an
   * account (docs/security.md says what the sign-up still tells).
   */
  SIGNUP_REFUSED = 'SIGNUP_REFUSED',
  WEAK_PASSWORD = 'WEAK_PASSWORD',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  LOGIN_LOCKED = 'LOGIN_LOCKED',
  SESSION_NOT_FOUND = 'SESSION_NOT_FOUND',
  NOT_A_MEMBER = 'NOT_A_MEMBER',
  /** LOADLINE_SIGNUP=closed, or invite-only without an invite. */
  SIGNUP_CLOSED = 'SIGNUP_CLOSED',
  SIGNUP_THROTTLED = 'SIGNUP_THROTTLED',
}

/** The HTTP status each code answers with. */
const STATUS: Record<AuthErrorCode, number> = {
  [AuthErrorCode.SIGNUP_REFUSED]: 409,
  [AuthErrorCode.WEAK_PASSWORD]: 400,
  [AuthErrorCode.INVALID_CREDENTIALS]: 401,
  [AuthErrorCode.LOGIN_LOCKED]: 429,
  [AuthErrorCode.SESSION_NOT_FOUND]: 404,
  // Another organization's id is a 404 like every other id of another tenant.
  [AuthErrorCode.NOT_A_MEMBER]: 404,
  [AuthErrorCode.SIGNUP_CLOSED]: 403,
  [AuthErrorCode.SIGNUP_THROTTLED]: 429,
};

export class AuthError extends DomainError<AuthErrorCode> {
  readonly status = STATUS[this.code];
}

export const SIGNUP_REFUSED_MESSAGE =
  'No account was made with these details. If you already have an account, log in instead; if you forgot its password, an admin of your organization can give you a reset link.';
