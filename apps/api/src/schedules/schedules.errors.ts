import { DomainError } from '../common/errors/domain-error.js';

export enum ScheduleErrorCode {
  SCHEDULE_NOT_FOUND = 'SCHEDULE_NOT_FOUND',
  /** A cron firing more often than LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS allows. */
  SCHEDULE_TOO_FREQUENT = 'SCHEDULE_TOO_FREQUENT',
  /** The organization has LOADLINE_SCHEDULES_PER_ORGANIZATION schedules already. */
  SCHEDULE_LIMIT_REACHED = 'SCHEDULE_LIMIT_REACHED',
}

/** The HTTP status each code answers with. */
const STATUS: Record<ScheduleErrorCode, number> = {
  [ScheduleErrorCode.SCHEDULE_NOT_FOUND]: 404,
  [ScheduleErrorCode.SCHEDULE_TOO_FREQUENT]: 422,
  [ScheduleErrorCode.SCHEDULE_LIMIT_REACHED]: 422,
};

export class ScheduleError extends DomainError<ScheduleErrorCode> {
  readonly status = STATUS[this.code];
}
