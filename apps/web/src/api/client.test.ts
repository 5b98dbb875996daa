import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, parseRetryAfter, toApiError, unwrap } from './client';
import { sessionStore } from './session';

/** A stand-in for `document` with the cookies the API set at login. */
function withCookies(cookie: string): { cookie: string } {
  const doc = { cookie };
  vi.stubGlobal('document', doc);
  return doc;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toApiError', () => {
  it('parses the API error body with its details', () => {
    const error = toApiError(400, {
      error: { code: 'PLAN_INVALID', message: 'Plan is invalid', details: [{ path: 'requests.0.path', message: 'must start with "/"' }] },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('PLAN_INVALID');
    expect(error.message).toBe('Plan is invalid');
    expect(error.details).toEqual([{ path: 'requests.0.path', message: 'must start with "/"' }]);
  });

  it('copes with bodies that are not the contract', () => {
    expect(toApiError(409, { error: { code: 'SIGNUP_REFUSED', message: 'refused' } }).code).toBe('SIGNUP_REFUSED');
    const html = toApiError(502, '<html>Bad gateway</html>');
    expect(html.code).toBe('HTTP_502');
    expect(html.message).toMatch(/not reachable/);
  });

  it('tells a role refusal (403 FORBIDDEN) from other 403s such as CSRF_FAILED', () => {
    expect(toApiError(403, { error: { code: 'FORBIDDEN', message: 'x', details: [] } }).isForbidden).toBe(true);
    expect(toApiError(403, { error: { code: 'CSRF_FAILED', message: 'x', details: [] } }).isForbidden).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date', () => {
    expect(parseRetryAfter('120')).toBe(120);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('buildUrl', () => {
  it('prefixes /api/v1 and drops empty query values', () => {
    expect(buildUrl('/runs', { planId: 'p1', status: undefined })).toBe('/api/v1/runs?planId=p1');
    expect(buildUrl('/targets')).toBe('/api/v1/targets');
  });
});

/** fetch as the generated client calls it: with one Request. */
function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_request: Request) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, request: (call = 0) => fetchMock.mock.calls[call]![0] };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('api client', () => {
  it('sends JSON with the session cookie and the CSRF token on unsafe methods, never a bearer token', async () => {
    withCookies('theme=dark; loadline_csrf=csrf%2Dtok');
    const { request } = stubFetch(() => json({ id: 't1' }, 201));
    await expect(unwrap(api.POST('/targets', { body: { name: 'x', baseUrl: 'http://127.0.0.1:9' } }))).resolves.toEqual({ id: 't1' });
    const sent = request();
    expect(new URL(sent.url).pathname).toBe('/api/v1/targets');
    expect(sent.method).toBe('POST');
    expect(await sent.text()).toBe('{"name":"x","baseUrl":"http://127.0.0.1:9"}');
    expect(sent.credentials).toBe('same-origin');
    expect(sent.headers.get('X-CSRF-Token')).toBe('csrf-tok');
    expect(sent.headers.get('X-Loadline-Session')).toBe('cookie');
    expect(sent.headers.get('Authorization')).toBeNull();
    expect(sent.headers.get('Content-Type')).toBe('application/json');
  });

  it('fills path parameters (encoded) and query parameters from the typed call', async () => {
    const { request } = stubFetch(() => json({ items: [] }));
    await unwrap(api.GET('/plans/{id}/trends', { params: { path: { id: 'a/b c' }, query: { from: '2026-01-01T00:00:00Z', limit: 5 } } }));
    const url = new URL(request().url);
    expect(url.pathname).toBe('/api/v1/plans/a%2Fb%20c/trends');
    expect(url.searchParams.get('from')).toBe('2026-01-01T00:00:00Z');
    expect(url.searchParams.get('limit')).toBe('5');
  });

  it('sends the CSRF token with PATCH and DELETE too, but not with GET', async () => {
    withCookies('loadline_csrf=c1');
    const { request } = stubFetch(() => new Response(null, { status: 204 }));
    await unwrap(api.PATCH('/organization', { body: { name: 'n' } }));
    await unwrap(api.DELETE('/api-keys/{id}', { params: { path: { id: 'k1' } } }));
    await unwrap(api.GET('/me'));
    expect(request(0).headers.get('X-CSRF-Token')).toBe('c1');
    expect(request(1).headers.get('X-CSRF-Token')).toBe('c1');
    expect(request(2).headers.get('X-CSRF-Token')).toBeNull();
  });

  it('ends the session on 401 so the app returns to /login', async () => {
    const doc = withCookies('loadline_csrf=c1');
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    stubFetch(() => json({ error: { code: 'UNAUTHENTICATED', message: 'The token is not valid', details: [] } }, 401));
    await expect(unwrap(api.GET('/me'))).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: 'The token is not valid' });
    unsubscribe();
    // The CSRF cookie is the app's sign that a session exists; removing it signs the tab out.
    expect(doc.cookie).toMatch(/^loadline_csrf=; Max-Age=0; Path=\//);
    expect(listener).toHaveBeenCalled();
  });

  it('keeps the session on a failed login (401 with skipAuthRedirect)', async () => {
    const doc = withCookies('loadline_csrf=c1');
    stubFetch(() => new Response('', { status: 401 }));
    await expect(unwrap(api.POST('/auth/login', { body: { email: 'a@b.c', password: 'x' } }), { skipAuthRedirect: true })).rejects.toBeInstanceOf(ApiError);
    expect(doc.cookie).toBe('loadline_csrf=c1');
  });

  it('keeps Retry-After of a 429 on the error', async () => {
    withCookies('');
    stubFetch(() => json({ error: { code: 'LOGIN_LOCKED', message: 'locked', details: [] } }, 429, { 'Retry-After': '300' }));
    await expect(unwrap(api.POST('/auth/login', { body: { email: 'a@b.c', password: 'x' } }), { skipAuthRedirect: true })).rejects.toMatchObject({
      code: 'LOGIN_LOCKED',
      retryAfterSeconds: 300,
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(unwrap(api.GET('/health'))).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('lets an abort through as an abort (react-query cancels superseded queries)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await expect(unwrap(api.GET('/health'))).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('returns undefined for 204 No Content', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(unwrap(api.POST('/auth/logout'))).resolves.toBeUndefined();
  });
});
