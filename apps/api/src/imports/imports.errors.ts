import { ImportError } from '@loadline/shared';
import { DomainError } from '../common/errors/domain-error.js';

export enum PlanImportErrorCode {
  IMPORT_INVALID = 'IMPORT_INVALID',
}

export class PlanImportError extends DomainError<PlanImportErrorCode> {
  /** A document the importer could not read: the detail's path is where in the document. */
  static from(error: ImportError): PlanImportError {
    return new PlanImportError(PlanImportErrorCode.IMPORT_INVALID, error.message, [{ path: error.where, message: error.problem }]);
  }
}
