import { BlockList, isIP } from 'node:net';
import { K6_CONTROL_NETWORK } from '@loadline/shared';
import { parseCidr, type Cidr } from '../common/net/cidr.js';

/**
 * Where Loadline may send load. Targets resolving into these ranges are refused unless the
 * operator allows the network (LOADLINE_ALLOWED_NETWORKS): a load generator that can be
 * pointed at 10.0.0.0/8 or 169.254.169.254 is a tool for attacking the network it runs in.
 * Pure: no DNS here; the caller resolves and passes the addresses.
 */
export interface RefusedRange {
  cidr: string;
  kind: 'private' | 'loopback' | 'link-local' | 'metadata' | 'multicast' | 'reserved';
}

export const REFUSED_RANGES: readonly RefusedRange[] = [
  { cidr: '169.254.169.254/32', kind: 'metadata' },
  { cidr: '100.100.100.200/32', kind: 'metadata' },
  // Azure's wire server: a public address, but on every Azure VM it is the platform's own
  // agent endpoint (VM extensions, health reports, DHCP/DNS), not a tenant's service.
  { cidr: '168.63.129.16/32', kind: 'metadata' },
  { cidr: 'fd00:ec2::254/128', kind: 'metadata' },
  { cidr: '0.0.0.0/8', kind: 'reserved' },
  { cidr: '10.0.0.0/8', kind: 'private' },
  { cidr: '100.64.0.0/10', kind: 'private' },
  { cidr: '127.0.0.0/8', kind: 'loopback' },
  { cidr: '169.254.0.0/16', kind: 'link-local' },
  { cidr: '172.16.0.0/12', kind: 'private' },
  { cidr: '192.0.0.0/24', kind: 'reserved' },
  { cidr: '192.168.0.0/16', kind: 'private' },
  { cidr: '198.18.0.0/15', kind: 'reserved' },
  { cidr: '224.0.0.0/4', kind: 'multicast' },
  { cidr: '240.0.0.0/4', kind: 'reserved' },
  { cidr: '::/128', kind: 'reserved' },
  { cidr: '::1/128', kind: 'loopback' },
  { cidr: '64:ff9b:1::/48', kind: 'private' },
  { cidr: 'fc00::/7', kind: 'private' },
  { cidr: 'fe80::/10', kind: 'link-local' },
  // Site-local: deprecated (RFC 3879) but still routed privately by some networks.
  { cidr: 'fec0::/10', kind: 'private' },
  { cidr: 'ff00::/8', kind: 'multicast' },
];

/** Host names that name a cloud metadata service or the machine itself, whatever they resolve to. */
export const BLOCKED_HOSTNAMES: readonly string[] = ['metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal'];

// ---- CIDR arithmetic on bigints, for subtracting allowed networks from the refused ones ----

function toBigInt(address: string, family: 4 | 6): bigint {
  if (family === 4) return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const expand = (parts: string[]) =>
    parts.flatMap((part) => {
      if (!part.includes('.')) return [part];
      const v4 = toBigInt(part, 4);
      return [(v4 >> 16n).toString(16), (v4 & 0xffffn).toString(16)];
    });
  const h = expand(headParts);
  const t = expand(tailParts);
  const groups = tail === undefined ? h : [...h, ...Array.from({ length: 8 - h.length - t.length }, () => '0'), ...t];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group || '0', 16)), 0n);
}

function fromBigInt(value: bigint, family: 4 | 6): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => ((value >> shift) & 0xffn).toString()).join('.');
  const groups = Array.from({ length: 8 }, (_, index) => Number((value >> BigInt((7 - index) * 16)) & 0xffffn));
  // RFC 5952: the longest run of two or more zero groups becomes "::".
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

interface Range {
  start: bigint;
  prefix: number;
  family: 4 | 6;
}

const bits = (family: 4 | 6) => (family === 4 ? 32 : 128);
const rangeOf = (cidr: Cidr): Range => {
  const size = bits(cidr.family) - cidr.prefix;
  return { start: (toBigInt(cidr.address, cidr.family) >> BigInt(size)) << BigInt(size), prefix: cidr.prefix, family: cidr.family };
};
const endOf = (range: Range) => range.start + (1n << BigInt(bits(range.family) - range.prefix)) - 1n;
const contains = (outer: Range, inner: Range) =>
  outer.family === inner.family && outer.prefix <= inner.prefix && inner.start >= outer.start && endOf(inner) <= endOf(outer);
const overlaps = (a: Range, b: Range) => a.family === b.family && a.start <= endOf(b) && b.start <= endOf(a);

/** `range` minus every allowed range, as the fewest CIDRs that cover what is left. */
function subtract(range: Range, allowed: readonly Range[]): Range[] {
  if (allowed.some((allow) => contains(allow, range))) return [];
  if (!allowed.some((allow) => overlaps(allow, range))) return [range];
  const half = BigInt(bits(range.family) - range.prefix - 1);
  const low: Range = { start: range.start, prefix: range.prefix + 1, family: range.family };
  const high: Range = { start: range.start + (1n << half), prefix: range.prefix + 1, family: range.family };
  return [...subtract(low, allowed), ...subtract(high, allowed)];
}

const CONTROL_NETWORK = (() => {
  const list = new BlockList();
  const cidr = parseCidr(K6_CONTROL_NETWORK)!;
  list.addSubnet(cidr.address, cidr.prefix, 'ipv4');
  return list;
})();

const format = (range: Range) => `${fromBigInt(range.start, range.family)}/${range.prefix}`;

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach an IPv4 host:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96), 6to4
 * (2002:AABB:CCDD::/48) and Teredo (2001:0::/32, the client's address inverted in the last
 * 32 bits). `[::a9fe:a9fe]` is 169.254.169.254 to a host that routes it, so it is judged as that.
 */
export function embeddedIPv4(address: string): string | null {
  if (isIP(address) !== 6) return null;
  const value = toBigInt(address, 6);
  const low32 = value & 0xffffffffn;
  const top = (bits: number) => value >> BigInt(128 - bits);
  if (top(96) === 0xffffn) return fromBigInt(low32, 4); // ::ffff:0:0/96
  if (top(96) === 0n && low32 > 1n) return fromBigInt(low32, 4); // ::/96 (not :: and ::1)
  if (top(96) === 0x64ff9bn << 64n) return fromBigInt(low32, 4); // 64:ff9b::/96
  if (top(16) === 0x2002n) return fromBigInt((value >> 80n) & 0xffffffffn, 4); // 2002::/16
  if (top(32) === 0x20010000n) return fromBigInt(~low32 & 0xffffffffn, 4); // Teredo 2001::/32
  return null;
}

export interface AddressVerdict {
  address: string;
  allowed: boolean;
  /** Why not, e.g. "10.1.2.3 is in 10.0.0.0/8 (private)". */
  reason?: string;
}

/** The policy of one installation: the refused ranges minus the networks the operator allows. */
export class AddressPolicy {
  private readonly allowedList = new BlockList();
  private readonly allowedRanges: Range[];

  constructor(allowedNetworks: readonly string[]) {
    this.allowedRanges = [];
    for (const text of allowedNetworks) {
      const cidr = parseCidr(text);
      if (!cidr) throw new Error(`not a network: ${text}`);
      this.allowedList.addSubnet(cidr.address, cidr.prefix, cidr.family === 4 ? 'ipv4' : 'ipv6');
      this.allowedRanges.push(rangeOf(cidr));
    }
  }

  check(address: string): AddressVerdict {
    const family = isIP(address);
    if (family !== 4 && family !== 6) return { address, allowed: false, reason: `${address} is not an IP address` };
    const type = family === 4 ? 'ipv4' : 'ipv6';
    // Whatever the operator allows: every k6 is barred from this network, so a target there
    // could never be reached (and must not be: k6's control ports live there).
    if (CONTROL_NETWORK.check(address, type)) {
      return { address, allowed: false, reason: `${address} is in ${K6_CONTROL_NETWORK} (reserved for the runners' k6 control ports)` };
    }
    if (this.allowedList.check(address, type)) return { address, allowed: true };
    const v4 = embeddedIPv4(address);
    if (v4 !== null) {
      const inner = this.check(v4);
      if (!inner.allowed) return { address, allowed: false, reason: `${address} carries ${v4}: ${inner.reason}` };
    }
    for (const range of REFUSED_RANGES) {
      const cidr = parseCidr(range.cidr)!;
      const list = new BlockList();
      list.addSubnet(cidr.address, cidr.prefix, cidr.family === 4 ? 'ipv4' : 'ipv6');
      // BlockList also matches IPv4-mapped IPv6 (::ffff:10.0.0.1) against IPv4 rules.
      if (list.check(address, type)) return { address, allowed: false, reason: `${address} is in ${range.cidr} (${range.kind})` };
    }
    return { address, allowed: true };
  }

  /**
   * What k6 must refuse to connect to (its `blacklistIPs`): every refused range minus the
   * allowed networks. k6 checks each connection's resolved address, so redirects and DNS that
   * changes after the check cannot reach these either.
   */
  k6BlacklistIPs(): string[] {
    return REFUSED_RANGES.flatMap((refused) => subtract(rangeOf(parseCidr(refused.cidr)!), this.allowedRanges).map(format));
  }

  /**
   * What one run's k6 must refuse to connect to: everything but its target's own addresses
   * (as resolved when the run starts). A script can then send load, and the target's
   * secrets, nowhere else: not to another host, verified or not, nor to the platform's own
   * services unless they share the target's address (then their credentials protect them).
   */
  k6BlacklistOutside(addresses: readonly string[]): string[] {
    const allowed = addresses
      .map((address) => parseCidr(address))
      .filter((cidr): cidr is Cidr => cidr !== null)
      .map(rangeOf);
    const everything: Range[] = [
      { start: 0n, prefix: 0, family: 4 },
      { start: 0n, prefix: 0, family: 6 },
    ];
    return everything.flatMap((range) => subtract(range, allowed)).map(format);
  }
}
