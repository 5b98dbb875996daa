import { DomainError } from '../common/errors/domain-error.js';

export enum AuthErrorCode {
  EMAIL_TAKEN = 'EMAIL_TAKEN',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  SESSION_EXPIRED = 'SESSION_EXPIRED',
}

export class AuthError extends DomainError<AuthErrorCode> {}
