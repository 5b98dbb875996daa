import type { RunView, SessionView } from '@loadline/shared';
import { isTerminalRunStatus } from '@loadline/shared';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * An answer's JSON without the request id every error carries (error.requestId): a fresh id per
 * request, so answers that must be identical (no oracle) are compared without it.
 */
export function withoutRequestId(body: unknown): string {
  return JSON.stringify(body, (key, value: unknown) => (key === 'requestId' ? undefined : value));
}

/** Called with each run a client saw end (see stored-fixtures.ts), by the API it belongs to. */
export const runEndHooks = new Map<string, (client: ApiClient, run: RunView) => Promise<void>>();

/** A thin HTTP client for tests: real requests to the real API. */
export class ApiClient {
  constructor(
    readonly base: string,
    readonly token?: string,
  ) {}

  as(token: string): ApiClient {
    return new ApiClient(this.base, token);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** The raw response, for what is not JSON (exports, headers). */
  raw(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      ...init,
      headers: { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...(init.headers as Record<string, string>) },
    });
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  patch = <T = any>(path: string, body?: unknown) => this.request<T>('PATCH', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);

  /** Signs up a fresh organization and returns a client acting as its owner. */
  async signup(label: string, inviteToken?: string): Promise<{ client: ApiClient; session: SessionView; email: string }> {
    const email = `${label}-${Math.random().toString(36).slice(2)}@example.test`;
    const response = await this.post<SessionView>('/auth/signup', {
      email,
      password: TEST_PASSWORD,
      name: `Tester ${label}`,
      ...(inviteToken ? { inviteToken } : { organizationName: `Org ${label}` }),
    });
    if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
    return { client: this.as(response.body.token!), session: response.body, email };
  }

  /** Logs in again: a new session (token) for the same account. */
  async login(email: string, password = TEST_PASSWORD): Promise<ApiClient> {
    const response = await this.post<SessionView>('/auth/login', { email, password });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
    return this.as(response.body.token!);
  }

  /** Polls a run until it reaches a terminal status (or the timeout passes). */
  async waitForRun(runId: string, timeoutMs = 90_000, seen: Set<string> = new Set()): Promise<RunView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await this.get<RunView>(`/runs/${runId}`);
      seen.add(body.status);
      if (isTerminalRunStatus(body.status)) {
        await runEndHooks.get(this.base)?.(this, body);
        return body;
      }
      if (Date.now() > deadline) throw new Error(`run ${runId} still ${body.status} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
