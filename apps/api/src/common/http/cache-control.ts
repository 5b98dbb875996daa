import type { Response } from 'express';

/**
 * A finished run's answers no longer change, so the browser may keep them and ask again with
 * If-None-Match, which Express answers 304 from its ETag (a hash of the body) without sending
 * the body again. `private`: they belong to one organization (or one share link), never to a
 * shared cache. Anything still changing keeps the API's default `no-store`.
 */
export function revalidateWhenFinal(res: Response, final: boolean): void {
  if (final) res.setHeader('Cache-Control', 'private, no-cache');
}
