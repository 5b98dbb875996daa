import { z } from 'zod';

export const TARGET_SCHEMES = ['http:', 'https:'] as const;

export const baseUrlSchema = z
  .url()
  .max(2_048)
  .refine((value) => (TARGET_SCHEMES as readonly string[]).includes(new URL(value).protocol), {
    message: 'must be an http:// or https:// URL',
  })
  .refine((value) => !new URL(value).username && !new URL(value).password, {
    message: 'must not carry credentials; use a default header instead',
  });

export const createTargetSchema = z.object({
  name: z.string().trim().min(1).max(200),
  baseUrl: baseUrlSchema,
  headers: z.record(z.string().min(1).max(200), z.string().max(8_192)).default({}),
});
export type CreateTargetInput = z.input<typeof createTargetSchema>;

export const updateTargetSchema = createTargetSchema.partial();

export const targetViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  /** Header names only; values may be secrets and never leave the API. */
  headerNames: z.array(z.string()),
  verified: z.boolean(),
  createdAt: z.string(),
});
export type TargetView = z.infer<typeof targetViewSchema>;
