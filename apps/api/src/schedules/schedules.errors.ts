import { DomainError } from '../common/errors/domain-error.js';

export enum ScheduleErrorCode {
  SCHEDULE_NOT_FOUND = 'SCHEDULE_NOT_FOUND',
}

/** The HTTP status each code answers with. */
const STATUS: Record<ScheduleErrorCode, number> = {
  [ScheduleErrorCode.SCHEDULE_NOT_FOUND]: 404,
};

export class ScheduleError extends DomainError<ScheduleErrorCode> {
  readonly status = STATUS[this.code];
}
