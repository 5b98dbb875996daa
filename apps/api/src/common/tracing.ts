import type { TracingOptions } from '@loadline/tracing';
import { routeOf } from './http/route-of.js';

/**
 * The API's traces (docs/tracing.md). Imported by main.ts before anything else, so it holds
 * nothing that loads an instrumented module (Express, Nest, pg, ioredis).
 */
export const API_TRACING: TracingOptions = {
  serviceName: 'loadline-api',
  instrumentations: ['http', 'express', 'ioredis', 'pg'],
  // Probes come every few seconds from every kubelet, and /metrics from every scrape: not traced.
  ignoreIncoming: (path) => path === '/metrics' || path === '/api/v1/health' || path.startsWith('/api/v1/health/'),
  describeRequest: (req, res) => {
    const route = routeOf(req);
    const requestId = res.getHeader('x-request-id');
    return { route: route === 'unmatched' ? undefined : route, requestId: typeof requestId === 'string' ? requestId : undefined };
  },
};
