import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, ApiError, ok, parseRetryAfter } from './api.js';
import { refusedLoopbackUrl } from '@loadline/shared/testing';
import { apiError, startFakeApi, type FakeApi, type FakeResponse } from './test/fake-api.js';

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const slept: number[] = [];
const notices: string[] = [];
async function clientFor(answers: FakeResponse[] | ((path: string) => FakeResponse)) {
  slept.length = 0;
  notices.length = 0;
  const queue = Array.isArray(answers) ? [...answers] : null;
  api = await startFakeApi((request) => (queue ? queue.shift() : (answers as (path: string) => FakeResponse)(request.path)));
  return new ApiClient(
    { baseUrl: api.url, apiUrl: `${api.url}/api/v1`, apiKey: 'llk_test' },
    { sleep: async (ms) => void slept.push(ms), notice: (message) => void notices.push(message), userAgent: 'loadline-cli/test' },
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected an ApiError');
}

describe('ApiClient', () => {
  it('builds typed requests from the OpenAPI document: path parameters, query, headers', async () => {
    const client = await clientFor([{ body: { items: [], next: null } }]);
    await client.api.GET('/runs', { params: { query: { planId: 'p 1', limit: 5 } } });
    expect(api!.requests[0]).toMatchObject({ method: 'GET', path: '/runs?planId=p%201&limit=5' });
  });

  it('sends the key as a bearer token and JSON bodies', async () => {
    const client = await clientFor([{ status: 201, body: { id: 'p1' } }]);
    expect(ok(await client.api.POST('/plans', { body: { name: 'x' } as never, headers: { 'Idempotency-Key': 'k1' } }))).toEqual({ id: 'p1' });
    const [request] = api!.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/plans', body: { name: 'x' } });
    expect(request!.headers.authorization).toBe('Bearer llk_test');
    expect(request!.headers['idempotency-key']).toBe('k1');
    expect(request!.headers['user-agent']).toBe('loadline-cli/test');
  });

  it('explains a refused key (401)', async () => {
    const client = await clientFor([{ status: 401, body: apiError('API_KEY_REVOKED', 'This API key has been revoked') }]);
    const error = await failure(client.api.GET('/plans'));
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'The API did not accept LOADLINE_API_KEY: This API key has been revoked (401 API_KEY_REVOKED). Create a key in Settings > API keys (or POST /api/v1/api-keys) and set LOADLINE_API_KEY to its secret.',
    );
  });

  it("names the role a route needs (403), in the API's words", async () => {
    const client = await clientFor([{ status: 403, body: apiError('FORBIDDEN', 'This needs the MEMBER role or higher (runs:start); you are VIEWER') }]);
    const error = await failure(client.api.POST('/plans/{id}/runs', { params: { path: { id: 'p1' } } }));
    expect(error.message).toBe(
      'Permission denied: This needs the MEMBER role or higher (runs:start); you are VIEWER (403 FORBIDDEN). Use an API key with that role.',
    );
    expect(error.exitCode).toBe(3);
  });

  it('passes on 404 and 422 messages with their details once', async () => {
    const client = await clientFor([
      { status: 404, body: apiError('PLAN_NOT_FOUND', 'Plan p9 not found') },
      {
        status: 422,
        body: apiError('QUOTA_EXCEEDED', 'Quota exceeded: maxConcurrentRuns: limit 2, current 2', [
          { path: 'maxConcurrentRuns', message: 'maxConcurrentRuns: limit 2, current 2' },
        ]),
      },
      {
        status: 422,
        body: apiError('TARGET_UNVERIFIED', 'The target 127.0.0.1:9 is not verified, so runs against it are limited to 10 VUs for 60 s', [
          { path: 'load.vus', message: '50 > 10 VUs allowed before verification' },
        ]),
      },
      { status: 404, body: apiError('ROUTE_NOT_FOUND', 'Cannot GET /api/v1/dashboard') },
    ]);
    expect((await failure(client.api.GET('/plans/{id}', { params: { path: { id: 'p9' } } }))).message).toBe('Plan p9 not found (404 PLAN_NOT_FOUND)');
    expect((await failure(client.api.POST('/plans/{id}/runs', { params: { path: { id: 'p1' } } }))).message).toBe(
      'Quota exceeded: maxConcurrentRuns: limit 2, current 2 (422 QUOTA_EXCEEDED)',
    );
    const unverified = await failure(client.api.POST('/plans/{id}/runs', { params: { path: { id: 'p1' } } }));
    expect(unverified.code).toBe('TARGET_UNVERIFIED');
    expect(unverified.message).toBe(
      'The target 127.0.0.1:9 is not verified, so runs against it are limited to 10 VUs for 60 s (422 TARGET_UNVERIFIED)\n  load.vus: 50 > 10 VUs allowed before verification',
    );
    expect((await failure(client.api.GET('/dashboard'))).message).toMatch(
      /Cannot GET \/api\/v1\/dashboard \(404 ROUTE_NOT_FOUND\): is LOADLINE_URL \(http:\/\/127\.0\.0\.1:\d+\) a Loadline API of this version\?/,
    );
  });

  it('waits out one 429 as Retry-After asks, then tries again', async () => {
    const client = await clientFor([
      { status: 429, headers: { 'retry-after': '3' }, body: apiError('RATE_LIMITED', 'Too many requests') },
      { body: { items: [] } },
    ]);
    expect(ok(await client.api.GET('/plans'))).toEqual({ items: [] });
    expect(slept).toEqual([3000]);
    expect(notices).toEqual(['rate limited by the API (429); retrying in 3 s as Retry-After asks']);
    expect(api!.requests).toHaveLength(2);
  });

  it('gives up on a second 429, and on a Retry-After longer than it waits', async () => {
    const limited = { status: 429, headers: { 'retry-after': '1' }, body: apiError('RATE_LIMITED', 'Too many requests') };
    const client = await clientFor([limited, limited]);
    const error = await failure(client.api.GET('/plans'));
    expect(error.message).toBe('Rate limited again after waiting: Too many requests (429 RATE_LIMITED); retry in 1 s.');
    expect(error.transient).toBe(true);
    expect(api!.requests).toHaveLength(2);

    const long = await clientFor([{ ...limited, headers: { 'retry-after': '900' } }]);
    expect((await failure(long.api.GET('/plans'))).message).toMatch(/asks to wait 900 s, longer than this CLI waits/);
    expect(slept).toEqual([]);
  });

  it('says when the API cannot be reached', async () => {
    const url = await refusedLoopbackUrl();
    const client = new ApiClient({ baseUrl: url, apiUrl: `${url}/api/v1`, apiKey: 'llk_x' });
    const error = await failure(client.api.GET('/plans'));
    expect(error.status).toBeNull();
    expect(error.transient).toBe(true);
    expect(error.message).toBe(`Cannot reach the Loadline API at ${url} (connection refused). Check LOADLINE_URL and that the API is running.`);
  });

  it('says when something else answers', async () => {
    const client = await clientFor([
      { status: 502, text: '<html>Bad gateway</html>' },
      { status: 200, text: '<html>a web page</html>' },
    ]);
    expect((await failure(client.api.GET('/plans'))).message).toMatch(/answered 502 Bad Gateway without a Loadline error body: is LOADLINE_URL/);
    expect((await failure(client.api.GET('/plans'))).message).toMatch(/answered 200 with something that is not JSON/);
  });

  it('reads text answers (exports)', async () => {
    const client = await clientFor([{ text: '<?xml version="1.0"?><testsuites/>' }]);
    expect(await client.getText('/runs/r1/export?format=junit')).toBe('<?xml version="1.0"?><testsuites/>');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(new Date(Date.parse('2026-01-01T00:00:30Z')).toUTCString(), Date.parse('2026-01-01T00:00:00Z'))).toBe(30);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
