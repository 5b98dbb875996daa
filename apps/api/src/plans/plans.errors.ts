import type { ErrorDetail } from '@loadline/shared';
import { DomainError } from '../common/errors/domain-error.js';

export enum PlanErrorCode {
  PLAN_NOT_FOUND = 'PLAN_NOT_FOUND',
  PLAN_INVALID = 'PLAN_INVALID',
  PLAN_VERSION_NOT_FOUND = 'PLAN_VERSION_NOT_FOUND',
  SCRIPT_CHECK_UNAVAILABLE = 'SCRIPT_CHECK_UNAVAILABLE',
  /** The organization has as many script checks in flight, or had as many this minute, as it may. */
  SCRIPT_CHECK_THROTTLED = 'SCRIPT_CHECK_THROTTLED',
  /** A threshold of a custom script's options that Loadline cannot judge (named, with why). */
  SCRIPT_THRESHOLD_UNSUPPORTED = 'SCRIPT_THRESHOLD_UNSUPPORTED',
  /** The plan uses a data set (or a version of one) the organization does not have. */
  UNKNOWN_DATA_SET = 'UNKNOWN_DATA_SET',
  /** A {{data.set.column}} names a column the set's version does not have. */
  UNKNOWN_DATA_COLUMN = 'UNKNOWN_DATA_COLUMN',
}

/** The HTTP status each code answers with. */
const STATUS: Record<PlanErrorCode, number> = {
  [PlanErrorCode.PLAN_NOT_FOUND]: 404,
  [PlanErrorCode.PLAN_INVALID]: 400,
  [PlanErrorCode.PLAN_VERSION_NOT_FOUND]: 404,
  [PlanErrorCode.SCRIPT_CHECK_UNAVAILABLE]: 503,
  [PlanErrorCode.SCRIPT_CHECK_THROTTLED]: 429,
  [PlanErrorCode.SCRIPT_THRESHOLD_UNSUPPORTED]: 422,
  [PlanErrorCode.UNKNOWN_DATA_SET]: 422,
  [PlanErrorCode.UNKNOWN_DATA_COLUMN]: 422,
};

export class PlanError extends DomainError<PlanErrorCode> {
  readonly status = STATUS[this.code];

  /**
   * A plan written in the one-scenario shorthand (`load` and `requests` at the top) is
   * validated as scenario 0; its errors name the fields as the client wrote them.
   */
  static invalid(message: string, details: ErrorDetail[], input?: unknown): PlanError {
    const shorthand = !!input && typeof input === 'object' && !('scenarios' in input);
    const unprefix = (text: string) => (shorthand ? text.replaceAll('scenarios.0.', '') : text);
    return new PlanError(
      PlanErrorCode.PLAN_INVALID,
      unprefix(message),
      details.map((detail) => ({ ...detail, path: unprefix(detail.path) })),
    );
  }

  static notFound(id: string): PlanError {
    return new PlanError(PlanErrorCode.PLAN_NOT_FOUND, `No plan with id ${id}`);
  }
}
