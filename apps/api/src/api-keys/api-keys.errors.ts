import { DomainError } from '../common/errors/domain-error.js';

export enum ApiKeyErrorCode {
  API_KEY_NOT_FOUND = 'API_KEY_NOT_FOUND',
  ROLE_NOT_GRANTABLE = 'ROLE_NOT_GRANTABLE',
  UNKNOWN_ROLE = 'UNKNOWN_ROLE',
}

/** The HTTP status each code answers with. */
const STATUS: Record<ApiKeyErrorCode, number> = {
  [ApiKeyErrorCode.API_KEY_NOT_FOUND]: 404,
  [ApiKeyErrorCode.ROLE_NOT_GRANTABLE]: 403,
  [ApiKeyErrorCode.UNKNOWN_ROLE]: 400,
};

export class ApiKeyError extends DomainError<ApiKeyErrorCode> {
  readonly status = STATUS[this.code];
}
