import { COOKIE_SESSION_HEADER, errorBodySchema, type ErrorDetail } from '@loadline/shared';
import { sessionHeaders, sessionStore } from './session';

export const API_PREFIX = '/api/v1';

/** Any failed API call: an HTTP error with the API's error body, or no answer at all. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the API could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
    /** From a 429's Retry-After header: how long until asking again can succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** The caller's role does not allow this (the API checks every route's permission). */
  get isForbidden(): boolean {
    return this.status === 403 && this.code === 'FORBIDDEN';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Turns a non-2xx response body into an ApiError, whatever the body turned out to be. */
export function toApiError(status: number, body: unknown, statusText = '', retryAfter?: string | null): ApiError {
  const retryAfterSeconds = parseRetryAfter(retryAfter);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(status, code, message, details, retryAfterSeconds);
  }
  // A partial error body (no details) still carries a useful code and message.
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (error && typeof error === 'object') {
      const { code, message } = error as { code?: unknown; message?: unknown };
      if (typeof message === 'string') {
        return new ApiError(status, typeof code === 'string' ? code : `HTTP_${status}`, message, [], retryAfterSeconds);
      }
    }
  }
  return new ApiError(status, `HTTP_${status}`, fallbackMessage(status, statusText), [], retryAfterSeconds);
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function fallbackMessage(status: number, statusText: string): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 404) return 'Not found.';
  if (status === 502 || status === 503 || status === 504) return 'The Loadline API is not reachable right now.';
  if (status >= 500) return 'The server had a problem handling this request.';
  return statusText ? `Request failed: ${status} ${statusText}` : `Request failed with status ${status}.`;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** Auth calls (login, signup) and public pages must not end the session on 401. */
  skipAuthRedirect?: boolean;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  // Cookie delivery: login and sign-up answers then carry no token for page script to hold.
  const headers: Record<string, string> = { Accept: 'application/json', [COOKIE_SESSION_HEADER]: 'cookie', ...sessionHeaders(method) };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      // The session is a cookie; the app and the API share one origin.
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the Loadline API. Check your connection and try again.');
  }

  const body = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response.status, body, response.statusText, response.headers.get('Retry-After'));
    if (error.isUnauthorized && !options.skipAuthRedirect) sessionStore.clear();
    throw error;
  }
  return body as T;
}

/** The typed client: one function per HTTP verb; response types come from @loadline/shared. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
