import type { ErrorDetail } from '@loadline/shared';

/**
 * Base of every error the API raises on purpose. Each domain has one subclass with its own
 * code enum and the HTTP status of each code, in its own errors file: a new domain adds its
 * codes without touching a table that knows every domain.
 */
export abstract class DomainError<Code extends string = string> extends Error {
  /** Response headers that go with the error (e.g. Retry-After on a 429). */
  readonly headers: Record<string, string> = {};
  /** The HTTP status the error answers with (the domain's table, by code). */
  abstract readonly status: number;

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
  /** A stored row this release cannot decode (stored-json.ts): a bug or a downgrade, never bad input. */
  STORED_DATA_UNREADABLE = 'STORED_DATA_UNREADABLE',
}

/** The HTTP status each code answers with. */
const STATUS: Record<CommonErrorCode, number> = {
  [CommonErrorCode.VALIDATION_FAILED]: 400,
  [CommonErrorCode.MALFORMED_JSON]: 400,
  [CommonErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [CommonErrorCode.ROUTE_NOT_FOUND]: 404,
  [CommonErrorCode.METHOD_NOT_ALLOWED]: 405,
  [CommonErrorCode.FORBIDDEN]: 403,
  [CommonErrorCode.RATE_LIMITED]: 429,
  [CommonErrorCode.CSRF_FAILED]: 403,
  [CommonErrorCode.INVALID_IDEMPOTENCY_KEY]: 400,
  [CommonErrorCode.SERVICE_UNAVAILABLE]: 503,
  [CommonErrorCode.INTERNAL]: 500,
  [CommonErrorCode.STORED_DATA_UNREADABLE]: 500,
};

export class CommonError extends DomainError<CommonErrorCode> {
  readonly status = STATUS[this.code];
}
