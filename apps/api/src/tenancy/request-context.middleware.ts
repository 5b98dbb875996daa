import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { runWithContext } from './request-context.js';

/** Opens an empty context for each request; the auth guard fills in who is calling. */
export function requestContextMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 100) || randomUUID();
  runWithContext({ requestId, ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 300) }, () => next());
}
