import type { ErrorDetail } from '@loadline/shared';
import { DomainError } from '../common/errors/domain-error.js';

export enum DataSetErrorCode {
  DATA_SET_NOT_FOUND = 'DATA_SET_NOT_FOUND',
  /** The file is not a usable data set: the message and details name the line (CSV) or row (JSON). */
  DATA_SET_INVALID = 'DATA_SET_INVALID',
  /** More bytes than LOADLINE_DATA_SET_MAX_BYTES. */
  DATA_SET_TOO_LARGE = 'DATA_SET_TOO_LARGE',
  /** Neither text/csv nor application/json. */
  DATA_SET_UNSUPPORTED_TYPE = 'DATA_SET_UNSUPPORTED_TYPE',
  /** A plan's current version uses the set: deleting it would break the plan. */
  DATA_SET_IN_USE = 'DATA_SET_IN_USE',
  /** The secret cells were sealed under another LOADLINE_SECRET_KEY (a database restored under a new key). */
  DATA_SET_SECRETS_UNREADABLE = 'DATA_SET_SECRETS_UNREADABLE',
}

const STATUS: Record<DataSetErrorCode, number> = {
  [DataSetErrorCode.DATA_SET_NOT_FOUND]: 404,
  [DataSetErrorCode.DATA_SET_INVALID]: 422,
  [DataSetErrorCode.DATA_SET_TOO_LARGE]: 413,
  [DataSetErrorCode.DATA_SET_UNSUPPORTED_TYPE]: 415,
  [DataSetErrorCode.DATA_SET_IN_USE]: 409,
  [DataSetErrorCode.DATA_SET_SECRETS_UNREADABLE]: 409,
};

export class DataSetError extends DomainError<DataSetErrorCode> {
  readonly status = STATUS[this.code];

  static notFound(name: string, version?: number): DataSetError {
    return new DataSetError(DataSetErrorCode.DATA_SET_NOT_FOUND, version ? `Data set ${name} has no version ${version}` : `No data set named ${name}`, [
      { path: 'name', message: name },
    ]);
  }

  static invalid(message: string, details: ErrorDetail[]): DataSetError {
    return new DataSetError(DataSetErrorCode.DATA_SET_INVALID, message, details);
  }

  static tooLarge(maxBytes: number): DataSetError {
    return new DataSetError(DataSetErrorCode.DATA_SET_TOO_LARGE, `A data set file may be at most ${maxBytes.toLocaleString('en-US')} bytes`, [
      { path: '(body)', message: `larger than ${maxBytes} bytes` },
    ]);
  }
}
