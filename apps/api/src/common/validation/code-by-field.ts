import type { ErrorDetail } from '@loadline/shared';
import { CommonError, CommonErrorCode, type DomainError } from '../errors/domain-error.js';

/**
 * For ZodPipe: a validation failure confined to one field gets that field's own code
 * (e.g. a weak password answers WEAK_PASSWORD, not a generic VALIDATION_FAILED).
 */
export function codeByField(codes: Record<string, (message: string, details: ErrorDetail[]) => DomainError>) {
  return (message: string, details: ErrorDetail[]): DomainError => {
    const fields = new Set(details.map((detail) => detail.path.split('.')[0]!));
    const only = fields.size === 1 ? [...fields][0]! : undefined;
    const build = only ? codes[only] : undefined;
    return build ? build(message, details) : new CommonError(CommonErrorCode.VALIDATION_FAILED, message, details);
  };
}
