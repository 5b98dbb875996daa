import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { idempotencyKeySchema } from '@loadline/shared';
import { CommonError, CommonErrorCode } from '../errors/domain-error.js';

/**
 * The request's Idempotency-Key header: undefined when absent, 400 INVALID_IDEMPOTENCY_KEY
 * when malformed. Retries of a request with the same key answer what the first one did.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<Request>().headers['idempotency-key'];
  if (value === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'invalid';
    throw new CommonError(CommonErrorCode.INVALID_IDEMPOTENCY_KEY, `Invalid Idempotency-Key header: ${message}`, [{ path: 'Idempotency-Key', message }]);
  }
  return parsed.data;
});
