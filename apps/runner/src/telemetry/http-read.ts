import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { TELEMETRY_LIMITS, type SourceAuth, type TelemetryReadError } from '@loadline/shared';

/**
 * One bounded GET of a metric source, under the same trust rules as the load: a connection
 * only to the addresses pinned for the source when the run started (the name is never
 * resolved here), a connection of its own, no redirects, a cap on the body and one time limit
 * for the whole read. Every failure is a code and a sentence for the report; the credentials
 * go into the request and nowhere else (never into a message or a log).
 */

export interface ReadTarget {
  url: URL;
  /** The pinned addresses, tried in this order (a connection refused moves on to the next). */
  addresses: readonly string[];
  auth?: SourceAuth;
  /** Defaults to the source limits; tests may lower them. */
  maxBodyBytes?: number;
  timeoutMs?: number;
  accept?: string;
}

export type ReadResult =
  | { ok: true; body: Buffer; length: number; address: string }
  | { ok: false; error: { code: TelemetryReadError; message: string }; address: string | null; detail?: string };

/** How much of a non-200 answer is read, for its reason. */
const ERROR_DETAIL_BYTES = 2_048;

/**
 * A growable body buffer kept by its source between reads, so a scrape a second does not
 * allocate its body anew (it grows to the largest answer seen, at most the limit).
 */
export class BodyBuffer {
  buffer: Buffer;
  length = 0;
  constructor(initialBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(initialBytes);
  }
  reset(): void {
    this.length = 0;
  }
  /** False when `chunk` would take the body past `max`. */
  append(chunk: Buffer, max: number): boolean {
    const needed = this.length + chunk.length;
    if (needed > max) return false;
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(max, Math.max(needed, this.buffer.length * 2)));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.length);
    this.length = needed;
    return true;
  }
}

/** Answers only `address`, whatever name is asked: the pin. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (err: null, list: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export function authorizationHeader(auth: SourceAuth | undefined): string | undefined {
  if (!auth) return undefined;
  if (auth.type === 'bearer') return `Bearer ${auth.token}`;
  return `Basic ${Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64')}`;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');
const at = (address: string, url: URL) => `${isIP(address) === 6 ? `[${address}]` : address}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
const mb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`);

/** Where a redirect pointed, for the report: without any credentials it may carry, and short. */
function shownLocation(location: string | undefined, base: URL): string {
  if (!location) return '(no location)';
  if (!URL.canParse(location, base.href)) return 'an unreadable location';
  const pointed = new URL(location, base);
  pointed.username = '';
  pointed.password = '';
  return pointed.href.slice(0, 200);
}

/** Connection errors after which the next pinned address is worth a try. */
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/**
 * Reads `target` into `body` (reset first). Resolves, never rejects: a failure is a result.
 * `signal` abandons the read (reported as a timeout: the run is ending).
 */
export async function readSource(target: ReadTarget, body: BodyBuffer, signal?: AbortSignal): Promise<ReadResult> {
  const timeoutMs = target.timeoutMs ?? TELEMETRY_LIMITS.timeoutMs;
  const host = hostOf(target.url);
  // A URL that names an address is read there only if that address was pinned: the pin, not
  // the URL, says where the runner may connect (node connects to a literal without a lookup).
  if (isIP(host) && !target.addresses.includes(host)) {
    return { ok: false, address: null, error: { code: 'NOT_ALLOWED', message: `${host} is not among the addresses pinned for this source` } };
  }
  const deadline = Date.now() + timeoutMs;
  let last: ReadResult = { ok: false, address: null, error: { code: 'NOT_ALLOWED', message: 'no address is pinned for this source' } };
  for (const address of target.addresses) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const attempt = await readOnce(target, address, body, left, timeoutMs, signal);
    last = attempt.result;
    if (!attempt.tryNext) break;
  }
  return last;
}

function readOnce(
  target: ReadTarget,
  address: string,
  body: BodyBuffer,
  timeLeftMs: number,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<{ result: ReadResult; tryNext: boolean }> {
  const { url } = target;
  const maxBodyBytes = target.maxBodyBytes ?? TELEMETRY_LIMITS.maxBodyBytes;
  const where = at(address, url);
  body.reset();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: ReadResult, tryNext = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      request.destroy();
      resolve({ result, tryNext });
    };
    const fail = (code: TelemetryReadError, message: string, tryNext = false) => finish({ ok: false, address, error: { code, message } }, tryNext);
    const authorization = authorizationHeader(target.auth);
    const options: https.RequestOptions = {
      method: 'GET',
      protocol: url.protocol,
      hostname: hostOf(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      // A connection of its own each read: nothing pooled with anything else the process does.
      agent: false,
      lookup: pinnedLookup(address),
      headers: {
        accept: target.accept ?? 'text/plain;version=0.0.4;q=1,*/*;q=0.1',
        'accept-encoding': 'identity',
        'user-agent': 'loadline-runner',
        ...(authorization ? { authorization } : {}),
      },
    };
    const request = (url.protocol === 'https:' ? https : http).request(options, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        return fail('REDIRECT', `${where} answered ${status} redirecting to ${shownLocation(response.headers.location, url)}; redirects are not followed`);
      }
      if (status !== 200) {
        // The first bytes of the answer say why (a query API's error): kept apart, for the caller to word.
        const parts: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            ok: false,
            address,
            error: { code: 'BAD_STATUS', message: `${where} answered HTTP ${status}` },
            detail: Buffer.concat(parts).toString('utf8', 0, Math.min(size, ERROR_DETAIL_BYTES)),
          });
        response.on('data', (chunk: Buffer) => {
          parts.push(chunk);
          size += chunk.length;
          if (size >= ERROR_DETAIL_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBodyBytes) {
        return fail('TOO_LARGE', `${where} announced ${mb(declared)}, above the ${mb(maxBodyBytes)} a read may take; not read`);
      }
      response.on('data', (chunk: Buffer) => {
        if (!body.append(chunk, maxBodyBytes)) fail('TOO_LARGE', `${where} answered more than ${mb(maxBodyBytes)}; the read was cut off there`);
      });
      response.on('end', () => finish({ ok: true, address, body: body.buffer, length: body.length }));
      response.on('error', (error) => fail('REFUSED', `the answer from ${where} broke off: ${error.message}`));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') return fail('REFUSED', `connection refused at ${where}`, true);
      if (error.code && CONNECT_ERRORS.has(error.code)) return fail('REFUSED', `${where} is unreachable (${error.code})`, true);
      if (error.code === 'ECONNRESET') return fail('REFUSED', `${where} closed the connection (ECONNRESET)`);
      // TLS and anything else: its code or message, which carries no credentials.
      fail('REFUSED', `reading ${where} failed: ${error.code ?? error.message}`.slice(0, 300));
    });
    const timer = setTimeout(() => fail('TIMEOUT', `no complete answer from ${where} within ${timeoutMs / 1000} s`), timeLeftMs);
    const onAbort = () => fail('TIMEOUT', `the read of ${where} was abandoned: the run ended`);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    request.end();
  });
}
