import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { runWithContext } from './request-context.js';

/**
 * A caller's (or proxy's) X-Request-Id is kept when it is a plain token, so one id follows a
 * request through the ingress and the API; anything else (control characters, spaces, log
 * injection) is replaced by a fresh id rather than cleaned, so a kept id is always verbatim.
 */
const USABLE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,100}$/;

export function requestIdOf(given: string | string[] | undefined): string {
  const value = Array.isArray(given) ? given[0] : given;
  return value && USABLE_REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * Opens an empty context for each request (the auth guard fills in who is calling) and
 * answers with its request id, which access logs and error answers (`reference`) also carry.
 */
export function requestContextMiddleware(req: Request, res: Response, next: NextFunction): void {
  const requestId = requestIdOf(req.headers['x-request-id']);
  res.setHeader('X-Request-Id', requestId);
  runWithContext({ requestId, ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 300) }, () => next());
}
