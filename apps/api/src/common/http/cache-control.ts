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

/** A JSON answer written once: its bytes and its ETag (Express's weak form: length and SHA-1). */
export interface Written {
  body: Buffer;
  etag: string;
}

/** Writes JSON text once: its bytes and ETag, so neither is made again per request. */
export function writeJson(text: string): Written {
  const body = Buffer.from(text, 'utf8');
  return { body, etag: `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"` };
}

/** The bytes and ETag of values that never change again, written once per value. */
const written = new WeakMap<object, Written>();

/** A value that never changes, written once (see writeJson). Callers must not mutate it. */
export function frozenJson(value: object): Written {
  let entry = written.get(value);
  if (entry === undefined) {
    entry = writeJson(JSON.stringify(value));
    written.set(value, entry);
  }
  return entry;
}

/**
 * Sends JSON already written: its bytes as they are (no text encoded again) and its ETag (no
 * hash of the body per request); Express still answers 304 to a matching If-None-Match.
 * For handlers that take `@Res()` without passthrough, since Nest would serialise a Buffer.
 */
export function sendWritten(res: Response, json: Written): void {
  res.setHeader('ETag', json.etag);
  res.type('application/json');
  res.send(json.body);
}

/**
 * Answers a route whose value is final once `final` (a finished run, its series):
 * revalidateWhenFinal, and for a final value the bytes and ETag written the first time this
 * very value was answered (a value kept for a finished run, run-view.ts, run-live.service.ts).
 */
export function sendFinal(res: Response, value: object, final: boolean): void {
  revalidateWhenFinal(res, final);
  if (final) sendWritten(res, frozenJson(value));
  else res.json(value);
}
