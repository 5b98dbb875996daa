import { DomainError } from '../common/errors/domain-error.js';

export enum PlanErrorCode {
  PLAN_NOT_FOUND = 'PLAN_NOT_FOUND',
  PLAN_INVALID = 'PLAN_INVALID',
}

export class PlanError extends DomainError<PlanErrorCode> {
  static notFound(id: string): PlanError {
    return new PlanError(PlanErrorCode.PLAN_NOT_FOUND, `No plan with id ${id}`);
  }
}
