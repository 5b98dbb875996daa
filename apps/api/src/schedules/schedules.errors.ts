import { DomainError } from '../common/errors/domain-error.js';

export enum ScheduleErrorCode {
  SCHEDULE_NOT_FOUND = 'SCHEDULE_NOT_FOUND',
}

export class ScheduleError extends DomainError<ScheduleErrorCode> {}
