import type { ErrorDetail } from '@loadline/shared';
import { DomainError } from '../common/errors/domain-error.js';

export enum PlanErrorCode {
  PLAN_NOT_FOUND = 'PLAN_NOT_FOUND',
  PLAN_INVALID = 'PLAN_INVALID',
}

export class PlanError extends DomainError<PlanErrorCode> {
  static invalid(message: string, details: ErrorDetail[]): PlanError {
    return new PlanError(PlanErrorCode.PLAN_INVALID, message, details);
  }

  static notFound(id: string): PlanError {
    return new PlanError(PlanErrorCode.PLAN_NOT_FOUND, `No plan with id ${id}`);
  }
}
