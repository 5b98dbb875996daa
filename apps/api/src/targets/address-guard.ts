import { Inject, Injectable } from '@nestjs/common';
import { lookup as dnsLookup, promises as dns } from 'node:dns';
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
  /** LOADLINE_DNS_SERVERS, when the operator names them; else the machine's resolver. */
  private readonly resolver: dns.Resolver | null = null;

  constructor(@Inject(API_ENV) env: ApiEnv) {
    this.policy = new AddressPolicy(env.LOADLINE_ALLOWED_NETWORKS);
    if (env.LOADLINE_DNS_SERVERS.length) {
      this.resolver = new dns.Resolver();
      this.resolver.setServers(env.LOADLINE_DNS_SERVERS);
    }
  }

  private refuse(field: string, message: string, code = TargetErrorCode.ADDRESS_NOT_ALLOWED): TargetError {
    return new TargetError(code, message, [{ path: field, message }]);
  }

  /**
   * Every address of `host`: asked of LOADLINE_DNS_SERVERS (A and AAAA) when the operator
   * names them, else of the machine's resolver (getaddrinfo: /etc/hosts, then DNS). The
   * addresses a run is pinned to come from here, so both answer the same way.
   */
  async resolve(host: string): Promise<string[]> {
    if (isIP(host)) return [host];
    if (this.resolver) {
      const none = (error: NodeJS.ErrnoException): string[] => {
        if (error.code === 'ENODATA' || error.code === 'ENOTFOUND') return [];
        throw error;
      };
      const [v4, v6] = await Promise.all([this.resolver.resolve4(host).catch(none), this.resolver.resolve6(host).catch(none)]);
      if (!v4.length && !v6.length) throw Object.assign(new Error(`${host} has no addresses`), { code: 'ENOTFOUND' });
      return [...v4, ...v6];
    }
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
    this.resolve(hostname).then(
      (found) => this.answer(found, options as { all?: boolean }, callback),
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };

  /** A `lookup` that answers only `address` (one of the host's, to check each in turn), still under the policy. */
  lookupAt(address: string): LookupFunction {
    return (_hostname, options, callback) => this.answer([address], options as { all?: boolean }, callback);
  }

  private answer(found: string[], options: { all?: boolean }, callback: Parameters<LookupFunction>[2]): void {
    const refused = found.map((address) => this.policy.check(address)).find((verdict) => !verdict.allowed);
    if (refused) return callback(Object.assign(new Error(`address policy: ${refused.reason}`), { code: 'EADDRNOTALLOWED' }), '', 4);
    const entries = found.map((address) => ({ address, family: isIP(address) }));
    if (options.all) return (callback as unknown as (err: null, list: typeof entries) => void)(null, entries);
    callback(null, entries[0]!.address, entries[0]!.family);
  }

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
