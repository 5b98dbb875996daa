import { CommonErrorCode } from '../errors/domain-error.js';
import { AuthErrorCode } from '../../auth/auth.errors.js';
import { TargetErrorCode } from '../../targets/targets.errors.js';
import { PlanErrorCode } from '../../plans/plans.errors.js';
import { PlanImportErrorCode } from '../../imports/imports.errors.js';
import { RunErrorCode } from '../../runs/runs.errors.js';
import { ApiKeyErrorCode } from '../../api-keys/api-keys.errors.js';
import { MemberErrorCode } from '../../members/members.errors.js';
import { OrganizationErrorCode } from '../../organizations/organizations.errors.js';
import { ShareErrorCode } from '../../shares/shares.errors.js';
import { TriggerErrorCode } from '../../triggers/triggers.errors.js';
import { WebhookErrorCode } from '../../webhooks/webhooks.errors.js';
import { ScheduleErrorCode } from '../../schedules/schedules.errors.js';
import { BaselineErrorCode } from '../../baselines/baselines.errors.js';

type AnyErrorCode =
  | CommonErrorCode
  | AuthErrorCode
  | ApiKeyErrorCode
  | MemberErrorCode
  | OrganizationErrorCode
  | ShareErrorCode
  | TriggerErrorCode
  | WebhookErrorCode
  | ScheduleErrorCode
  | BaselineErrorCode
  | TargetErrorCode
  | PlanErrorCode
  | PlanImportErrorCode
  | RunErrorCode;

/** The HTTP status of every error code the API can answer with, in one table. */
export const HTTP_STATUS_BY_CODE: Record<AnyErrorCode, number> = {
  [CommonErrorCode.VALIDATION_FAILED]: 400,
  [CommonErrorCode.MALFORMED_JSON]: 400,
  [CommonErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [CommonErrorCode.ROUTE_NOT_FOUND]: 404,
  [CommonErrorCode.METHOD_NOT_ALLOWED]: 405,
  [CommonErrorCode.FORBIDDEN]: 403,
  [CommonErrorCode.RATE_LIMITED]: 429,
  [CommonErrorCode.CSRF_FAILED]: 403,
  [CommonErrorCode.SERVICE_UNAVAILABLE]: 503,
  [CommonErrorCode.INTERNAL]: 500,
  [AuthErrorCode.EMAIL_TAKEN]: 409,
  [AuthErrorCode.INVALID_CREDENTIALS]: 401,
  [AuthErrorCode.UNAUTHENTICATED]: 401,
  [AuthErrorCode.SESSION_EXPIRED]: 401,
  [AuthErrorCode.WEAK_PASSWORD]: 400,
  [AuthErrorCode.LOGIN_LOCKED]: 429,
  [AuthErrorCode.SIGNUP_CLOSED]: 403,
  [AuthErrorCode.SIGNUP_THROTTLED]: 429,
  [AuthErrorCode.SESSION_NOT_FOUND]: 404,
  [AuthErrorCode.API_KEY_REVOKED]: 401,
  [AuthErrorCode.API_KEY_EXPIRED]: 401,
  [AuthErrorCode.SESSION_REQUIRED]: 403,
  // Another organization's id is a 404 like every other id of another tenant.
  [AuthErrorCode.NOT_A_MEMBER]: 404,
  [ApiKeyErrorCode.API_KEY_NOT_FOUND]: 404,
  [ApiKeyErrorCode.ROLE_NOT_GRANTABLE]: 403,
  [ApiKeyErrorCode.UNKNOWN_ROLE]: 400,
  [MemberErrorCode.MEMBER_NOT_FOUND]: 404,
  [MemberErrorCode.LAST_OWNER]: 409,
  // MemberErrorCode.ROLE_NOT_GRANTABLE and UNKNOWN_ROLE are the same codes as the API keys' above.
  [MemberErrorCode.INVITE_NOT_FOUND]: 404,
  [MemberErrorCode.INVITE_EXPIRED]: 410,
  [MemberErrorCode.INVITE_REVOKED]: 410,
  [MemberErrorCode.INVITE_ALREADY_USED]: 409,
  [MemberErrorCode.ALREADY_MEMBER]: 409,
  [MemberErrorCode.INVITE_FOR_ANOTHER_EMAIL]: 403,
  [OrganizationErrorCode.CONFIRMATION_MISMATCH]: 400,
  [OrganizationErrorCode.RUNS_ACTIVE]: 409,
  [OrganizationErrorCode.QUOTA_EXCEEDED]: 422,
  [OrganizationErrorCode.QUOTA_ABOVE_CEILING]: 422,
  [ShareErrorCode.SHARE_NOT_FOUND]: 404,
  [TriggerErrorCode.TRIGGER_NOT_FOUND]: 404,
  [WebhookErrorCode.WEBHOOK_NOT_FOUND]: 404,
  [WebhookErrorCode.DELIVERY_NOT_FOUND]: 404,
  [ScheduleErrorCode.SCHEDULE_NOT_FOUND]: 404,
  [BaselineErrorCode.BASELINE_RUN_INVALID]: 422,
  [CommonErrorCode.INVALID_IDEMPOTENCY_KEY]: 400,
  [TargetErrorCode.TARGET_NOT_FOUND]: 404,
  [TargetErrorCode.ADDRESS_NOT_ALLOWED]: 422,
  [TargetErrorCode.HOST_UNRESOLVABLE]: 422,
  [TargetErrorCode.VERIFICATION_FAILED]: 422,
  [TargetErrorCode.TARGET_UNVERIFIED]: 422,
  [PlanErrorCode.PLAN_NOT_FOUND]: 404,
  [PlanErrorCode.PLAN_INVALID]: 400,
  [PlanImportErrorCode.IMPORT_INVALID]: 400,
  [PlanErrorCode.PLAN_VERSION_NOT_FOUND]: 404,
  [PlanErrorCode.SCRIPT_CHECK_UNAVAILABLE]: 503,
  [PlanErrorCode.SCRIPT_THRESHOLD_UNSUPPORTED]: 422,
  [RunErrorCode.RUN_NOT_FOUND]: 404,
  [RunErrorCode.RUN_TARGET_GONE]: 409,
  [RunErrorCode.QUEUE_UNAVAILABLE]: 503,
  [RunErrorCode.RUN_NOT_CANCELLABLE]: 409,
  [RunErrorCode.IDEMPOTENCY_KEY_REUSED]: 409,
  [RunErrorCode.SEGMENTS_EXCEED_RUNNERS]: 422,
  [RunErrorCode.SEGMENTS_EXCEED_VUS]: 422,
};

export function httpStatusOf(code: string): number {
  return HTTP_STATUS_BY_CODE[code as AnyErrorCode] ?? 500;
}
