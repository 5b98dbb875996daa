import { StoredJsonError } from '@loadline/shared';
import { Catch, HttpException, Logger, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { MethodTable } from './method-table.js';
import type { ErrorBody } from '@loadline/shared';
import { CommonErrorCode, DomainError } from '../errors/domain-error.js';
import { currentContext } from '../../tenancy/request-context.js';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Codes that mean "the database or Redis cannot be reached right now": Node socket errors, PostgreSQL connection classes (08, 57P0x), Prisma's connection errors. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  'P1001',
  'P1002',
  'P1017',
  'P2024',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Connection is closed|connect ECONNREFUSED|Can't reach database server|MaxRetriesPerRequest|Timed out fetching a new connection/i;

/** Whether an error (or one it wraps) is a dependency being down rather than a fault of the request or the code. */
export function dependencyDown(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, name } = error as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  return dependencyDown(cause, depth + 1);
}

function body(code: string, message: string, details: ErrorBody['error']['details'] = []): ErrorBody {
  const requestId = currentContext()?.requestId;
  return { error: { code, message, details, ...(requestId ? { requestId } : {}) } };
}

/**
 * The single place errors become HTTP responses: domain errors by their code, framework and
 * body-parser errors by kind, anything else as a bare 500 with a reference (the stack goes to
 * the log, never to the client).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  /** `methods`: the application's routes, to tell a wrong method (405) from a wrong path (404). */
  constructor(private readonly methods?: MethodTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    if (exception instanceof NotFoundException && this.methods && !res.headersSent) {
      // originalUrl: req.path is relative to where Nest's router is mounted.
      const allowed = this.methods.allowed(req.originalUrl.split('?')[0] ?? '');
      if (allowed.length && !allowed.includes(req.method)) {
        res.setHeader('Allow', allowed.join(', '));
        res.status(405).json(body(CommonErrorCode.METHOD_NOT_ALLOWED, `${req.method} is not allowed here; use ${allowed.join(', ')}`));
        return;
      }
    }
    const [status, payload] = this.describe(exception);
    if (status === 500) {
      this.logger.error({ requestId: currentContext()?.requestId, err: exception instanceof Error ? exception.stack : String(exception) }, 'request failed');
    } else if (status > 500) {
      // Unavailable for a moment (a dependency, no runner): worth a line, not a stack.
      this.logger.warn(
        { requestId: currentContext()?.requestId, code: payload.error.code, cause: exception instanceof Error ? exception.message : String(exception) },
        'request refused: unavailable',
      );
    }
    if (res.headersSent) return;
    if (exception instanceof DomainError) for (const [name, value] of Object.entries(exception.headers)) res.setHeader(name, value);
    if (status === 503 && !res.getHeader('Retry-After')) res.setHeader('Retry-After', '5');
    res.status(status).json(payload);
  }

  private describe(exception: unknown): [number, ErrorBody] {
    if (exception instanceof DomainError) {
      return [exception.status, body(exception.code, exception.message, exception.details)];
    }
    // Express's body parser errors reach us either bare or wrapped by Nest.
    const parserError = ((exception instanceof HttpException ? exception.cause : undefined) ?? exception) as BodyParserError;
    if (parserError?.type === 'entity.parse.failed' || (exception instanceof Error && / in JSON at position /.test(exception.message))) {
      return [400, body(CommonErrorCode.MALFORMED_JSON, 'The request body is not valid JSON')];
    }
    if (parserError?.type === 'entity.too.large') {
      return [413, body(CommonErrorCode.PAYLOAD_TOO_LARGE, 'The request body is too large')];
    }
    if (dependencyDown(exception)) {
      // A blip of PostgreSQL or Redis: the client should retry, not report a bug.
      return [503, body(CommonErrorCode.SERVICE_UNAVAILABLE, 'A service the API depends on is unreachable for a moment; try again shortly')];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code =
        status === 404
          ? CommonErrorCode.ROUTE_NOT_FOUND
          : status === 405
            ? CommonErrorCode.METHOD_NOT_ALLOWED
            : status === 413
              ? CommonErrorCode.PAYLOAD_TOO_LARGE
              : status === 400
                ? CommonErrorCode.VALIDATION_FAILED
                : CommonErrorCode.INTERNAL;
      const message = status === 404 ? 'No such route' : status < 500 ? exception.message : 'Internal error';
      return [status, body(code, message)];
    }
    const reference = currentContext()?.requestId;
    if (exception instanceof StoredJsonError) {
      // Said as it is (the log has the column and the issues): an old report that stops rendering must be noticed.
      return [
        500,
        body(CommonErrorCode.STORED_DATA_UNREADABLE, `Stored data of this item cannot be read by this release${reference ? ` (reference ${reference})` : ''}`),
      ];
    }
    return [500, body(CommonErrorCode.INTERNAL, `Internal error${reference ? ` (reference ${reference})` : ''}`)];
  }
}
