import { Inject, Injectable } from '@nestjs/common';
import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { PinnedHost } from '@loadline/shared';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { AddressPolicy, BLOCKED_HOSTNAMES } from './address-policy.js';
import { TargetError, TargetErrorCode } from './targets.errors.js';

/**
 * The host name as it is compared and resolved: without IPv6 brackets, lower case, and
 * without the trailing dot of a fully qualified name ("metadata.google.internal." is the same
 * host as "metadata.google.internal").
 */
export const bareHost = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');

/**
 * Applies the address policy to real host names: resolves them (every address must be
 * allowed, or a second A record could point anywhere) and refuses what the policy refuses.
 * Used when a target is created or changed, before verifying it, and again when a run starts,
 * since DNS can change in between. k6 gets the same policy for every connection it makes.
 */
@Injectable()
export class AddressGuard {
  readonly policy: AddressPolicy;

  constructor(@Inject(API_ENV) env: ApiEnv) {
    this.policy = new AddressPolicy(env.LOADLINE_ALLOWED_NETWORKS);
  }

  private refuse(field: string, message: string, code = TargetErrorCode.ADDRESS_NOT_ALLOWED): TargetError {
    return new TargetError(code, message, [{ path: field, message }]);
  }

  private async resolve(host: string): Promise<string[]> {
    if (isIP(host)) return [host];
    return new Promise((resolve, reject) =>
      dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((entry) => entry.address)))),
    );
  }

  /**
   * Throws ADDRESS_NOT_ALLOWED (or HOST_UNRESOLVABLE) unless every address of the URL's host
   * is allowed; answers those addresses.
   */
  async assertAllowed(baseUrl: string, field = 'baseUrl'): Promise<string[]> {
    const host = bareHost(new URL(baseUrl));
    if (BLOCKED_HOSTNAMES.includes(host)) throw this.refuse(field, `${host} is a cloud metadata service and cannot be a target`);
    let addresses: string[];
    try {
      addresses = await this.resolve(host);
    } catch (error) {
      throw this.refuse(
        field,
        `cannot resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        TargetErrorCode.HOST_UNRESOLVABLE,
      );
    }
    for (const address of addresses) {
      const verdict = this.policy.check(address);
      if (!verdict.allowed) {
        throw this.refuse(
          field,
          `${host === address ? '' : `${host} resolves to `}${verdict.reason}; load may not be sent there (an operator can allow the network with LOADLINE_ALLOWED_NETWORKS)`,
        );
      }
    }
    return addresses;
  }

  /**
   * A `lookup` for node:http(s) requests the API makes itself (verification): the address is
   * checked as it is connected to, so a DNS answer that changed since assertAllowed cannot
   * slip a private address in.
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const refused = addresses.map((entry) => this.policy.check(entry.address)).find((verdict) => !verdict.allowed);
      if (refused) return callback(Object.assign(new Error(`address policy: ${refused.reason}`), { code: 'EADDRNOTALLOWED' }), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (err: null, list: typeof addresses) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

  /**
   * The policy in the form k6 takes it (--blacklist-ip, --block-hostnames): for a run, every
   * address but its target's (`addresses`, resolved at the run's start); without, every
   * range the installation refuses. With the run's base URL, also the only name its k6 may
   * resolve and the addresses it answers (none for a target given by address).
   */
  k6Policy(addresses?: readonly string[], baseUrl?: string): { blacklistIPs: string[]; blockHostnames: string[]; hosts?: PinnedHost[] } {
    const blacklistIPs = addresses ? this.policy.k6BlacklistOutside(addresses) : this.policy.k6BlacklistIPs();
    const host = baseUrl ? bareHost(new URL(baseUrl)) : null;
    const hosts = host === null || !addresses ? undefined : isIP(host) ? [] : [{ name: host, addresses: [...addresses] }];
    return { blacklistIPs, blockHostnames: [...BLOCKED_HOSTNAMES], ...(hosts ? { hosts } : {}) };
  }
}
