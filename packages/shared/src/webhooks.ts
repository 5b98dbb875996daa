import { z } from 'zod';

export const WEBHOOK_EVENTS = ['run.started', 'run.finished', 'run.failed', 'run.errored', 'run.inconclusive', 'schedule.skipped', 'plan.regression'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';
/**
 * What a new endpoint hears when it names no events (and what the web form starts with): how
 * every run ends. INCONCLUSIVE is an ending CI must hear of: a run that could not support a
 * verdict is not a pass.
 */
export const DEFAULT_WEBHOOK_EVENTS = [
  'run.finished',
  'run.failed',
  'run.errored',
  'run.inconclusive',
] as const satisfies readonly (typeof WEBHOOK_EVENTS)[number][];

/** zod runs every check even after `url()` failed, so the refinements must not throw on what it refused. */
const parsedUrl = (value: string): URL | null => (URL.canParse(value) ? new URL(value) : null);

export const webhookUrlSchema = z
  .url()
  .max(2_048)
  .refine((value) => !parsedUrl(value) || ['http:', 'https:'].includes(parsedUrl(value)!.protocol), { message: 'must be an http:// or https:// URL' })
  .refine((value) => !parsedUrl(value)?.username && !parsedUrl(value)?.password, { message: 'must not carry credentials' });

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'choose at least one event')
    .max(WEBHOOK_EVENTS.length)
    .default(() => [...DEFAULT_WEBHOOK_EVENTS]),
  description: z.string().trim().max(200).default(''),
  enabled: z.boolean().default(true),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;
/** A change names only what changes (no defaults: an absent field keeps its value). */
export const updateWebhookSchema = z.object({
  url: webhookUrlSchema.optional(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'choose at least one event').max(WEBHOOK_EVENTS.length).optional(),
  description: z.string().trim().max(200).optional(),
  enabled: z.boolean().optional(),
});

export const webhookViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  /** During a rotation the previous secret also signs until then. */
  previousSecretValidUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookView = z.infer<typeof webhookViewSchema>;

/** Creating an endpoint or rotating its secret: the `whsec_` secret is shown this once. */
export const webhookWithSecretSchema = z.object({ webhook: webhookViewSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const webhookDeliveryViewSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  payload: z.unknown(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;
