/**
 * Whether a metric source may be read at the addresses its host resolves to: the same trust
 * rule as load (DESIGN.md, "Trust boundaries"). The address policy is applied before this
 * (AddressGuard.assertAllowed); here the ownership: a source on the target's own host goes
 * where the run's load goes anyway (so an unverified target may have those), and a source on
 * another host only to addresses its verified target was verified at. Pure.
 */
export interface SourceTrustInput {
  /** The source's host (bare, lower case) and what it resolves to now. */
  sourceHost: string;
  addresses: readonly string[];
  /** The target's host (bare, lower case), whether it is verified, and the addresses verification holds at. */
  targetHost: string;
  targetVerified: boolean;
  verifiedAddresses: readonly string[];
}

export type SourceTrust = { allowed: true } | { allowed: false; reason: string };

export function sourceTrust(input: SourceTrustInput): SourceTrust {
  if (input.sourceHost === input.targetHost) return { allowed: true };
  const list = (addresses: readonly string[]) => addresses.join(', ');
  const resolved =
    input.sourceHost === input.addresses[0] && input.addresses.length === 1 ? input.sourceHost : `${input.sourceHost} (${list(input.addresses)})`;
  if (!input.targetVerified) {
    return {
      allowed: false,
      reason: `${resolved} is not the target's host ${input.targetHost}, and the target is not verified: an unverified target may have metric sources on its own host only. Verify the target, at addresses that include the source's, to read metrics elsewhere.`,
    };
  }
  const outside = input.addresses.filter((address) => !input.verifiedAddresses.includes(address));
  if (outside.length) {
    return {
      allowed: false,
      reason: `${resolved} is not the target's host ${input.targetHost}, and ${list(outside)} ${outside.length === 1 ? 'is' : 'are'} not among the addresses the target was verified at (${list(input.verifiedAddresses) || 'none recorded'}): metrics are read only where the target's owner proved control.`,
    };
  }
  return { allowed: true };
}
