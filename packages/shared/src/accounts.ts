import { z } from 'zod';
import { passwordProblem } from './password-strength.js';

export const emailSchema = z
  .email()
  .max(320)
  .transform((email) => email.toLowerCase());

/** Length and the strength rule of password-strength.ts (checked again with the e-mail in signupSchema). */
/** What a password must not contain: the e-mail's user part, the person's name, the organization. */
export const personalWords = (email: string, name: string, organization = ''): string[] => [email.split('@')[0] ?? '', name, organization];

export const passwordSchema = z
  .string()
  .min(10, 'must be at least 10 characters')
  .max(256)
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password, []);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ROLES = ['OWNER', 'ADMIN', 'MEMBER', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` });

/**
 * Sign-up either creates an organization (organizationName) or joins one through an invite
 * (inviteToken); exactly one of the two. Through an invite that names an address the account
 * gets that address (the link delivered to it is the proof), so `email` may be left out;
 * given, it must be the same.
 */
export const signupSchema = z
  .object({
    email: emailSchema.optional(),
    password: passwordSchema,
    name: z.string().trim().min(1).max(200),
    organizationName: z.string().trim().min(1).max(200).optional(),
    inviteToken: z.string().min(1).max(200).optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.organizationName && !input.inviteToken) {
      ctx.addIssue({ code: 'custom', path: ['organizationName'], message: 'is required (or sign up through an invite link)' });
    }
    if (!input.email && !input.inviteToken) ctx.addIssue({ code: 'custom', path: ['email'], message: 'is required' });
    const problem = passwordProblem(input.password, personalWords(input.email ?? '', input.name, input.organizationName ?? ''));
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(256),
});

export const switchOrganizationSchema = z.object({ organizationId: z.string().min(1).max(64) });

export const userViewSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export const tenantViewSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export const membershipViewSchema = tenantViewSchema.extend({ role: roleSchema });
export type MembershipView = z.infer<typeof membershipViewSchema>;

/** Who the caller is, in which organization, with what role; `via` says how they authenticated. */
export const meViewSchema = z.object({
  user: userViewSchema.nullable(),
  tenant: tenantViewSchema,
  role: roleSchema,
  via: z.enum(['session', 'apiKey']),
  organizations: z.array(membershipViewSchema),
});
export type MeView = z.infer<typeof meViewSchema>;

/** Sent by the web app: the session is delivered as cookies only, never to page script. */
export const COOKIE_SESSION_HEADER = 'x-loadline-session';

/**
 * What sign-up and login answer. `token` is the bearer token for API clients; browsers get
 * the same session as an HttpOnly cookie (plus a CSRF cookie), and a client that sends
 * `X-Loadline-Session: cookie` gets no token in the body at all.
 */
export const sessionViewSchema = z.object({
  token: z.string().optional(),
  user: userViewSchema,
  tenant: tenantViewSchema,
  role: roleSchema,
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const sessionListItemSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SessionListItem = z.infer<typeof sessionListItemSchema>;
