import { CommonErrorCode } from '../errors/domain-error.js';
import { AuthErrorCode } from '../../auth/auth.errors.js';
import { TargetErrorCode } from '../../targets/targets.errors.js';
import { PlanErrorCode } from '../../plans/plans.errors.js';
import { RunErrorCode } from '../../runs/runs.errors.js';

type AnyErrorCode = CommonErrorCode | AuthErrorCode | TargetErrorCode | PlanErrorCode | RunErrorCode;

/** The HTTP status of every error code the API can answer with, in one table. */
export const HTTP_STATUS_BY_CODE: Record<AnyErrorCode, number> = {
  [CommonErrorCode.VALIDATION_FAILED]: 400,
  [CommonErrorCode.MALFORMED_JSON]: 400,
  [CommonErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [CommonErrorCode.ROUTE_NOT_FOUND]: 404,
  [CommonErrorCode.METHOD_NOT_ALLOWED]: 405,
  [CommonErrorCode.FORBIDDEN]: 403,
  [CommonErrorCode.SERVICE_UNAVAILABLE]: 503,
  [CommonErrorCode.INTERNAL]: 500,
  [AuthErrorCode.EMAIL_TAKEN]: 409,
  [AuthErrorCode.INVALID_CREDENTIALS]: 401,
  [AuthErrorCode.UNAUTHENTICATED]: 401,
  [AuthErrorCode.SESSION_EXPIRED]: 401,
  [TargetErrorCode.TARGET_NOT_FOUND]: 404,
  [PlanErrorCode.PLAN_NOT_FOUND]: 404,
  [PlanErrorCode.PLAN_INVALID]: 400,
  [RunErrorCode.RUN_NOT_FOUND]: 404,
  [RunErrorCode.RUN_TARGET_GONE]: 409,
  [RunErrorCode.QUEUE_UNAVAILABLE]: 503,
  [RunErrorCode.RUN_NOT_CANCELLABLE]: 409,
};

export function httpStatusOf(code: string): number {
  return HTTP_STATUS_BY_CODE[code as AnyErrorCode] ?? 500;
}
