import { Injectable, type PipeTransform } from '@nestjs/common';
import { zodIssuesToDetails, type ErrorDetail } from '@loadline/shared';
import type { z } from 'zod';
import { CommonError, CommonErrorCode, type DomainError } from '../errors/domain-error.js';

/**
 * Validates a request part with a shared zod schema and returns the parsed value (defaults
 * applied). Failures become 400 VALIDATION_FAILED naming each offending field.
 */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(
    private readonly schema: S,
    private readonly what = 'request body',
    /** Builds the error, for domains with their own code (e.g. PLAN_INVALID); gets the raw input too. */
    private readonly toError: (message: string, details: ErrorDetail[], input: unknown) => DomainError = (message, details) =>
      new CommonError(CommonErrorCode.VALIDATION_FAILED, message, details),
  ) {}

  transform(value: unknown): z.infer<S> {
    let result: z.ZodSafeParseResult<z.infer<S>>;
    try {
      result = this.schema.safeParse(value ?? {}) as z.ZodSafeParseResult<z.infer<S>>;
    } catch {
      // A refinement that met input it did not expect: still the input's fault, never a 500.
      throw this.toError(`Invalid ${this.what}: a value has an unexpected form`, [{ path: '', message: 'could not be validated' }], value);
    }
    if (result.success) return result.data;
    const details = zodIssuesToDetails(result.error);
    const first = details[0];
    throw this.toError(`Invalid ${this.what}${first ? `: ${first.path}: ${first.message}` : ''}`, details, value);
  }
}
