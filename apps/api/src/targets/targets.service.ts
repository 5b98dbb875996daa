import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import {
  planDurationSeconds,
  planReservedVus,
  reservedVusNote,
  protocolOf,
  targetsWithBaseUrl,
  type CreatedTarget,
  type PlanSpec,
  type TargetView,
  type createTargetSchema,
  type updateTargetSchema,
} from '@loadline/shared';
import type { z } from 'zod';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { DomainEvents } from '../events/domain-events.js';
import type { Target } from '../generated/prisma/client.js';
import { AddressGuard } from './address-guard.js';
import { SecretBox, SecretUnreadableError } from './secret-box.js';
import { TargetVerifier, verificationDnsName, verificationMethods, verificationUrl, verificationValue } from './target-verifier.js';
import { TargetsRepository } from './targets.repository.js';
import { TargetError, TargetErrorCode } from './targets.errors.js';

interface TargetSecrets {
  headers: Record<string, string>;
  variables: Record<string, string>;
}

/** What a trigger may change for one run: another base URL (a preview deployment), variables. */
export interface TargetOverride {
  baseUrl?: string;
  variables?: Record<string, string>;
}

/** What a run needs of its target: where, and the decrypted secrets (for the runner only). */
export interface RunnableTarget {
  id: string;
  baseUrl: string;
  headers: Record<string, string>;
  variables: Record<string, string>;
  /** What the base URL's host resolved to as the run started: the only addresses its k6 may reach. */
  addresses: string[];
}

/** Applies a patch of secrets: a value sets, null removes, absent keeps. */
function merge(current: Record<string, string>, patch: Record<string, string | null> | undefined): Record<string, string> {
  if (!patch) return current;
  const next = { ...current };
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete next[name];
    else next[name] = value;
  }
  return next;
}

@Injectable()
export class TargetsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(TargetsService.name);

  constructor(
    private readonly targets: TargetsRepository,
    private readonly guard: AddressGuard,
    private readonly verifier: TargetVerifier,
    private readonly box: SecretBox,
    private readonly events: DomainEvents,
    @Inject(API_ENV) private readonly env: ApiEnv,
  ) {}

  /** Moves plaintext headers written before encryption existed into sealed secrets. */
  async onApplicationBootstrap(): Promise<void> {
    const legacy = await this.targets.legacyPlaintext();
    for (const target of legacy) {
      const headers = (target.headers ?? {}) as Record<string, string>;
      await this.targets.sealLegacy(target.id, { secrets: this.box.seal({ headers, variables: {} }), headerNames: Object.keys(headers), variableNames: [] });
    }
    if (legacy.length) this.logger.log({ targets: legacy.length }, 'encrypted the default headers of targets created before secrets were sealed');
  }

  private secretsOf(target: Target): TargetSecrets {
    if (!target.secrets) return { headers: {}, variables: {} };
    try {
      return this.box.open<TargetSecrets>(target.secrets);
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      this.logger.error({ targetId: target.id }, 'target secrets cannot be opened with this LOADLINE_SECRET_KEY: was the database restored under another key?');
      const names = [...target.headerNames, ...target.variableNames].join(', ');
      throw new TargetError(
        TargetErrorCode.TARGET_SECRETS_UNREADABLE,
        `The secrets of target "${target.name}" (${names}) cannot be opened with this installation's LOADLINE_SECRET_KEY: they were sealed under another key, as after a restore with a different key. Ask the operator to start the API with the key the backup was taken with (docs/backup.md).`,
        [{ path: 'secrets', message: 'sealed under another LOADLINE_SECRET_KEY' }],
      );
    }
  }

  view(target: Target): TargetView {
    const verified = target.verifiedAt !== null;
    return {
      id: target.id,
      name: target.name,
      baseUrl: target.baseUrl,
      protocol: protocolOf(target.baseUrl),
      headerNames: target.headerNames,
      variableNames: target.variableNames,
      verified,
      verification: {
        verified,
        verifiedAt: target.verifiedAt?.toISOString() ?? null,
        method: (target.verificationMethod as 'http' | 'dns' | null) ?? null,
        addresses: verified ? target.verifiedAddresses : [],
        value: verificationValue(target.verificationToken),
        httpUrl: verificationUrl(target.baseUrl),
        dnsName: verificationDnsName(target.baseUrl),
      },
      unverifiedLimits: verified
        ? null
        : { maxVus: this.env.LOADLINE_UNVERIFIED_MAX_VUS, maxDurationSeconds: this.env.LOADLINE_UNVERIFIED_MAX_DURATION_SECONDS },
      createdAt: target.createdAt.toISOString(),
    };
  }

  private sealed(secrets: TargetSecrets) {
    return { secrets: this.box.seal(secrets), headerNames: Object.keys(secrets.headers), variableNames: Object.keys(secrets.variables) };
  }

  /**
   * Creates the target. Another target at the same base URL is allowed (two teams, or one
   * service with other headers) but said: two names for one service split its run history and
   * its trends, and most often one of them was made by mistake.
   */
  async create(input: z.infer<typeof createTargetSchema>): Promise<CreatedTarget> {
    await this.guard.assertAllowed(input.baseUrl);
    const same = targetsWithBaseUrl(await this.targets.list(), input.baseUrl);
    const target = await this.targets.create({
      name: input.name,
      baseUrl: input.baseUrl,
      ...this.sealed({ headers: input.headers, variables: input.variables }),
      verificationToken: randomBytes(16).toString('hex'),
    });
    const warnings: CreatedTarget['warnings'] = same.length
      ? [
          {
            code: 'DUPLICATE_BASE_URL',
            message: `${same.length === 1 ? 'Another target has' : `${same.length} other targets have`} this base URL: ${same.map((other) => `"${other.name}"`).join(', ')}. Its runs and trends stay apart from theirs; delete one if it was made by mistake.`,
            targetIds: same.map((other) => other.id),
          },
        ]
      : [];
    return { ...this.view(target), warnings };
  }

  async list(): Promise<TargetView[]> {
    return (await this.targets.list()).map((target) => this.view(target));
  }

  async getRecord(id: string): Promise<Target> {
    const target = await this.targets.find(id);
    if (!target) throw TargetError.notFound(id);
    return target;
  }

  async get(id: string): Promise<TargetView> {
    return this.view(await this.getRecord(id));
  }

  async update(id: string, input: z.infer<typeof updateTargetSchema>): Promise<TargetView> {
    const current = await this.getRecord(id);
    const moved = input.baseUrl !== undefined && new URL(input.baseUrl).host !== new URL(current.baseUrl).host;
    if (input.baseUrl !== undefined) await this.guard.assertAllowed(input.baseUrl);
    // Opened only when they change: a rename or a new base URL works even where they cannot be.
    const secrets = input.headers || input.variables ? this.secretsOf(current) : null;
    const next = secrets && { headers: merge(secrets.headers, input.headers), variables: merge(secrets.variables, input.variables) };
    const updated = await this.targets.update(id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.baseUrl !== undefined ? { baseUrl: input.baseUrl } : {}),
      ...(next ? this.sealed(next) : {}),
      // Verification proves control of a host; another host must be verified again.
      ...(moved ? { verifiedAt: null, verificationMethod: null, verifiedAddresses: [] } : {}),
    });
    return this.view(updated);
  }

  async remove(id: string): Promise<void> {
    await this.getRecord(id);
    await this.targets.softDelete(id);
  }

  /** Checks the token over HTTP (the well-known file), then DNS, or only the method asked. */
  async verify(id: string, method?: 'http' | 'dns'): Promise<TargetView> {
    const target = await this.getRecord(id);
    const addresses = await this.guard.assertAllowed(target.baseUrl);
    const attempts: { method: 'http' | 'dns'; ok: boolean; detail: string }[] = [];
    // Only what can work for this address: no TXT lookup for an IP address, no file for gRPC.
    const possible = verificationMethods(target.baseUrl);
    for (const candidate of method ? [method] : possible.length ? possible : (['http', 'dns'] as const)) {
      const attempt =
        candidate === 'http'
          ? await this.verifier.overHttp(target.baseUrl, target.verificationToken, addresses)
          : await this.verifier.overDns(target.baseUrl, target.verificationToken);
      attempts.push({ method: candidate, ...attempt });
      if (attempt.ok) break;
    }
    const success = attempts.find((attempt) => attempt.ok);
    if (!success) {
      throw new TargetError(
        TargetErrorCode.VERIFICATION_FAILED,
        `Could not verify ${new URL(target.baseUrl).host}: ${attempts.map((attempt) => attempt.detail).join('; ')}`,
        attempts.map((attempt) => ({ path: attempt.method, message: attempt.detail })),
      );
    }
    const updated = await this.targets.update(id, { verifiedAt: new Date(), verificationMethod: success.method, verifiedAddresses: addresses });
    await this.events.emit('target.verified', {
      subject: { type: 'target', id },
      details: { host: new URL(target.baseUrl).host, method: success.method, addresses },
    });
    return this.view(updated);
  }

  /**
   * The target of a run about to start, with its secrets: the address is checked again (DNS
   * may have changed since it was created), and an unverified target only takes a small run.
   */
  async forRun(id: string, spec: PlanSpec, override: TargetOverride = {}): Promise<RunnableTarget> {
    const target = await this.getRecord(id);
    const baseUrl = override.baseUrl ?? target.baseUrl;
    const addresses = await this.guard.assertAllowed(baseUrl);
    // Verification is of a host: another host (a preview deployment) is unverified.
    const ownHost = new URL(baseUrl).host === new URL(target.baseUrl).host;
    const held = target.verifiedAt !== null && ownHost ? await this.verifiedAt(target, addresses) : { verified: false, why: '' };
    const verified = held.verified;
    if (!verified) {
      const vus = planReservedVus(spec);
      const seconds = planDurationSeconds(spec);
      const maxVus = this.env.LOADLINE_UNVERIFIED_MAX_VUS;
      const maxSeconds = this.env.LOADLINE_UNVERIFIED_MAX_DURATION_SECONDS;
      if (vus > maxVus || seconds > maxSeconds) {
        throw new TargetError(
          TargetErrorCode.TARGET_UNVERIFIED,
          `The target ${new URL(baseUrl).host} is not verified${held.why}, so runs against it are limited to ${maxVus} VUs for ${maxSeconds} s; this plan asks for ${vus} VUs${reservedVusNote(spec)} for ${seconds} s. Verify the target (POST /targets/${id}/verify) to lift the limit.`,
          [
            ...(vus > maxVus ? [{ path: 'peakVus', message: `${vus} > ${maxVus} VUs allowed before verification` }] : []),
            ...(seconds > maxSeconds ? [{ path: 'durationSeconds', message: `${seconds} s > ${maxSeconds} s allowed before verification` }] : []),
          ],
        );
      }
    }
    // The target's secrets go only to the target's own host: not to a host a trigger names
    // (whoever holds a trigger URL could name theirs), and to a custom script (which can send
    // them anywhere it may connect) only once its owner has proven the host is theirs.
    const withSecrets = ownHost && (verified || !spec.script);
    const secrets = withSecrets ? this.secretsOf(target) : { headers: {}, variables: {} };
    return { id: target.id, baseUrl, headers: secrets.headers, variables: { ...secrets.variables, ...override.variables }, addresses };
  }

  /**
   * Whether a verified target's verification holds at the addresses its host resolves to now.
   * It was bound to the addresses it saw; where the host moved, the well-known file is asked
   * for again at the new addresses (a server there that serves it agrees to the load) and the
   * binding follows. A TXT record proves the name, not the servers, so a target verified that
   * way is verified again by hand after a move. `why` says what failed, for the refusal.
   */
  private async verifiedAt(target: Target, addresses: string[]): Promise<{ verified: boolean; why: string }> {
    if (addresses.every((address) => target.verifiedAddresses.includes(address))) return { verified: true, why: '' };
    const host = new URL(target.baseUrl).host;
    const before = target.verifiedAddresses.length ? target.verifiedAddresses.join(', ') : 'addresses it did not record';
    const moved = ` at the addresses it has now: it was verified when ${host} resolved to ${before}, and it now resolves to ${addresses.join(', ')}`;
    if (target.verificationMethod !== 'http') {
      return { verified: false, why: `${moved} (a DNS TXT record proves the name, not the servers: verify it again to run above the limits there)` };
    }
    const attempt = await this.verifier.overHttp(target.baseUrl, target.verificationToken, addresses);
    if (!attempt.ok) return { verified: false, why: `${moved}, where ${attempt.detail}` };
    await this.targets.update(target.id, { verifiedAddresses: addresses });
    await this.events.emit('target.verified', {
      subject: { type: 'target', id: target.id },
      details: { host, method: 'http', addresses, movedFrom: target.verifiedAddresses },
    });
    this.logger.log({ targetId: target.id, addresses, movedFrom: target.verifiedAddresses }, 'target verified again at the addresses its host moved to');
    return { verified: true, why: '' };
  }

  k6Policy(addresses?: readonly string[], baseUrl?: string) {
    return this.guard.k6Policy(addresses, baseUrl);
  }
}
