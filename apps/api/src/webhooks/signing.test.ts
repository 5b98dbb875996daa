import { describe, expect, it } from 'vitest';
import { newWebhookSecret, sign, signedHeaders, verify } from './signing.js';

describe('Standard Webhooks signing', () => {
  it('matches the specification test vector', () => {
    // From the Standard Webhooks reference implementations' tests.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const timestamp = 1614265330;
    const body = '{"test": 2432232314}';
    expect(sign(secret, id, timestamp, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verifies its own signatures, with either secret during a rotation, and refuses tampering and old timestamps', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const now = Date.now();
    const body = '{"type":"run.finished"}';
    const headers = signedHeaders([current, previous], 'evt_1', Math.floor(now / 1000), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verify(current, headers, body, now)).toBe(true);
    expect(verify(previous, headers, body, now)).toBe(true);
    expect(verify(newWebhookSecret(), headers, body, now)).toBe(false);
    expect(verify(current, headers, body.replace('finished', 'started'), now)).toBe(false);
    expect(verify(current, headers, body, now + 3_600_000)).toBe(false);
  });
});
