import { Injectable } from '@nestjs/common';
import { canGrant, roleRank, type ApiKeyView, type CreatedApiKey, type Role } from '@loadline/shared';
import type { z } from 'zod';
import type { createApiKeySchema } from '@loadline/shared';
import { DomainEvents } from '../events/domain-events.js';
import { hashSecretToken, newSecretToken } from '../access/secrets.js';
import { API_KEY_PREFIX } from '../access/credentials.js';
import { AccessError, AccessErrorCode } from '../access/access.errors.js';
import type { Maker } from '../access/caller.js';
import { rootOf } from '../access/authority.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { ApiKeyError, ApiKeyErrorCode } from './api-keys.errors.js';

/** Characters of the secret kept visible, after the `llk_` prefix, to tell keys apart. */
const VISIBLE_CHARS = 8;
/** A key used within this window is not re-stamped, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

type KeyRecord = NonNullable<Awaited<ReturnType<ApiKeysRepository['findById']>>>;

export interface ApiKeyCaller {
  apiKeyId: string;
  tenantId: string;
  role: Role;
  rootUserId: string;
  tenant: { id: string; name: string; slug: string };
}

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly events: DomainEvents,
  ) {}

  private async views(records: KeyRecord[]): Promise<ApiKeyView[]> {
    const creators = records.map((record) => record.createdById).filter((id): id is string => !!id);
    const emails = new Map((creators.length ? await this.keys.emailsOf([...new Set(creators)]) : []).map((user) => [user.id, user.email]));
    return records.map((record) => ({
      id: record.id,
      name: record.name,
      prefix: record.prefix,
      role: record.role,
      createdAt: record.createdAt.toISOString(),
      createdBy: record.createdById ? (emails.get(record.createdById) ?? null) : null,
      lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
      expiresAt: record.expiresAt?.toISOString() ?? null,
      revokedAt: record.revokedAt?.toISOString() ?? null,
    }));
  }

  /** A key made by a key carries the authority of the person at the root of that chain (maker.rootUserId). */
  async create(input: z.infer<typeof createApiKeySchema>, actor: { role: Role } & Maker): Promise<CreatedApiKey> {
    if (!canGrant(actor.role, input.role)) {
      throw new ApiKeyError(ApiKeyErrorCode.ROLE_NOT_GRANTABLE, `A ${actor.role} cannot create a key with role ${input.role}`, [
        { path: 'role', message: `at most ${actor.role}` },
      ]);
    }
    const secret = newSecretToken(API_KEY_PREFIX);
    const record = await this.keys.create(
      {
        name: input.name,
        prefix: secret.slice(0, API_KEY_PREFIX.length + 1 + VISIBLE_CHARS),
        secretHash: hashSecretToken(secret),
        role: input.role,
        expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null,
      },
      actor,
    );
    await this.events.emit('api_key.created', { subject: { type: 'apiKey', id: record.id }, details: { name: record.name, role: record.role } });
    const [key] = await this.views([record]);
    return { key: key!, secret };
  }

  async list(): Promise<ApiKeyView[]> {
    return this.views(await this.keys.list());
  }

  async revoke(id: string): Promise<ApiKeyView> {
    const existing = await this.keys.findById(id);
    if (!existing) throw new ApiKeyError(ApiKeyErrorCode.API_KEY_NOT_FOUND, `No API key ${id}`);
    if (existing.revokedAt) return (await this.views([existing]))[0]!;
    const revoked = await this.keys.revoke(id, new Date());
    await this.events.emit('api_key.revoked', { subject: { type: 'apiKey', id }, details: { name: revoked.name } });
    return (await this.views([revoked]))[0]!;
  }

  /**
   * Resolves a presented `llk_` secret, or throws 401 (revoked and expired keys say so). A key
   * acts with its own role, never more than its root person holds now: a role change caps or
   * revokes the key in its own transaction, and this check makes any row that escaped it (a
   * path that forgot, a hand edit) fail closed rather than open.
   */
  async authenticate(secret: string): Promise<ApiKeyCaller> {
    const record = await this.keys.findBySecretHash(hashSecretToken(secret));
    if (!record) throw new AccessError(AccessErrorCode.UNAUTHENTICATED, 'The API key is not valid');
    const now = new Date();
    if (record.revokedAt) throw new AccessError(AccessErrorCode.API_KEY_REVOKED, `The API key ${record.prefix}… was revoked`);
    if (record.expiresAt && record.expiresAt <= now) throw new AccessError(AccessErrorCode.API_KEY_EXPIRED, `The API key ${record.prefix}… has expired`);
    const role = await this.effectiveRole(record);
    if (!role)
      throw new AccessError(AccessErrorCode.API_KEY_REVOKED, `The API key ${record.prefix}… was revoked: the person it acts for is no longer a member`);
    if (!record.lastUsedAt || now.getTime() - record.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await this.keys.touch(record.id, now);
    return {
      apiKeyId: record.id,
      tenantId: record.tenantId,
      role,
      rootUserId: rootOf(record)!,
      tenant: { id: record.tenant.id, name: record.tenant.name, slug: record.tenant.slug },
    };
  }

  /** The roles these keys act with now (for requests held open), capped by their roots; absent once revoked, expired or rootless. */
  async currentRoles(ids: string[], now: Date): Promise<Map<string, Role>> {
    const rows = await this.keys.liveWithRootRoles(ids, now);
    return new Map(rows.map((row) => [row.id, roleRank(row.rootRole) < roleRank(row.role) ? row.rootRole : row.role]));
  }

  /** The key's role capped by its root person's role now; null when it has no root or the root is no longer a member. */
  private async effectiveRole(record: { tenantId: string; role: Role; rootUserId: string | null; createdById: string | null }): Promise<Role | null> {
    const root = rootOf(record);
    const rootRole = root ? await this.keys.rootRole(record.tenantId, root) : null;
    if (!rootRole) return null;
    return roleRank(rootRole) < roleRank(record.role) ? rootRole : record.role;
  }
}
