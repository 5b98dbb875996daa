import { z } from 'zod';

export const emailSchema = z.email().max(320).transform((email) => email.toLowerCase());
/** Issue-level minimum; the accounts work adds a strength rule on top. */
export const passwordSchema = z.string().min(10, 'must be at least 10 characters').max(256);

export const signupSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(200),
  organizationName: z.string().trim().min(1).max(200),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(256),
});

export const ROLES = ['OWNER', 'ADMIN', 'MEMBER', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];

export const userViewSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export const tenantViewSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export const sessionViewSchema = z.object({
  token: z.string(),
  user: userViewSchema,
  tenant: tenantViewSchema,
  role: z.enum(ROLES),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
