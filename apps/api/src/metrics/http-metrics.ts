import type { NextFunction, Request, Response } from 'express';
import type pino from 'pino';
import { currentContext } from '../tenancy/request-context.js';
import { httpRequestDuration } from './metrics.js';
import { pathForLog, routeOf } from '../common/http/route-of.js';

/**
 * One access-log line and one duration observation per request, when the answer is finished.
 * Mounted after the request-context middleware, so the line carries the request id.
 */
export function httpMetrics(logger: pino.Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const requestId = currentContext()?.requestId;
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req);
      httpRequestDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      // Probes come every few seconds from every kubelet: kept out of the info-level log.
      logger[route.includes('/health') ? 'debug' : 'info'](
        {
          requestId,
          method: req.method,
          route,
          path: pathForLog(req),
          status: res.statusCode,
          durationMs: Math.round(seconds * 1000),
        },
        'request',
      );
    });
    next();
  };
}
