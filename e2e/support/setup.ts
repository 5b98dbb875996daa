import type { BrowserContext } from 'playwright-core';
import { BASE_URL } from './env.js';

/**
 * Test set-up through the REST API, for tests whose subject is not sign-up or the forms:
 * an account whose session the browser context then starts signed in with. The API answers
 * sign-up with a bearer token (for API calls from the test) and sets the same session as the
 * browser's cookies (`loadline_session`, HttpOnly, and `loadline_csrf`), which are copied
 * into the context as a browser would have stored them.
 */
export interface ApiSession {
  token: string;
  /** The Set-Cookie values of the sign-up answer, as name/value pairs. */
  cookies: { name: string; value: string; httpOnly: boolean }[];
}

function request(method: string, path: string, token: string | null, body: unknown): Promise<Response> {
  return fetch(`${BASE_URL}/api/v1${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** One API call whose status the test asserts on (e.g. that a revoked key answers 401). */
export async function apiCall<T>(method: string, path: string, token: string | null = null, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await request(method, path, token, body);
  return { status: response.status, body: await readJson<T>(response) };
}

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<{ body: T; response: Response }> {
  const response = await request(method, path, token, body);
  if (!response.ok) throw new Error(`${method} ${path} -> HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return { body: await readJson<T>(response), response };
}

/** `name=value; Path=/; HttpOnly; …` -> the cookie's name, value and whether it is HttpOnly. */
function parseSetCookie(header: string): ApiSession['cookies'][number] {
  const [pair = '', ...attributes] = header.split(';');
  const index = pair.indexOf('=');
  return {
    name: pair.slice(0, index).trim(),
    value: pair.slice(index + 1).trim(),
    httpOnly: attributes.some((attribute) => attribute.trim().toLowerCase() === 'httponly'),
  };
}

export async function signUpViaApi(stamp: string): Promise<ApiSession> {
  const { body, response } = await call<{ token: string }>('POST', '/auth/signup', null, {
    email: `e2e-${stamp}@example.test`,
    password: 'correct horse battery staple',
    name: 'E2E Tester',
    organizationName: `E2E ${stamp}`,
  });
  const cookies = response.headers.getSetCookie().map(parseSetCookie);
  if (!cookies.some((cookie) => cookie.name === 'loadline_session') || !cookies.some((cookie) => cookie.name === 'loadline_csrf')) {
    throw new Error(`sign-up set no session cookies (Set-Cookie: ${JSON.stringify(response.headers.getSetCookie())})`);
  }
  return { token: body.token, cookies };
}

export async function createTargetViaApi(session: ApiSession, name: string, baseUrl: string): Promise<string> {
  const { body } = await call<{ id: string }>('POST', '/targets', session.token, { name, baseUrl });
  return body.id;
}

/** Every page of the context starts signed in as `session`. */
export async function signInContext(context: BrowserContext, session: ApiSession): Promise<void> {
  await context.addCookies(
    session.cookies.map((cookie) => ({ name: cookie.name, value: cookie.value, url: BASE_URL, httpOnly: cookie.httpOnly, sameSite: 'Lax' as const })),
  );
}

/** A one-request constant-VUs plan against a target, for tests that only need a plan to exist. */
export async function createPlanViaApi(session: ApiSession, name: string, targetId: string, vus = 2): Promise<string> {
  const { body } = await call<{ id: string }>('POST', '/plans', session.token, {
    name,
    targetId,
    load: { executor: 'constant-vus', vus, duration: '3s' },
    requests: [{ name: 'ping', path: '/ping' }],
    thresholds: [{ metric: 'error_rate', op: '<', value: 0.5 }],
  });
  return body.id;
}

/** An invite link made through the API by `session`'s organization. */
export async function createInviteViaApi(session: ApiSession, role: string): Promise<{ id: string; url: string }> {
  const { body } = await call<{ invite: { id: string }; url: string }>('POST', '/invites', session.token, { role });
  return { id: body.invite.id, url: body.url };
}

export async function revokeInviteViaApi(session: ApiSession, id: string): Promise<void> {
  await call('DELETE', `/invites/${id}`, session.token);
}
