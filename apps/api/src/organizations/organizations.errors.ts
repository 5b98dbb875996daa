import { DomainError } from '../common/errors/domain-error.js';

export enum OrganizationErrorCode {
  CONFIRMATION_MISMATCH = 'CONFIRMATION_MISMATCH',
  RUNS_ACTIVE = 'RUNS_ACTIVE',
  QUOTA_EXCEEDED = 'QUOTA_EXCEEDED',
  /** A quota above the installation's ceiling (LOADLINE_CEILING_*). */
  QUOTA_ABOVE_CEILING = 'QUOTA_ABOVE_CEILING',
}

/** The HTTP status each code answers with. */
const STATUS: Record<OrganizationErrorCode, number> = {
  [OrganizationErrorCode.CONFIRMATION_MISMATCH]: 400,
  [OrganizationErrorCode.RUNS_ACTIVE]: 409,
  [OrganizationErrorCode.QUOTA_EXCEEDED]: 422,
  [OrganizationErrorCode.QUOTA_ABOVE_CEILING]: 422,
};

export class OrganizationError extends DomainError<OrganizationErrorCode> {
  readonly status = STATUS[this.code];
}
