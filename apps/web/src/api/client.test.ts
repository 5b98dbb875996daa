import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, toApiError } from './client';
import { sessionStore } from './session';

const session = {
  token: 'tok_123',
  user: { id: 'u1', email: 'a@b.c', name: 'A' },
  tenant: { id: 't1', name: 'Acme', slug: 'acme' },
  role: 'OWNER' as const,
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
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
});

describe('buildUrl', () => {
  it('prefixes /api/v1 and drops empty query values', () => {
    expect(buildUrl('/runs', { planId: 'p1', status: undefined })).toBe('/api/v1/runs?planId=p1');
    expect(buildUrl('/targets')).toBe('/api/v1/targets');
  });
});

describe('api client', () => {
  it('sends JSON with the bearer token of the session', async () => {
    sessionStore.set(session);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ items: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/targets', { name: 'x' })).resolves.toEqual({ items: [] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/targets');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok_123');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('ends the session on 401 so the app returns to /login', async () => {
    sessionStore.set(session);
    const body = { error: { code: 'UNAUTHORIZED', message: 'Invalid token', details: [] } };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 401 })));
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(sessionStore.get()).toBeNull();
  });

  it('keeps the session on a failed login (401 with skipAuthRedirect)', async () => {
    sessionStore.set(session);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 401 })));
    await expect(api.post('/auth/login', {}, { skipAuthRedirect: true })).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.get()).not.toBeNull();
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
