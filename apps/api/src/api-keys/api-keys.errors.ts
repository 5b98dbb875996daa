import { DomainError } from '../common/errors/domain-error.js';

export enum ApiKeyErrorCode {
  API_KEY_NOT_FOUND = 'API_KEY_NOT_FOUND',
  ROLE_NOT_GRANTABLE = 'ROLE_NOT_GRANTABLE',
  UNKNOWN_ROLE = 'UNKNOWN_ROLE',
}

export class ApiKeyError extends DomainError<ApiKeyErrorCode> {}
