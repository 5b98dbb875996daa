import { COOKIE_SESSION_HEADER, errorBodySchema, type ErrorDetail } from '@loadline/shared';
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@loadline/shared/api-types';
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

/** Where the API lives: same origin, under /api/v1 (the document's one server). */
function apiBaseUrl(): string {
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  return `${origin}${API_PREFIX}`;
}

/** The path of an API URL for the few callers that fetch by hand (SSE, downloads). */
export function buildUrl(path: string, query?: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

/**
 * Every request: the session is a cookie (same origin), so page script never holds a token;
 * `X-Loadline-Session: cookie` makes login and sign-up answers carry none; unsafe methods
 * echo the CSRF cookie.
 */
const sessionMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept', 'application/json');
    request.headers.set(COOKIE_SESSION_HEADER, 'cookie');
    for (const [name, value] of Object.entries(sessionHeaders(request.method))) request.headers.set(name, value);
    return request;
  },
};

/**
 * The typed client, generated from the API's OpenAPI document: paths, parameters, bodies and
 * answers are checked against it (`pnpm openapi` regenerates it). Call through `unwrap`.
 */
export const api = createClient<paths>({
  baseUrl: apiBaseUrl(),
  credentials: 'same-origin',
  // Looked up at each call, not captured: tests and extensions may replace fetch.
  fetch: (request) => globalThis.fetch(request),
});
api.use(sessionMiddleware);

export interface UnwrapOptions {
  /** Auth calls (login, signup) and public pages must not end the session on 401. */
  skipAuthRedirect?: boolean;
}

type Answer = { data?: unknown; error?: unknown; response: Response };
/** What a call answers when it succeeds: its JSON body, or nothing (204). */
export type AnswerBody<A extends Answer> = [Exclude<A['data'], undefined>] extends [never] ? void : Exclude<A['data'], undefined>;

/** The body of a successful call; an ApiError for anything else (status 0 when unreachable). */
export async function unwrap<A extends Answer>(pending: Promise<A>, options: UnwrapOptions = {}): Promise<AnswerBody<A>> {
  let answer: A;
  try {
    answer = await pending;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the Loadline API. Check your connection and try again.');
  }
  const { response } = answer;
  if (!response.ok) {
    const error = toApiError(response.status, answer.error, response.statusText, response.headers.get('Retry-After'));
    if (error.isUnauthorized && !options.skipAuthRedirect) sessionStore.clear();
    throw error;
  }
  return answer.data as AnswerBody<A>;
}

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON request body of a route, from the OpenAPI document: `JsonBody<'/plans/{id}', 'patch'>`. */
export type JsonBody<Path extends keyof paths, Method extends 'post' | 'patch' | 'put' | 'delete'> = JsonContent<
  NonNullable<paths[Path][Method] extends { requestBody?: infer Body } ? Body : never>
>;
