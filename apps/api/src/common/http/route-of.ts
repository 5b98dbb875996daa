import type { IncomingMessage } from 'node:http';

/**
 * The route a request matched, as its template (`/api/v1/runs/:id`), so metric series do not
 * grow one per id and no raw path (share tokens are in paths) reaches a label or a span;
 * requests that matched no route are one value, never their raw path.
 */
export function routeOf(req: IncomingMessage): string {
  const { route, baseUrl } = req as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
  if (route && typeof route.path === 'string') return `${baseUrl ?? ''}${route.path}`;
  return 'unmatched';
}
