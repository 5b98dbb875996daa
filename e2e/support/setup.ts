import type { BrowserContext } from 'playwright-core';
import { BASE_URL } from './env.js';

/**
 * Test set-up through the REST API, for tests whose subject is not sign-up or the forms:
 * an account with a session the browser context then starts signed in with.
 */
export interface ApiSession {
  token: string;
  /** The body of POST /auth/signup, stored as the web app stores it. */
  raw: unknown;
}

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE_URL}/api/v1${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} -> HTTP ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signUpViaApi(stamp: string): Promise<ApiSession> {
  const raw = await call<{ token: string }>('POST', '/auth/signup', null, {
    email: `e2e-${stamp}@example.test`,
    password: 'correct horse battery staple',
    name: 'E2E Tester',
    organizationName: `E2E ${stamp}`,
  });
  return { token: raw.token, raw };
}

export async function createTargetViaApi(session: ApiSession, name: string, baseUrl: string): Promise<string> {
  const target = await call<{ id: string }>('POST', '/targets', session.token, { name, baseUrl });
  return target.id;
}

/** Every page of the context starts signed in as `session`. */
export async function signInContext(context: BrowserContext, session: ApiSession): Promise<void> {
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key, value),
    ['loadline.session', JSON.stringify(session.raw)] as const,
  );
}
