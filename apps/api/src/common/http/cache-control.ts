import { createHash } from 'node:crypto';
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

interface Written {
  text: string;
  etag: string;
}

/** The JSON text and ETag of values that never change again, written once per value. */
const written = new WeakMap<object, Written>();

/** The text of a value that never changes, and its ETag (Express's weak form: length and SHA-1). */
export function frozenJson(value: object): Written {
  let entry = written.get(value);
  if (entry === undefined) {
    const text = JSON.stringify(value);
    const hash = createHash('sha1').update(text, 'utf8').digest('base64').slice(0, 27);
    entry = { text, etag: `W/"${Buffer.byteLength(text, 'utf8').toString(16)}-${hash}"` };
    written.set(value, entry);
  }
  return entry;
}

/**
 * A route's answer that is final once `final` (a finished run, its series): revalidateWhenFinal,
 * and the JSON text and ETag written the first time this very value was answered, so a value
 * kept for a finished run (run-view.ts, run-live.service.ts) is not written again nor hashed
 * again at every request. Callers must hand over values that are never mutated.
 */
export function finalAnswer<T extends object>(res: Response, value: T, final: boolean): T | string {
  revalidateWhenFinal(res, final);
  if (!final) return value;
  const { text, etag } = frozenJson(value);
  res.setHeader('ETag', etag);
  res.type('application/json');
  return text;
}
