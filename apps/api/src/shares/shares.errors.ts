import { DomainError } from '../common/errors/domain-error.js';

export enum ShareErrorCode {
  SHARE_NOT_FOUND = 'SHARE_NOT_FOUND',
}

export class ShareError extends DomainError<ShareErrorCode> {}
