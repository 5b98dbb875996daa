import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../test/stack.js';
import { TEST_PASSWORD, withoutRequestId } from '../test/api-client.js';

const MAX_FAILURES = 3;

/** Cookies a response set, by name (value only). */
function setCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const index = pair!.indexOf('=');
    cookies.set(pair!.slice(0, index), decodeURIComponent(pair!.slice(index + 1)));
  }
  return cookies;
}

describe('accounts: sign-up rules, lockout, sessions, cookies and CSRF, organizations', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({ label: 'accounts', runner: false, env: { LOADLINE_LOGIN_MAX_FAILURES: String(MAX_FAILURES) } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  const userCount = async () => Number((await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM "User"'))[0]!.n);
  const tenantCount = async () => Number((await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM "Tenant"'))[0]!.n);

  it('refuses weak passwords with WEAK_PASSWORD and writes nothing', async () => {
    const before = [await userCount(), await tenantCount()];
    for (const password of ['short', 'password123', 'aaaaaaaaaaaa', 'abcabcabcabc', 'dana-the-tester-2026']) {
      const response = await stack.api.post('/auth/signup', {
        email: `weak-${Math.random()}@example.test`,
        password,
        name: 'Dana',
        organizationName: 'Weak Co',
      });
      expect(response.status, password).toBe(400);
      expect(response.body.error.code, password).toBe('WEAK_PASSWORD');
      expect(response.body.error.details[0].path).toBe('password');
    }
    expect([await userCount(), await tenantCount()]).toEqual(before);
  });

  it('refuses a taken address without saying so: one answer for every refusal of that kind, in about the time a sign-up takes', async () => {
    const { email } = await stack.api.signup('dup');
    const tenants = await tenantCount();
    const refusals: Array<{ status: number; body: string }> = [];
    const attempt = async (body: Record<string, unknown>) => {
      const started = performance.now();
      const response = await stack.api.post('/auth/signup', { password: TEST_PASSWORD, name: 'Other', ...body });
      return { response, ms: performance.now() - started };
    };
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i++) {
      const again = await attempt({ email: i % 2 ? email.toUpperCase() : email, organizationName: 'Second Co' });
      refusals.push({ status: again.response.status, body: withoutRequestId(again.response.body) });
      taken.push(again.ms);
      const made = await attempt({ email: `fresh-${i}-${Math.random()}@example.test`, organizationName: 'Fresh Co' });
      expect(made.response.status).toBe(201);
      fresh.push(made.ms);
    }
    // Through an invite for a taken address: the same answer.
    const owner = (await stack.api.signup('dup-inviter')).client;
    const invite = (await owner.post('/invites', { role: 'MEMBER', email })).body;
    const invited = await stack.api.post('/auth/signup', { password: TEST_PASSWORD, name: 'Other', inviteToken: invite.token });
    refusals.push({ status: invited.status, body: withoutRequestId(invited.body) });

    expect(new Set(refusals.map((refusal) => JSON.stringify(refusal))).size).toBe(1);
    const [refusal] = refusals;
    expect(refusal!.status).toBe(409);
    const body = JSON.parse(refusal!.body);
    expect(body.error.code).toBe('SIGNUP_REFUSED');
    expect(body.error.details).toEqual([]);
    expect(body.error.message).not.toMatch(/taken|registered|exists|in use/i);
    expect(await tenantCount()).toBe(tenants + 6);
    // The refusal does the work of a sign-up (the password hash): no quick answer gives it away.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    expect(median(taken) / median(fresh)).toBeGreaterThan(0.5);
  });

  it('locks an account at the address that failed it, even for the right password, and audits it', async () => {
    const { email, client } = await stack.api.signup('locked');
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) {
      const wrong = await stack.api.post('/auth/login', { email, password: 'not the password at all' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    }
    const right = await fetch(`${stack.api.base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await right.json()) as { error: { code: string } }).error.code).toBe('LOGIN_LOCKED');

    // Another account is not affected by this one's lockout.
    const other = await stack.api.signup('not-locked');
    expect((await stack.api.post('/auth/login', { email: other.email, password: TEST_PASSWORD })).status).toBe(200);

    const audit = (await client.get('/audit?limit=50')).body.events.map((event: { action: string }) => event.action);
    expect(audit.filter((action: string) => action === 'auth.login_failed')).toHaveLength(MAX_FAILURES);
    expect(audit).toContain('auth.locked_out');
  });

  it('answers an unknown e-mail exactly like a wrong password, and locks it out the same way', async () => {
    const { email } = await stack.api.signup('known-for-comparison');
    const unknown = `nobody-${Date.now()}@example.test`;
    const answers: unknown[] = [];
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) {
      answers.push((await stack.api.post('/auth/login', { email: unknown, password: 'not the password at all' })).body);
    }
    // Identical but for the request id each answer carries.
    expect(answers.every((body) => withoutRequestId(body) === withoutRequestId(answers[0]))).toBe(true);
    expect(withoutRequestId((await stack.api.post('/auth/login', { email, password: 'not the password at all' })).body)).toBe(withoutRequestId(answers[0]));
    const locked = await stack.api.post('/auth/login', { email: unknown, password: 'not the password at all' });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('LOGIN_LOCKED');
  });

  it('lists sessions, revokes one at once, and ends expired ones', async () => {
    const { client, email } = await stack.api.signup('sessions');
    const second = await stack.api.login(email);
    const listed = (await client.get('/auth/sessions')).body.items;
    expect(listed).toHaveLength(2);
    expect(listed.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    const other = listed.find((session: { current: boolean }) => !session.current);
    expect((await client.delete(`/auth/sessions/${other.id}`)).status).toBe(204);
    expect((await second.get('/me')).status).toBe(401);
    expect((await client.delete(`/auth/sessions/${other.id}`)).status).toBe(404);

    // Tokens are stored hashed: the table never holds the token itself.
    const third = await stack.api.post('/auth/login', { email, password: TEST_PASSWORD });
    const stored = await stack.db.query<{ tokenHash: string }>('SELECT "tokenHash" FROM "Session"');
    expect(stored.some((row) => row.tokenHash.includes(third.body.token))).toBe(false);

    await stack.db.query(`UPDATE "Session" SET "expiresAt" = now() - interval '1 minute' WHERE "tokenHash" = encode(sha256($1::bytea), 'hex')`, [
      third.body.token,
    ]);
    const expired = await stack.api.as(third.body.token).get('/me');
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('SESSION_EXPIRED');
  });

  it('gives browsers an HttpOnly session cookie and requires the CSRF token on changes', async () => {
    const { email } = await stack.api.signup('cookies');
    const login = await fetch(`${stack.api.base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    const raw = login.headers.getSetCookie();
    expect(raw.find((cookie) => cookie.startsWith('loadline_session='))).toMatch(/HttpOnly/i);
    expect(raw.find((cookie) => cookie.startsWith('loadline_csrf='))).not.toMatch(/HttpOnly/i);
    expect(raw.every((cookie) => /SameSite=Lax/i.test(cookie))).toBe(true);
    const cookies = setCookies(login);
    // Asked by the browser, the body keeps the token from page script; an API client gets it.
    const browserLogin = await fetch(`${stack.api.base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-loadline-session': 'cookie' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(((await browserLogin.json()) as { token?: string }).token).toBeUndefined();
    expect(browserLogin.headers.getSetCookie().some((cookie) => cookie.startsWith('loadline_session='))).toBe(true);
    expect(((await login.json()) as { token?: string }).token).toMatch(/^lls_/);
    const cookieHeader = `loadline_session=${cookies.get('loadline_session')}; loadline_csrf=${cookies.get('loadline_csrf')}`;

    const me = await fetch(`${stack.api.base}/me`, { headers: { cookie: cookieHeader } });
    expect(me.status).toBe(200);
    const target = { name: 'csrf', baseUrl: 'http://127.0.0.1:9/' };
    const forged = await fetch(`${stack.api.base}/targets`, {
      method: 'POST',
      headers: { cookie: cookieHeader, 'content-type': 'application/json' },
      body: JSON.stringify(target),
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('CSRF_FAILED');
    const wrongToken = await fetch(`${stack.api.base}/targets`, {
      method: 'POST',
      headers: { cookie: cookieHeader, 'content-type': 'application/json', 'x-csrf-token': 'guess' },
      body: JSON.stringify(target),
    });
    expect(wrongToken.status).toBe(403);
    const genuine = await fetch(`${stack.api.base}/targets`, {
      method: 'POST',
      headers: { cookie: cookieHeader, 'content-type': 'application/json', 'x-csrf-token': cookies.get('loadline_csrf')! },
      body: JSON.stringify(target),
    });
    expect(genuine.status).toBe(201);

    const logout = await fetch(`${stack.api.base}/auth/logout`, {
      method: 'POST',
      headers: { cookie: cookieHeader, 'x-csrf-token': cookies.get('loadline_csrf')! },
    });
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().some((cookie) => /^loadline_session=;/.test(cookie))).toBe(true);
    expect((await fetch(`${stack.api.base}/me`, { headers: { cookie: cookieHeader } })).status).toBe(401);
  });

  it('lets a person create organizations, switch between them and see only the current one', async () => {
    const { client } = await stack.api.signup('multi');
    await client.post('/targets', { name: 'first-org target', baseUrl: 'http://127.0.0.1:9/' });
    const created = await client.post('/organizations', { name: 'Second Org' });
    expect(created.status).toBe(201);
    expect(created.body.role).toBe('OWNER');

    const me = (await client.get('/me')).body;
    expect(me.organizations.map((org: { name: string }) => org.name)).toEqual(['Org multi', 'Second Org']);
    expect(me.tenant.name).toBe('Org multi');

    const switched = await client.post('/auth/switch', { organizationId: created.body.id });
    expect(switched.status).toBe(200);
    expect(switched.body.tenant.name).toBe('Second Org');
    expect((await client.get('/targets')).body.items).toEqual([]);

    // Its only owner cannot leave it; switching back shows the first organization's rows again.
    const left = await client.post('/organization/leave');
    expect(left.status).toBe(409);
    expect(left.body.error.code).toBe('LAST_OWNER');
    await client.post('/auth/switch', { organizationId: me.tenant.id });
    expect((await client.get('/targets')).body.items.map((target: { name: string }) => target.name)).toEqual(['first-org target']);
  });
});
