import createClient, { type Client } from 'openapi-fetch';
import type { ErrorDetail } from '@loadline/shared';
import type { paths } from '@loadline/shared/api-types';
import type { Config } from './config.js';
import { CliError, EXIT } from './exit-codes.js';

export interface ClientOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Where the client says what it is doing about a 429 (stderr). */
  notice?: (message: string) => void;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** A longer Retry-After is not waited for (default 120 s). */
  maxRetryAfterSeconds?: number;
  userAgent?: string;
}

/** The API refused or failed; `status` is null when it could not be reached at all. */
export class ApiError extends CliError {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message, EXIT.USAGE);
    this.name = 'ApiError';
  }

  /** Worth asking again later (while waiting for a run): unreachable, 5xx gateway errors, 429. */
  get transient(): boolean {
    return this.status === null || this.status === 429 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); null if absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The `{error: {code, message, details}}` body every API error has, or null for anything else. */
function errorBody(text: string): { code: string; message: string; details: ErrorDetail[] } | null {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; details?: unknown } };
    const error = parsed?.error;
    if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') return null;
    const details = Array.isArray(error.details)
      ? error.details.filter((detail): detail is ErrorDetail => !!detail && typeof detail.path === 'string' && typeof detail.message === 'string')
      : [];
    return { code: error.code, message: error.message, details };
  } catch {
    return null;
  }
}

function withDetails(message: string, details: ErrorDetail[]): string {
  // Messages that already list the details (quotas) would repeat them.
  const extra = details.filter((detail) => !message.includes(detail.message));
  if (!extra.length) return message;
  return `${message}\n${extra.map((detail) => `  ${detail.path}: ${detail.message}`).join('\n')}`;
}

function networkProblem(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'no answer in time';
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return `host not found (${cause.code})`;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The data of a call that returned: the transport throws on every failure, so it is there. */
export function ok<T>(result: { data?: T; response: Response }): T {
  if (result.data === undefined)
    throw new ApiError(`${result.response.url} answered ${result.response.status} without a body`, result.response.status, 'EMPTY');
  return result.data;
}

/** The routes of /api/v1, typed from the OpenAPI document (@loadline/shared/api-types). */
export type Api = Client<paths>;

/**
 * The CLI's client of /api/v1: `api` is openapi-fetch over the types generated from the API's
 * OpenAPI document, so the compiler checks every call against the API; its transport adds the
 * key, waits out one 429, and turns every failure into one clear sentence (ApiError), so a
 * call that returns has its data.
 */
export class ApiClient {
  readonly api: Api;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly notice: (message: string) => void;
  private readonly timeoutMs: number;
  private readonly maxRetryAfterSeconds: number;
  private readonly userAgent: string;

  constructor(
    readonly config: Config,
    options: ClientOptions = {},
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? sleepFor;
    this.notice = options.notice ?? (() => {});
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 120;
    this.userAgent = options.userAgent ?? 'loadline-cli';
    this.api = createClient<paths>({ baseUrl: config.apiUrl, fetch: (request) => this.transport(request) });
  }

  /** A text answer (an export) by path, through the same transport. */
  async getText(path: string): Promise<string> {
    return (await this.transport(new Request(`${this.config.apiUrl}${path}`, { headers: { accept: '*/*' } }))).text();
  }

  /** Uploads a file as the raw body (a data set) through the same transport; answers the parsed JSON. */
  async putFile(path: string, body: Uint8Array, contentType: string): Promise<unknown> {
    const request = new Request(`${this.config.apiUrl}${path}`, { method: 'PUT', body, headers: { 'content-type': contentType } });
    return (await this.transport(request)).json();
  }

  /** Sends the request (once more after a 429 with a short Retry-After); answers only what succeeded. */
  private async transport(request: Request): Promise<Response> {
    const path = request.url.slice(this.config.apiUrl.length);
    const json = request.headers.get('accept') !== '*/*';
    for (let attempt = 1; ; attempt++) {
      const response = await this.send(request.clone());
      const text = await response.text();
      if (response.ok) {
        if (json && text) {
          try {
            JSON.parse(text);
          } catch {
            throw new ApiError(
              `${request.method} ${this.config.apiUrl}${path} answered ${response.status} with something that is not JSON: is LOADLINE_URL the Loadline API?`,
              response.status,
              'NOT_JSON',
            );
          }
        }
        return new Response(text || null, { status: response.status, statusText: response.statusText, headers: response.headers });
      }
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      if (response.status === 429 && attempt === 1 && retryAfter !== null && retryAfter <= this.maxRetryAfterSeconds) {
        this.notice(`rate limited by the API (429); retrying in ${retryAfter} s as Retry-After asks`);
        await this.sleep(retryAfter * 1000);
        continue;
      }
      throw this.errorFor(request.method, path, response, text, retryAfter);
    }
  }

  private async send(request: Request): Promise<Response> {
    request.headers.set('authorization', `Bearer ${this.config.apiKey}`);
    request.headers.set('user-agent', this.userAgent);
    if (!request.headers.has('accept')) request.headers.set('accept', 'application/json');
    try {
      return await this.fetch(request, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new ApiError(
        `Cannot reach the Loadline API at ${this.config.baseUrl} (${networkProblem(error)}). Check LOADLINE_URL and that the API is running.`,
        null,
        'UNREACHABLE',
      );
    }
  }

  private errorFor(method: string, path: string, response: Response, text: string, retryAfter: number | null): ApiError {
    const body = errorBody(text);
    const status = response.status;
    if (!body) {
      return new ApiError(
        `${method} ${this.config.apiUrl}${path} answered ${status} ${response.statusText} without a Loadline error body: is LOADLINE_URL (${this.config.baseUrl}) the Loadline API?`,
        status,
        'UNKNOWN',
      );
    }
    const { code, message, details } = body;
    const tag = `${status} ${code}`;
    let sentence: string;
    switch (true) {
      case status === 401:
        sentence = `The API did not accept LOADLINE_API_KEY: ${message} (${tag}). Create a key in Settings > API keys (or POST /api/v1/api-keys) and set LOADLINE_API_KEY to its secret.`;
        break;
      case status === 403:
        // FORBIDDEN names the role the route needs ("This needs the MEMBER role or higher...").
        sentence = `Permission denied: ${message} (${tag}).${code === 'FORBIDDEN' ? ' Use an API key with that role.' : ''}`;
        break;
      case status === 404 && code === 'ROUTE_NOT_FOUND':
        sentence = `${message} (${tag}): is LOADLINE_URL (${this.config.baseUrl}) a Loadline API of this version?`;
        break;
      case status === 429:
        sentence =
          retryAfter !== null && retryAfter > this.maxRetryAfterSeconds
            ? `Rate limited: ${message} (${tag}); the API asks to wait ${retryAfter} s, longer than this CLI waits.`
            : `Rate limited again after waiting: ${message} (${tag})${retryAfter !== null ? `; retry in ${retryAfter} s` : ''}.`;
        break;
      case status >= 500:
        sentence = `The API failed: ${message} (${tag}, ${method} ${path}).`;
        break;
      default:
        // 400 (invalid input, with details), 404, 409, 422 QUOTA_EXCEEDED / TARGET_UNVERIFIED: the API's words.
        sentence = `${message} (${tag})`;
    }
    return new ApiError(withDetails(sentence, details), status, code, details);
  }
}
