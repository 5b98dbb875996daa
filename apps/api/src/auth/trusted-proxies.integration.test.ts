import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../test/stack.js';
import { TEST_PASSWORD } from '../test/api-client.js';

const PER_HOUR = 2;

/**
 * LOADLINE_TRUSTED_PROXIES: the per-address sign-up limit counts the client behind a trusted
 * proxy (the first X-Forwarded-For address from the right that is not a trusted proxy), and
 * ignores the header from anywhere else. The "proxy" is this test connecting from 127.0.0.1,
 * the one trusted address; the untrusted caller connects from 127.0.0.2 (the same machine,
 * another loopback source address).
 */
describe('trusted proxies and per-address limits', () => {
  let stack: TestStack;
  let seq = 0;

  beforeAll(async () => {
    stack = await startStack({
      label: 'proxies',
      runner: false,
      env: { LOADLINE_TRUSTED_PROXIES: '127.0.0.1', LOADLINE_SIGNUPS_PER_ADDRESS_PER_HOUR: String(PER_HOUR) },
    });
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** POST /auth/signup from `from` (a loopback source address), with X-Forwarded-For when given. */
  const signup = (from: '127.0.0.1' | '127.0.0.2', forwardedFor?: string) =>
    new Promise<{ status: number; body: { error?: { code: string; message: string } } }>((resolve, reject) => {
      const body = JSON.stringify({
        email: `proxy-${++seq}-${Date.now()}@example.test`,
        password: TEST_PASSWORD,
        name: 'Proxied',
        organizationName: `Proxied ${seq}`,
      });
      const request = http.request(
        `${stack.api.base}/auth/signup`,
        {
          method: 'POST',
          localAddress: from,
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  it('limits two clients behind one trusted proxy separately, by the address the proxy forwards', async () => {
    for (let i = 0; i < PER_HOUR; i++) expect((await signup('127.0.0.1', '198.51.100.1')).status).toBe(201);
    const limited = await signup('127.0.0.1', '198.51.100.1');
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('SIGNUP_THROTTLED');
    expect(limited.body.error?.message).toMatch(/^Too many sign-ups from your address; try again in \d+ minutes? \(at \d\d:\d\d UTC\)$/);

    // The other client behind the same proxy has its own count.
    expect((await signup('127.0.0.1', '198.51.100.2')).status).toBe(201);
    // The chain is read from the right: what the client itself wrote on the left is not believed.
    expect((await signup('127.0.0.1', '203.0.113.77, 198.51.100.1')).status).toBe(429);
    // A trusted hop in the chain is skipped: the client is the address before it.
    expect((await signup('127.0.0.1', '198.51.100.1, 127.0.0.1')).status).toBe(429);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    for (let i = 0; i < PER_HOUR; i++) expect((await signup('127.0.0.2', `192.0.2.${i + 1}`)).status).toBe(201);
    // Another forwarded address each time, yet every sign-up counts against 127.0.0.2 itself.
    const limited = await signup('127.0.0.2', '192.0.2.200');
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('SIGNUP_THROTTLED');
  });
});
