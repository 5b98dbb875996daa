import { Inject, Injectable } from '@nestjs/common';
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { VERIFICATION_DNS_PREFIX, VERIFICATION_PATH, networkErrorInWords } from '@loadline/shared';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { AddressGuard } from './address-guard.js';

const FETCH_TIMEOUT_MS = 5_000;
const MAX_BODY_BYTES = 4_096;

export const verificationValue = (token: string) => `loadline-verification=${token}`;

/** Where the well-known file lives for a target: its origin over HTTP(S); null for gRPC. */
export function verificationUrl(baseUrl: string): string | null {
  const url = new URL(baseUrl);
  const scheme = { 'http:': 'http:', 'ws:': 'http:', 'https:': 'https:', 'wss:': 'https:' }[url.protocol];
  if (!scheme) return null;
  return `${scheme}//${url.host}${VERIFICATION_PATH}`;
}

const hostOf = (baseUrl: string) => new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');

/**
 * Where the TXT record goes; null for a host that is an IP address, which has no name to hang
 * a record on (a lookup of `_loadline-verification.127.0.0.1` can only fail, after a timeout).
 */
export const verificationDnsName = (baseUrl: string): string | null => (isIP(hostOf(baseUrl)) ? null : `${VERIFICATION_DNS_PREFIX}.${hostOf(baseUrl)}`);

/** The ways a target can be verified, in the order they are tried: HTTP where it has an HTTP endpoint, DNS where its host is a name. */
export function verificationMethods(baseUrl: string): ('http' | 'dns')[] {
  return [...(verificationUrl(baseUrl) ? (['http'] as const) : []), ...(verificationDnsName(baseUrl) ? (['dns'] as const) : [])];
}

export interface VerificationAttempt {
  ok: boolean;
  /** What was found instead, for the error message. */
  detail: string;
}

/**
 * Checks that whoever controls the target published its token: the file over HTTP(S) (no
 * redirects followed, 4 KiB read, 5 s), or a TXT record. The HTTP check connects through the
 * address policy's lookup, so verifying cannot be used to probe a refused network.
 */
@Injectable()
export class TargetVerifier {
  private readonly resolver = new dns.Resolver();

  constructor(
    private readonly guard: AddressGuard,
    @Inject(API_ENV) env: ApiEnv,
  ) {
    if (env.LOADLINE_DNS_SERVERS.length) this.resolver.setServers(env.LOADLINE_DNS_SERVERS);
  }

  /**
   * The file must be served at every address the host resolves to (`addresses`, checked by
   * the address policy): verification proves these servers take part, and is bound to them,
   * so a second A record cannot bring a server that never agreed into the run.
   */
  async overHttp(baseUrl: string, token: string, addresses: readonly string[]): Promise<VerificationAttempt> {
    const url = verificationUrl(baseUrl);
    if (!url) return { ok: false, detail: 'this kind of target has no HTTP endpoint; publish a DNS TXT record instead' };
    const host = hostOf(baseUrl);
    for (const address of addresses) {
      const attempt = await this.fetchToken(url, token, address);
      if (!attempt.ok) return { ok: false, detail: addresses.length > 1 || address !== host ? `at ${address}: ${attempt.detail}` : attempt.detail };
    }
    return { ok: true, detail: url };
  }

  private fetchToken(url: string, token: string, address: string): Promise<VerificationAttempt> {
    const client = url.startsWith('https:') ? https : http;
    return new Promise((resolve) => {
      const request = client.get(
        url,
        // A connection of its own (agent: false): a pooled keep-alive socket to the same
        // host:port may lead to another of its addresses, the one verified before.
        { lookup: this.guard.lookupAt(address), agent: false, timeout: FETCH_TIMEOUT_MS, headers: { 'user-agent': 'Loadline verification' } },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= MAX_BODY_BYTES) chunks.push(chunk);
            else response.destroy();
          });
          response.on('close', () => {
            if (response.statusCode !== 200)
              return resolve({
                ok: false,
                detail: `${url} answered ${response.statusCode}${response.statusCode && response.statusCode < 400 && response.statusCode >= 300 ? ' (redirects are not followed)' : ''}`,
              });
            const body = Buffer.concat(chunks).toString('utf8');
            const ok = body.split(/\r?\n/).some((line) => line.trim() === verificationValue(token));
            resolve({ ok, detail: ok ? url : `${url} does not contain the line ${verificationValue(token)}` });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${FETCH_TIMEOUT_MS / 1000} s`)));
      request.on('error', (error: NodeJS.ErrnoException) => resolve({ ok: false, detail: `cannot fetch ${url}: ${networkErrorInWords(error)}` }));
    });
  }

  async overDns(baseUrl: string, token: string): Promise<VerificationAttempt> {
    const name = verificationDnsName(baseUrl);
    if (!name) return { ok: false, detail: `${hostOf(baseUrl)} is an IP address, which has no DNS name for a TXT record; serve the file over HTTP instead` };
    try {
      const records = (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
      const ok = records.includes(verificationValue(token));
      return { ok, detail: ok ? name : `TXT ${name} has ${records.length ? records.map((record) => JSON.stringify(record)).join(', ') : 'no records'}` };
    } catch (error) {
      return { ok: false, detail: `no TXT record at ${name} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
    }
  }
}
