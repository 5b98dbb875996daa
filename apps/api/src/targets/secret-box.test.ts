import { describe, expect, it } from 'vitest';
import { SecretBox, SecretUnreadableError } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('a-test-secret-key-that-is-long-enough-0123');
  const secrets = { headers: { Authorization: 'Bearer s3cret-token' }, variables: { API_KEY: 'k-123' } };

  it('round-trips, and the sealed text reveals nothing', () => {
    const sealed = box.seal(secrets);
    expect(sealed).not.toContain('s3cret');
    expect(sealed).not.toContain('Authorization');
    expect(box.open(sealed)).toEqual(secrets);
    expect(box.seal(secrets)).not.toBe(sealed);
  });

  it('refuses tampered ciphertexts and other keys', () => {
    const sealed = box.seal(secrets);
    const parts = sealed.split(':');
    const flipped = Buffer.from(parts[3]!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64')].join(':'))).toThrow(SecretUnreadableError);
    expect(() => new SecretBox('another-key-also-long-enough-0123456789').open(sealed)).toThrow(SecretUnreadableError);
  });

  it('seals bytes: round-trips, hides the plaintext, refuses tampering and other keys', () => {
    const plain = Buffer.from('token-1,token-2,hunter2', 'utf8');
    const sealed = box.sealBytes(plain);
    expect(sealed.includes(Buffer.from('hunter2'))).toBe(false);
    expect(box.openBytes(sealed).equals(plain)).toBe(true);
    expect(box.sealBytes(plain).equals(sealed)).toBe(false);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = tampered[tampered.length - 1]! ^ 1;
    expect(() => box.openBytes(tampered)).toThrow(SecretUnreadableError);
    expect(() => new SecretBox('another-key-also-long-enough-0123456789').openBytes(sealed)).toThrow(SecretUnreadableError);
    expect(() => box.openBytes(Buffer.from([9, 1, 2]))).toThrow('not sealed bytes');
  });
});
