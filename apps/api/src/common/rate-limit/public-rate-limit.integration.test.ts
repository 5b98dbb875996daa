import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../test/stack.js';
import type { ApiClient } from '../../test/api-client.js';

/** Routes opened by a token (shared reports, invitations, triggers) have limits too: per link and per address. */
describe('rate limits on routes that open with a token', () => {
  let stack: TestStack;
  let owner: ApiClient;
  beforeAll(async () => {
    stack = await startStack({
      label: 'publiclimit',
      runner: false,
      env: { LOADLINE_RATE_LIMIT_PUBLIC_PER_TOKEN: '4', LOADLINE_RATE_LIMIT_PUBLIC_PER_ADDRESS: '6' },
    });
    owner = (await stack.api.signup('publiclimit')).client;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 429 with Retry-After past the limit of one link, then past the limit of one address', async () => {
    const [a, b] = [(await owner.post('/invites', { role: 'VIEWER' })).body.token, (await owner.post('/invites', { role: 'VIEWER' })).body.token];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await stack.api.get(`/invitations/${a}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const limited = await fetch(`${stack.api.base}/invitations/${a}`);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('to one link'),
    });

    // Another link from the same address: the address has used its 6 by the second request.
    expect((await stack.api.get(`/invitations/${b}`)).status).toBe(429);
    expect((await stack.api.get(`/invitations/${b}`)).body.error.message).toContain('from one address');
    // Signed-in routes are not counted against links.
    expect((await owner.get('/invites')).status).toBe(200);
  });
});
