import { z } from 'zod';
import { roleSchema } from './accounts.js';

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1).max(200),
  role: roleSchema,
  /** Omitted: the key lives until revoked. */
  expiresInDays: z.number().int().min(1).max(3650).optional(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The visible start of the secret (e.g. `llk_3f9a2c`), to tell keys apart. */
  prefix: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** The answer to creating a key: the only time the secret is shown. */
export const createdApiKeySchema = z.object({ key: apiKeyViewSchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

// ---- audit log ----------------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  /** A (account, client address) pair reached its limit of failed logins (details.scope). */
  'auth.locked_out',
  /** An account reached its limit of failed logins from all addresses: its logins are slowed, not refused. */
  'auth.login_slowed',
  'auth.password_changed',
  /** A person chose a new password through a reset link. */
  'auth.password_reset',
  'organization.created',
  'organization.updated',
  'organization.quotas_changed',
  'member.invited',
  'member.invite_revoked',
  'member.joined',
  'member.role_changed',
  /** What a demotion or removal took from the keys, invites, triggers, share links and reset links the member's authority made. */
  'member.power_reduced',
  'member.removed',
  /** An OWNER or ADMIN made a password reset link for a member (the link itself is never recorded). */
  'member.password_reset_issued',
  /** The release that recorded the root of every key, invite, trigger and share link revoked or capped what it found (written by its migration). */
  'authority.backfilled',
  'api_key.created',
  'api_key.revoked',
  'target.verified',
  /** A target's metric source was added, changed or removed (names and kind only: never its credentials). */
  'metric_source.created',
  'metric_source.updated',
  'metric_source.deleted',
  'run.started',
  'run.cancelled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEventViewSchema = z.object({
  id: z.string(),
  action: z.string(),
  /** The user's e-mail or the API key's name, or null for failed logins of unknown accounts. */
  actor: z.object({ type: z.enum(['user', 'apiKey', 'system']), id: z.string().nullable(), label: z.string().nullable() }),
  subject: z.object({ type: z.string(), id: z.string() }).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEventView = z.infer<typeof auditEventViewSchema>;

export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Cursor: the id of the last event of the previous page. */
  before: z.string().max(64).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});

export const auditPageSchema = z.object({
  events: z.array(auditEventViewSchema),
  nextBefore: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
