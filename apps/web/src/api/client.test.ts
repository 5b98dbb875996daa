import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, parseRetryAfter, toApiError } from './client';
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
    expect(toApiError(409, { error: { code: 'EMAIL_TAKEN', message: 'taken' } }).code).toBe('EMAIL_TAKEN');
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

describe('api client', () => {
  it('sends JSON with the session cookie and the CSRF token on unsafe methods, never a bearer token', async () => {
    withCookies('theme=dark; loadline_csrf=csrf%2Dtok');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ items: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/targets', { name: 'x' })).resolves.toEqual({ items: [] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api/v1/targets');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
    expect(init.credentials).toBe('same-origin');
    expect(headers['X-CSRF-Token']).toBe('csrf-tok');
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends the CSRF token with PATCH and DELETE too, but not with GET', async () => {
    withCookies('loadline_csrf=c1');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.patch('/organization', { name: 'n' });
    await api.delete('/api-keys/k1');
    await api.get('/me');
    const headersOf = (call: number) => (fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headersOf(0)['X-CSRF-Token']).toBe('c1');
    expect(headersOf(1)['X-CSRF-Token']).toBe('c1');
    expect(headersOf(2)['X-CSRF-Token']).toBeUndefined();
  });

  it('ends the session on 401 so the app returns to /login', async () => {
    const doc = withCookies('loadline_csrf=c1');
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    const body = { error: { code: 'UNAUTHENTICATED', message: 'The token is not valid', details: [] } };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 401 })));
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    unsubscribe();
    // The CSRF cookie is the app's sign that a session exists; removing it signs the tab out.
    expect(doc.cookie).toMatch(/^loadline_csrf=; Max-Age=0; Path=\//);
    expect(listener).toHaveBeenCalled();
  });

  it('keeps the session on a failed login (401 with skipAuthRedirect)', async () => {
    const doc = withCookies('loadline_csrf=c1');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 401 })));
    await expect(api.post('/auth/login', {}, { skipAuthRedirect: true })).rejects.toBeInstanceOf(ApiError);
    expect(doc.cookie).toBe('loadline_csrf=c1');
  });

  it('keeps Retry-After of a 429 on the error', async () => {
    withCookies('');
    const body = { error: { code: 'LOGIN_LOCKED', message: 'locked', details: [] } };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 429, headers: { 'Retry-After': '300' } })));
    await expect(api.post('/auth/login', {}, { skipAuthRedirect: true })).rejects.toMatchObject({ code: 'LOGIN_LOCKED', retryAfterSeconds: 300 });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    await expect(api.get('/health')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('returns undefined for 204 No Content', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(api.post('/auth/logout')).resolves.toBeUndefined();
  });
});
