import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { waitForApi } from '../support/api.js';
import { uniqueStamp } from '../support/browser.js';
import { BASE_URL } from '../support/env.js';
import { signUpFrom, startForwardingProxy, type ForwardingProxy } from '../support/forwarding-proxy.js';

/** Two clients behind the proxy, and a caller that is no proxy: loopback source addresses of this machine. */
const CLIENT_A = '127.0.0.3';
const CLIENT_B = '127.0.0.4';
const UNTRUSTED = '127.0.0.2';
/** More than any sign-up limit per address an installation would set; the e2e API keeps the default (20 an hour). */
const AT_MOST = 200;

/**
 * The sign-up limit behind a proxy, through the API (a browser cannot pick its source address,
 * and every e2e browser shares 127.0.0.1): the e2e API trusts 127.0.0.1 as a proxy
 * (LOADLINE_TRUSTED_PROXIES=127.0.0.1/32, scripts/test.sh) and keeps its ordinary limit. Two
 * clients reach it through one loopback proxy, which appends each one's address to
 * X-Forwarded-For: the limit counts them apart, not as the proxy's one address. A caller that
 * is not a trusted proxy cannot pick its address by writing the header.
 */
describe('sign-up limit behind a trusted proxy', { timeout: 180_000 }, () => {
  let proxy: ForwardingProxy;
  const stamp = uniqueStamp();
  let seq = 0;
  const email = (who: string) => `e2e-proxy-${who}-${stamp}-${++seq}@example.test`;

  before(async () => {
    await waitForApi();
    proxy = await startForwardingProxy(BASE_URL);
  });

  after(async () => {
    await proxy?.close();
  });

  it('counts two clients behind one proxy apart, by the address the proxy forwards, and ignores the header from anyone else', async (t) => {
    // Client A signs up through the proxy until the API refuses it.
    let allowed = 0;
    let refused = await signUpFrom(proxy.baseUrl, CLIENT_A, email('a'));
    while (refused.status === 201 && allowed < AT_MOST) {
      allowed += 1;
      refused = await signUpFrom(proxy.baseUrl, CLIENT_A, email('a'));
    }
    t.diagnostic(`client A: ${allowed} sign-ups, then HTTP ${refused.status} ${refused.code}: ${refused.message}`);
    assert.ok(allowed >= 1, 'client A signed up at least once before its limit');
    assert.equal(refused.status, 429, `client A is stopped by its limit: ${JSON.stringify(refused)}`);
    assert.equal(refused.code, 'SIGNUP_THROTTLED');
    assert.match(refused.message ?? '', /^Too many sign-ups from your address; try again in \d+ minutes? \(at \d\d:\d\d UTC\)$/);

    // Client B, behind the same proxy (the same peer address for the API), has its own count.
    const other = await signUpFrom(proxy.baseUrl, CLIENT_B, email('b'));
    assert.equal(other.status, 201, `client B is not limited by client A's sign-ups: ${JSON.stringify(other)}`);

    // A client cannot leave its count by writing X-Forwarded-For itself: the proxy's hop (its
    // real address) is the one read, from the right.
    const forged = await signUpFrom(proxy.baseUrl, CLIENT_A, email('a-forged'), '203.0.113.9');
    assert.equal(forged.status, 429, `client A stays limited whatever it writes: ${JSON.stringify(forged)}`);

    // A caller that is no trusted proxy names client A, whose limit is reached: were the header
    // believed, this would be refused.
    const direct = await signUpFrom(BASE_URL, UNTRUSTED, email('direct'), CLIENT_A);
    assert.equal(direct.status, 201, `counted as ${UNTRUSTED} itself, not as the address it wrote: ${JSON.stringify(direct)}`);
  });
});
