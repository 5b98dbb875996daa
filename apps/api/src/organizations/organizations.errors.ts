import { DomainError } from '../common/errors/domain-error.js';

export enum OrganizationErrorCode {
  CONFIRMATION_MISMATCH = 'CONFIRMATION_MISMATCH',
  RUNS_ACTIVE = 'RUNS_ACTIVE',
  QUOTA_EXCEEDED = 'QUOTA_EXCEEDED',
}

export class OrganizationError extends DomainError<OrganizationErrorCode> {}
