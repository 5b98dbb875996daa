import { z } from 'zod';
import { emailSchema, roleSchema, userViewSchema } from './accounts.js';

export const createOrganizationSchema = z.object({ name: z.string().trim().min(1).max(200) });
export const updateOrganizationSchema = createOrganizationSchema;

/** Deleting an organization is confirmed by typing its slug, so a stray request cannot do it. */
export const deleteOrganizationSchema = z.object({ confirmSlug: z.string().min(1).max(100) });

/** The most any quota can be, whatever an installation's ceilings say. */
export const QUOTA_MAXIMA = {
  maxVusPerRun: 100_000,
  maxRunDurationSeconds: 7 * 24 * 3600,
  maxConcurrentRuns: 1_000,
  monthlyVuMinutes: 1_000_000_000,
} as const;

export const quotasSchema = z.object({
  maxVusPerRun: z.number().int().min(1).max(QUOTA_MAXIMA.maxVusPerRun),
  maxRunDurationSeconds: z.number().int().min(10).max(QUOTA_MAXIMA.maxRunDurationSeconds),
  maxConcurrentRuns: z.number().int().min(1).max(QUOTA_MAXIMA.maxConcurrentRuns),
  monthlyVuMinutes: z.number().int().min(1).max(QUOTA_MAXIMA.monthlyVuMinutes),
});
export type Quotas = z.infer<typeof quotasSchema>;
export const updateQuotasSchema = quotasSchema.partial().refine((value) => Object.keys(value).length > 0, {
  message: 'name at least one quota to change',
});

export const organizationViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  /** In force: each is at most the installation's ceiling. */
  quotas: quotasSchema,
  /** The installation's ceilings (LOADLINE_CEILING_*): no quota can be set above them. */
  ceilings: quotasSchema,
});
export type OrganizationView = z.infer<typeof organizationViewSchema>;

export const usageViewSchema = z.object({
  /** The calendar month (UTC) VU-minutes are counted in. */
  period: z.object({ start: z.string(), end: z.string() }),
  limits: quotasSchema,
  usage: z.object({
    concurrentRuns: z.number().int(),
    vuMinutes: z.number(),
  }),
});
export type UsageView = z.infer<typeof usageViewSchema>;

// ---- members and invites ----------------------------------------------------------------

export const memberViewSchema = z.object({
  user: userViewSchema,
  role: roleSchema,
  joinedAt: z.string(),
});
export type MemberView = z.infer<typeof memberViewSchema>;

export const changeRoleSchema = z.object({ role: roleSchema });

export const createInviteSchema = z.object({
  role: roleSchema,
  /** Optional: when given, only an account with this e-mail may accept (given to the mailer too); without, whoever holds the link may. */
  email: emailSchema.optional(),
  expiresInHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
});
export type CreateInviteInput = z.input<typeof createInviteSchema>;

export const inviteViewSchema = z.object({
  id: z.string(),
  role: roleSchema,
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.string().nullable(),
});
export type InviteView = z.infer<typeof inviteViewSchema>;

/** The answer to creating an invite: the link is shown once (only its hash is kept). */
export const createdInviteSchema = z.object({
  invite: inviteViewSchema,
  token: z.string(),
  url: z.string(),
});
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/** What an invite link shows before it is accepted (no login needed). */
export const invitationPreviewSchema = z.object({
  organization: z.object({ name: z.string() }),
  role: roleSchema,
  /** The address the invite is for (the account made through it gets this address), or null: whoever holds the link. */
  email: z.string().nullable(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
