import { isIP } from 'node:net';

/** A network as written in settings and policies: "10.0.0.0/8", "::1/128", or one address. */
export interface Cidr {
  address: string;
  prefix: number;
  family: 4 | 6;
}

/** Reads "address/prefix" (or one address: the whole prefix); null when it is not a CIDR. */
export function parseCidr(text: string): Cidr | null {
  const [address, prefixText] = text.trim().split('/');
  const family = isIP(address ?? '');
  if (family !== 4 && family !== 6) return null;
  const max = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return { address: address!, prefix, family };
}
