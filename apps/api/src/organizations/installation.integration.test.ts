import { afterAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../test/stack.js';
import { TEST_PASSWORD } from '../test/api-client.js';

/** What the operator of an installation decides and no organization owner can undo. */
describe('installation ceilings and sign-up control', () => {
  const stacks: TestStack[] = [];
  const start = async (label: string, env: Record<string, string>) => {
    const stack = await startStack({ label, runner: false, env });
    stacks.push(stack);
    return stack;
  };
  afterAll(async () => {
    await Promise.all(stacks.map((stack) => stack.close()));
  });

  it('holds every quota to the ceiling: above it refused, at it accepted, ceilings shown', async () => {
    const stack = await start('ceilings', { LOADLINE_CEILING_VUS_PER_RUN: '200', LOADLINE_CEILING_MONTHLY_VU_MINUTES: '50000' });
    const owner = (await stack.api.signup('ceiling-owner')).client;

    const above = await owner.patch('/organization/quotas', { maxVusPerRun: 201, monthlyVuMinutes: 60_000, maxConcurrentRuns: 7 });
    expect(above.status).toBe(422);
    expect(above.body.error.code).toBe('QUOTA_ABOVE_CEILING');
    expect(above.body.error.message).toBe(
      'This installation allows at most 200 for maxVusPerRun, 50,000 for monthlyVuMinutes; ask its operator to raise the ceiling',
    );
    expect(above.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['maxVusPerRun', 'monthlyVuMinutes']);
    // Nothing of the refused change was applied, not even the part within the ceilings.
    const unchanged = (await owner.get('/organization')).body;
    expect(unchanged.quotas.maxConcurrentRuns).not.toBe(7);

    const at = await owner.patch('/organization/quotas', { maxVusPerRun: 200, monthlyVuMinutes: 50_000 });
    expect(at.status).toBe(200);
    expect(at.body.quotas).toMatchObject({ maxVusPerRun: 200, monthlyVuMinutes: 50_000 });
    expect(at.body.ceilings).toEqual({ maxVusPerRun: 200, maxRunDurationSeconds: 604_800, maxConcurrentRuns: 1_000, monthlyVuMinutes: 50_000 });

    // A quota stored before the ceiling was lowered counts as the ceiling.
    await stack.db.query('UPDATE "Tenant" SET "maxVus" = 5000');
    expect((await owner.get('/organization')).body.quotas.maxVusPerRun).toBe(200);
    expect((await owner.get('/usage')).body.limits.maxVusPerRun).toBe(200);
  });

  it('closed: only the first account of an empty installation; invite-only: only with an invite', async () => {
    const closed = await start('signupclosed', { LOADLINE_SIGNUP: 'closed' });
    await closed.api.signup('first-owner'); // an empty installation gets its first owner
    const refused = await closed.api.post('/auth/signup', {
      email: 'second@example.test',
      password: TEST_PASSWORD,
      name: 'Second',
      organizationName: 'Second Co',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'SIGNUP_CLOSED', message: expect.stringContaining('Sign-up is closed') });
    expect(Number((await closed.db.query<{ n: string }>('SELECT count(*) AS n FROM "User"'))[0]!.n)).toBe(1);

    const inviteOnly = await start('signupinvite', { LOADLINE_SIGNUP: 'invite-only' });
    const owner = (await inviteOnly.api.signup('invite-owner')).client;
    const without = await inviteOnly.api.post('/auth/signup', {
      email: 'walk-in@example.test',
      password: TEST_PASSWORD,
      name: 'Walk In',
      organizationName: 'Walk In Co',
    });
    expect(without.status).toBe(403);
    expect(without.body.error.message).toContain('by invitation only');
    const invite = await owner.post('/invites', { role: 'MEMBER' });
    const joined = await inviteOnly.api.signup('invited', invite.body.token);
    expect(joined.session.role).toBe('MEMBER');
  });

  it('throttles sign-ups per address with 429 and Retry-After, creating nothing', async () => {
    const stack = await start('signupthrottle', { LOADLINE_SIGNUPS_PER_ADDRESS_PER_HOUR: '3' });
    for (let i = 0; i < 3; i++) await stack.api.signup(`burst-${i}`);
    const fourth = await fetch(`${stack.api.base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'fourth@example.test', password: TEST_PASSWORD, name: 'Fourth', organizationName: 'Fourth Co' }),
    });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await fourth.json()) as { error: { code: string } }).error.code).toBe('SIGNUP_THROTTLED');
    expect(Number((await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM "User"'))[0]!.n)).toBe(3);
  });
});
