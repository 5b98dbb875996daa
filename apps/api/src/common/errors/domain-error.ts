import type { ErrorDetail } from '@loadline/shared';

/**
 * Base of every error the API raises on purpose. Each domain has one subclass with its own
 * code enum; the HTTP status for each code is decided in one place (http/error-status.ts).
 */
export abstract class DomainError<Code extends string = string> extends Error {
  /** Response headers that go with the error (e.g. Retry-After on a 429). */
  readonly headers: Record<string, string> = {};

  constructor(
    readonly code: Code,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }

  withHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }
}

/** Errors not owned by one domain: malformed requests, missing routes, auth at the edge. */
export enum CommonErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  MALFORMED_JSON = 'MALFORMED_JSON',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  ROUTE_NOT_FOUND = 'ROUTE_NOT_FOUND',
  METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED',
  FORBIDDEN = 'FORBIDDEN',
  RATE_LIMITED = 'RATE_LIMITED',
  CSRF_FAILED = 'CSRF_FAILED',
  INVALID_IDEMPOTENCY_KEY = 'INVALID_IDEMPOTENCY_KEY',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  INTERNAL = 'INTERNAL',
}

export class CommonError extends DomainError<CommonErrorCode> {}
