import { describe, expect, it } from 'vitest';
import { sourceTrust } from './source-trust.js';

const base = { sourceHost: '127.0.0.1', addresses: ['127.0.0.1'], targetHost: '127.0.0.1', targetVerified: false, verifiedAddresses: [] as string[] };

describe('sourceTrust', () => {
  it("allows the target's own host, verified or not (the load goes there anyway)", () => {
    expect(sourceTrust(base)).toEqual({ allowed: true });
    expect(sourceTrust({ ...base, targetVerified: true, verifiedAddresses: ['127.0.0.9'] })).toEqual({ allowed: true });
  });

  it('refuses another host of an unverified target, saying why', () => {
    const trust = sourceTrust({ ...base, sourceHost: '127.0.0.2', addresses: ['127.0.0.2'] });
    expect(trust.allowed).toBe(false);
    expect(!trust.allowed && trust.reason).toContain("127.0.0.2 is not the target's host 127.0.0.1, and the target is not verified");
  });

  it('allows another host only when every address it resolves to is a verified address of the target', () => {
    const verified = { ...base, targetVerified: true, verifiedAddresses: ['127.0.0.1', '127.0.0.3'] };
    expect(sourceTrust({ ...verified, sourceHost: '127.0.0.3', addresses: ['127.0.0.3'] })).toEqual({ allowed: true });
    expect(sourceTrust({ ...verified, sourceHost: 'metrics.test', addresses: ['127.0.0.3', '127.0.0.1'] })).toEqual({ allowed: true });
    const partly = sourceTrust({ ...verified, sourceHost: 'metrics.test', addresses: ['127.0.0.3', '127.0.0.4'] });
    expect(partly.allowed).toBe(false);
    expect(!partly.allowed && partly.reason).toContain('metrics.test (127.0.0.3, 127.0.0.4)');
    expect(!partly.allowed && partly.reason).toContain('127.0.0.4 is not among the addresses the target was verified at (127.0.0.1, 127.0.0.3)');
  });
});
