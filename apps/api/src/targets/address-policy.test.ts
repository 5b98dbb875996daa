import { describe, expect, it } from 'vitest';
import { AddressPolicy } from './address-policy.js';

describe('AddressPolicy', () => {
  const strict = new AddressPolicy([]);

  it('refuses private, loopback, link-local, metadata, multicast and reserved addresses', () => {
    for (const [address, kind] of [
      ['10.1.2.3', 'private'],
      ['172.20.0.1', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['127.0.0.1', 'loopback'],
      ['::1', 'loopback'],
      ['169.254.10.1', 'link-local'],
      ['fe80::1', 'link-local'],
      ['169.254.169.254', 'metadata'],
      ['fd00:ec2::254', 'metadata'],
      ['224.0.0.251', 'multicast'],
      ['ff02::1', 'multicast'],
      ['0.0.0.0', 'reserved'],
      ['fd12:3456::1', 'private'],
      ['::ffff:10.0.0.1', 'private'],
      ['::ffff:169.254.169.254', 'metadata'],
    ] as const) {
      const verdict = strict.check(address);
      expect(verdict.allowed, address).toBe(false);
      expect(verdict.reason, address).toContain(`(${kind})`);
    }
  });

  it('judges IPv6 forms that carry an IPv4 address by that address, and refuses site-local', () => {
    for (const [address, kind] of [
      ['64:ff9b::a9fe:a9fe', 'metadata'], // NAT64 of 169.254.169.254
      ['::a9fe:a9fe', 'metadata'], // IPv4-compatible
      ['::ffff:a9fe:a9fe', 'metadata'], // IPv4-mapped, hex spelling
      ['2002:a9fe:a9fe::1', 'metadata'], // 6to4
      ['2002:0a00:0001::', 'private'], // 6to4 of 10.0.0.1
      ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'], // Teredo, client 10.0.0.1 (inverted)
      ['64:ff9b::7f00:1', 'loopback'],
      ['fec0::1', 'private'],
    ] as const) {
      const verdict = strict.check(address);
      expect(verdict.allowed, address).toBe(false);
      expect(verdict.reason, address).toContain(`(${kind})`);
    }
    expect(strict.check('64:ff9b::a9fe:a9fe').reason).toBe('64:ff9b::a9fe:a9fe carries 169.254.169.254: 169.254.169.254 is in 169.254.169.254/32 (metadata)');
    // The same forms of a public IPv4 address are public.
    for (const address of ['64:ff9b::5db8:d822', '2002:5db8:d822::1', '::ffff:93.184.216.34']) expect(strict.check(address).allowed, address).toBe(true);
  });

  it("refuses Azure's wire server (168.63.129.16) as metadata in every spelling", () => {
    // A public address, but every Azure VM reaches the platform's own agent service there.
    for (const address of [
      '168.63.129.16',
      '::ffff:168.63.129.16', // IPv4-mapped, dotted
      '::ffff:a83f:8110', // IPv4-mapped, hex
      '::a83f:8110', // IPv4-compatible
      '64:ff9b::a83f:8110', // NAT64
      '64:ff9b::168.63.129.16',
      '2002:a83f:8110::1', // 6to4
      '2001:0:4136:e378:8000:63bf:57c0:7eef', // Teredo, client 168.63.129.16 (inverted)
    ]) {
      const verdict = strict.check(address);
      expect(verdict.allowed, address).toBe(false);
      expect(verdict.reason, address).toContain('168.63.129.16/32 (metadata)');
    }
    // Its neighbours are ordinary public addresses.
    for (const address of ['168.63.129.15', '168.63.129.17']) expect(strict.check(address).allowed, address).toBe(true);
  });

  it('refuses 0.0.0.0/8 and 192.0.0.0/24 in their IPv6 spellings too', () => {
    for (const [address, cidr] of [
      ['0.1.2.3', '0.0.0.0/8'],
      ['::ffff:0.1.2.3', '0.0.0.0/8'],
      ['64:ff9b::0.1.2.3', '0.0.0.0/8'],
      ['192.0.0.192', '192.0.0.0/24'], // Oracle Cloud's metadata service
      ['::ffff:c000:c0', '192.0.0.0/24'],
      ['64:ff9b::c000:c0', '192.0.0.0/24'],
      ['2002:c000:c0::', '192.0.0.0/24'],
    ] as const) {
      const verdict = strict.check(address);
      expect(verdict.allowed, address).toBe(false);
      expect(verdict.reason, address).toContain(cidr);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1', '11.0.0.1']) {
      expect(strict.check(address), address).toEqual({ address, allowed: true });
    }
  });

  it('allows what the operator allows, and only that', () => {
    const selfHosted = new AddressPolicy(['127.0.0.0/8', '::1/128', '10.20.0.0/16']);
    expect(selfHosted.check('127.0.0.1').allowed).toBe(true);
    expect(selfHosted.check('::1').allowed).toBe(true);
    expect(selfHosted.check('10.20.5.5').allowed).toBe(true);
    expect(selfHosted.check('10.21.0.1').allowed).toBe(false);
    expect(selfHosted.check('169.254.169.254').allowed).toBe(false);
  });

  it("refuses the runners' k6 control network even where loopback is allowed", () => {
    const policy = new AddressPolicy(['127.0.0.0/8', '::1/128']);
    expect(policy.check('127.0.0.1').allowed).toBe(true);
    expect(policy.check('127.77.3.4')).toMatchObject({
      allowed: false,
      reason: expect.stringContaining("127.77.0.0/16 (reserved for the runners' k6 control ports)"),
    });
    expect(policy.check('::ffff:127.77.0.9').allowed).toBe(false);
  });

  it('gives k6 the refused ranges minus the allowed networks', () => {
    expect(strict.k6BlacklistIPs()).toEqual(expect.arrayContaining(['10.0.0.0/8', '127.0.0.0/8', '169.254.169.254/32', '::1/128', 'fe80::/10', 'fc00::/7']));
    const selfHosted = new AddressPolicy(['127.0.0.0/8', '::1/128', '10.20.0.0/16']);
    const list = selfHosted.k6BlacklistIPs();
    expect(list).not.toContain('127.0.0.0/8');
    expect(list).not.toContain('::1/128');
    expect(list).not.toContain('10.0.0.0/8');
    // 10.0.0.0/8 without 10.20.0.0/16 is covered by the fewest CIDRs, none overlapping it.
    const tens = list.filter((cidr) => cidr.startsWith('10.'));
    expect(tens).toEqual(['10.0.0.0/12', '10.16.0.0/14', '10.21.0.0/16', '10.22.0.0/15', '10.24.0.0/13', '10.32.0.0/11', '10.64.0.0/10', '10.128.0.0/9']);
    const covered = tens.reduce((sum, cidr) => sum + 2 ** (32 - Number(cidr.split('/')[1])), 0);
    expect(covered).toBe(2 ** 24 - 2 ** 16);
  });

  it('refuses malformed allowed networks at startup', () => {
    expect(() => new AddressPolicy(['10.0.0.0/33'])).toThrow(/not a network/);
    expect(() => new AddressPolicy(['example.com'])).toThrow(/not a network/);
  });
});
