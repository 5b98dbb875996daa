import type { IncomingMessage } from 'node:http';
import { redactPath } from '@loadline/tracing';

type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string; params?: Record<string, string>; originalUrl?: string };

/** Route parameters that are bearer secrets (share links, invitations, triggers): never logged. */
const SECRET_PARAMS = new Set(['token']);

/**
 * The route a request matched, as its template (`/api/v1/runs/:id`), so metric series do not
 * grow one per id and no raw path (share tokens are in paths) reaches a label or a span;
 * requests that matched no route are one value, never their raw path.
 */
export function routeOf(req: IncomingMessage): string {
  const { route, baseUrl } = req as RoutedRequest;
  if (route && typeof route.path === 'string') return `${baseUrl ?? ''}${route.path}`;
  return 'unmatched';
}

/**
 * The path for the access log: the route template with its ids filled in (a run's id helps
 * whoever reads the log) but secret parameters left as their names; a request that matched
 * no route gets its path with every segment that is not a plain word redacted, as in spans.
 */
export function pathForLog(req: IncomingMessage): string {
  const route = routeOf(req);
  const { params = {}, originalUrl, url } = req as RoutedRequest;
  if (route === 'unmatched') return redactPath((originalUrl ?? url ?? '').slice(0, 200));
  return route.replace(/:(\w+)/g, (name: string, key: string) => (SECRET_PARAMS.has(key) || params[key] === undefined ? name : params[key].slice(0, 100)));
}
