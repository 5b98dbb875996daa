import { DomainError } from '../common/errors/domain-error.js';

export enum OrganizationErrorCode {
  CONFIRMATION_MISMATCH = 'CONFIRMATION_MISMATCH',
  RUNS_ACTIVE = 'RUNS_ACTIVE',
  QUOTA_EXCEEDED = 'QUOTA_EXCEEDED',
  /** A quota above the installation's ceiling (LOADLINE_CEILING_*). */
  QUOTA_ABOVE_CEILING = 'QUOTA_ABOVE_CEILING',
}

export class OrganizationError extends DomainError<OrganizationErrorCode> {}
