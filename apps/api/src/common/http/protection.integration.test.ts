import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../test/stack.js';

const PER_CALLER = 8;
const PER_ORG = 12;
const ALLOWED_ORIGIN = 'https://dashboard.example.test';

describe('API protection: rate limits, CORS, security headers', () => {
  let stack: TestStack;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'loadline-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Loadline</title>');
    stack = await startStack({
      label: 'protection',
      runner: false,
      env: {
        LOADLINE_RATE_LIMIT_PER_CALLER: String(PER_CALLER),
        LOADLINE_RATE_LIMIT_PER_ORG: String(PER_ORG),
        LOADLINE_CORS_ORIGINS: ALLOWED_ORIGIN,
        LOADLINE_WEB_DIST: webDist,
      },
    });
  });

  afterAll(async () => {
    await stack?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('limits each caller, then the organization as a whole, with 429 and Retry-After', async () => {
    const { client, session } = await stack.api.signup('limited');
    const key = (await client.post('/api-keys', { name: 'bot', role: 'VIEWER' })).body.secret;
    // signup is public; the key creation above was request 1 of this session.
    const sessionStatuses: number[] = [];
    for (let index = 1; index < PER_CALLER + 1; index++) sessionStatuses.push((await client.get('/targets')).status);
    expect(sessionStatuses.slice(0, PER_CALLER - 1).every((status) => status === 200)).toBe(true);
    const limited = await fetch(`${stack.api.base}/targets`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'RATE_LIMITED' });

    // The key has its own allowance until the organization's runs out.
    const viaKey = stack.api.as(key);
    const keyStatuses: number[] = [];
    for (let index = 0; index < 4; index++) keyStatuses.push((await viaKey.get('/targets')).status);
    expect(keyStatuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(keyStatuses.at(-1)).toBe(429);
    const orgLimited = await viaKey.get('/targets');
    expect(orgLimited.body.error.message).toContain('per organization');

    // Another organization is not affected.
    const other = (await stack.api.signup('unaffected')).client;
    expect((await other.get('/targets')).status).toBe(200);
  });

  it('sets security headers on API answers and on the web app', async () => {
    for (const route of ['/api/v1/health', '/', '/runs/some-run']) {
      const response = await fetch(`${stack.baseUrl}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), route).toBe('DENY');
      expect(response.headers.get('referrer-policy'), route).toBe('no-referrer');
      expect(response.headers.get('content-security-policy'), route).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-powered-by'), route).toBeNull();
    }
    expect((await fetch(`${stack.baseUrl}/`)).headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${stack.baseUrl}/api/v1/health`)).headers.get('cache-control')).toBe('no-store');
  });

  it('answers CORS preflights for configured origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.api.base}/targets`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-csrf-token' },
      });
    const allowed = await preflight(ALLOWED_ORIGIN);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('x-csrf-token');
    const other = await preflight('https://evil.example.test');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
