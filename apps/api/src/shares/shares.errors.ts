import { DomainError } from '../common/errors/domain-error.js';

export enum ShareErrorCode {
  SHARE_NOT_FOUND = 'SHARE_NOT_FOUND',
}

/** The HTTP status each code answers with. */
const STATUS: Record<ShareErrorCode, number> = {
  [ShareErrorCode.SHARE_NOT_FOUND]: 404,
};

export class ShareError extends DomainError<ShareErrorCode> {
  readonly status = STATUS[this.code];
}
