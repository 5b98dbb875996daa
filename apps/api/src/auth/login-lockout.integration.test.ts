import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../test/stack.js';
import { TEST_PASSWORD, withoutRequestId } from '../test/api-client.js';

const PER_PAIR = 3;
const PER_ADDRESS = 8;
const SLOW_AFTER = 5;
const SLOW_MS = 1_000;

/**
 * Failed logins are counted per (account, client address) and per client address, which lock;
 * per account they only slow. So a stranger who knows an e-mail address can lock it out from
 * their own addresses only: its owner, from another address, still signs in with the right
 * password. The client address comes from X-Forwarded-For (the test's API trusts loopback as its proxy).
 */
describe('login lockout is not a denial of service', () => {
  let stack: TestStack;
  let address = 0;
  /** A fresh documentation-range address (RFC 5737) per call. */
  const nextAddress = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    stack = await startStack({
      label: 'lockout',
      runner: false,
      env: {
        LOADLINE_TRUSTED_PROXIES: '127.0.0.0/8,::1/128',
        LOADLINE_LOGIN_MAX_FAILURES: String(PER_PAIR),
        LOADLINE_LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
        LOADLINE_LOGIN_SLOW_AFTER_FAILURES: String(SLOW_AFTER),
        LOADLINE_LOGIN_SLOW_DELAY_MS: String(SLOW_MS),
      },
    });
  });

  afterAll(async () => {
    await stack?.close();
  });

  const login = async (email: string, password: string, from: string) => {
    const started = Date.now();
    const response = await stack.api.request('POST', '/auth/login', { email, password }, { 'x-forwarded-for': from });
    return { ...response, ms: Date.now() - started };
  };
  const WRONG = 'not the password at all';

  it('locks an (account, address) pair, not the account: the right password from another address signs in', async () => {
    const { email } = await stack.api.signup('pair');
    const attacker = nextAddress();
    for (let i = 0; i < PER_PAIR; i++) expect((await login(email, WRONG, attacker)).status).toBe(401);
    const locked = await login(email, TEST_PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('LOGIN_LOCKED');
    const owner = await login(email, TEST_PASSWORD, nextAddress());
    expect(owner.status).toBe(200);
    expect(owner.body.token).toMatch(/^lls_/);
  });

  it('only slows an account failed from many addresses, and a known and an unknown e-mail alike', async () => {
    const { email } = await stack.api.signup('slowed');
    const unknown = `nobody-${Date.now()}@example.test`;
    const trail = async (who: string) => {
      const answers: Array<{ status: number; body: string; ms: number }> = [];
      // SLOW_AFTER + 1 failures, two per address: no pair or address is locked.
      for (let i = 0; i <= SLOW_AFTER; i += 2) {
        const from = nextAddress();
        for (let j = 0; j < 2 && i + j <= SLOW_AFTER; j++) {
          const answer = await login(who, WRONG, from);
          answers.push({ status: answer.status, body: withoutRequestId(answer.body), ms: answer.ms });
        }
      }
      return answers;
    };
    const known = await trail(email);
    const nobody = await trail(unknown);
    expect(known.map((answer) => [answer.status, answer.body])).toEqual(nobody.map((answer) => [answer.status, answer.body]));
    expect(known.every((answer) => answer.status === 401)).toBe(true);
    // Past the account's threshold every answer waits, failed or not, known or not.
    expect(known.at(-1)!.ms).toBeGreaterThanOrEqual(SLOW_MS - 50);
    expect(nobody.at(-1)!.ms).toBeGreaterThanOrEqual(SLOW_MS - 50);

    const owner = await login(email, TEST_PASSWORD, nextAddress());
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(SLOW_MS - 50);
  });

  it('locks an address that fails across many accounts, for every account, but no other address', async () => {
    const { email } = await stack.api.signup('sprayed');
    const sprayer = nextAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await login(`spray-${i}-${Date.now()}@example.test`, WRONG, sprayer)).status).toBe(401);
    const refused = await login(email, TEST_PASSWORD, sprayer);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('LOGIN_LOCKED');
    expect((await login(email, TEST_PASSWORD, nextAddress())).status).toBe(200);
  });

  it('audits the lock of a pair and the slowing of an account in the account organizations', async () => {
    const { email, client } = await stack.api.signup('audited');
    const from = nextAddress();
    for (let i = 0; i < PER_PAIR; i++) await login(email, WRONG, from);
    for (let i = 0; i < SLOW_AFTER - PER_PAIR + 1; i++) await login(email, WRONG, nextAddress());
    const actions = (await client.get('/audit?limit=50')).body.events.map((event: { action: string; details: unknown }) => [event.action, event.details]);
    expect(actions).toContainEqual(['auth.locked_out', expect.objectContaining({ scope: 'address' })]);
    expect(actions).toContainEqual(['auth.login_slowed', expect.anything()]);
  });
});
