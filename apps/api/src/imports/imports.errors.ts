import { ImportError } from '@loadline/shared';
import { DomainError } from '../common/errors/domain-error.js';

export enum PlanImportErrorCode {
  IMPORT_INVALID = 'IMPORT_INVALID',
}

/** The HTTP status each code answers with. */
const STATUS: Record<PlanImportErrorCode, number> = {
  [PlanImportErrorCode.IMPORT_INVALID]: 400,
};

export class PlanImportError extends DomainError<PlanImportErrorCode> {
  readonly status = STATUS[this.code];

  /** A document the importer could not read: the detail's path is where in the document. */
  static from(error: ImportError): PlanImportError {
    return new PlanImportError(PlanImportErrorCode.IMPORT_INVALID, error.message, [{ path: error.where, message: error.problem }]);
  }
}
