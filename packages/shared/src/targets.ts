import { z } from 'zod';

/** What a target can speak. ws/wss are WebSocket servers; grpc is plaintext HTTP/2, grpcs TLS. */
export const TARGET_SCHEMES = ['http:', 'https:', 'ws:', 'wss:', 'grpc:', 'grpcs:'] as const;
export type TargetProtocol = 'http' | 'ws' | 'grpc';

export function protocolOf(baseUrl: string): TargetProtocol {
  const scheme = new URL(baseUrl).protocol;
  return scheme.startsWith('ws') ? 'ws' : scheme.startsWith('grpc') ? 'grpc' : 'http';
}

/** The URL, or null when it is not one (the url check says so; a refinement must not throw). */
const parsedUrl = (value: string): URL | null => (URL.canParse(value) ? new URL(value) : null);

export const baseUrlSchema = z
  .url()
  .max(2_048)
  .refine(
    (value) => {
      const url = parsedUrl(value);
      return !url || (TARGET_SCHEMES as readonly string[]).includes(url.protocol);
    },
    {
      message: `must be an ${TARGET_SCHEMES.map((scheme) => `${scheme}//`).join(', ')} URL`,
    },
  )
  .refine(
    (value) => {
      const url = parsedUrl(value);
      return !url || (!url.username && !url.password);
    },
    {
      message: 'must not carry credentials; use a default header or a variable instead',
    },
  );

/** An HTTP header name (RFC 9110 token). */
export const headerNameSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be a valid HTTP header name');

/** Variables are referenced from plans as {{vars.NAME}}. */
export const variableNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be letters, digits and _ (not starting with a digit)');

const secretValue = z.string().max(8_192);

export const createTargetSchema = z.object({
  name: z.string().trim().min(1).max(200),
  baseUrl: baseUrlSchema,
  /** Sent with every request. Values may be tokens: stored encrypted, never returned. */
  headers: z.record(headerNameSchema, secretValue).default({}),
  /** Secret values for plans ({{vars.NAME}}): stored encrypted, never returned. */
  variables: z.record(variableNameSchema, secretValue).default({}),
});
export type CreateTargetInput = z.input<typeof createTargetSchema>;

/**
 * Secrets are never sent back, so an edit names only what changes: a value sets it, null
 * removes it, a name left out keeps its stored value.
 */
export const updateTargetSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  baseUrl: baseUrlSchema.optional(),
  headers: z.record(headerNameSchema, secretValue.nullable()).optional(),
  variables: z.record(variableNameSchema, secretValue.nullable()).optional(),
});
export type UpdateTargetInput = z.input<typeof updateTargetSchema>;

export const VERIFICATION_PATH = '/.well-known/loadline-verification.txt';
export const VERIFICATION_DNS_PREFIX = '_loadline-verification';

export const targetVerificationSchema = z.object({
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  method: z.enum(['http', 'dns']).nullable(),
  /**
   * What the host resolved to when it was verified: verification holds there only. A run whose
   * host resolves elsewhere is checked again (the file at the new addresses) or stays under
   * the unverified limits.
   */
  addresses: z.array(z.string()),
  /** What to publish: the same value over HTTP or DNS. */
  value: z.string(),
  /** Where the file is served over HTTP(S); null for gRPC targets, which have no HTTP endpoint. */
  httpUrl: z.string().nullable(),
  /** Where the TXT record goes; null when the host is an IP address (no name to publish under). */
  dnsName: z.string().nullable(),
});
export type TargetVerification = z.infer<typeof targetVerificationSchema>;

export const targetViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  protocol: z.enum(['http', 'ws', 'grpc']),
  /** Names only; values may be secrets and never leave the API. */
  headerNames: z.array(z.string()),
  variableNames: z.array(z.string()),
  verified: z.boolean(),
  verification: targetVerificationSchema,
  /** What an unverified target may run; null once verified. */
  unverifiedLimits: z.object({ maxVus: z.number(), maxDurationSeconds: z.number() }).nullable(),
  createdAt: z.string(),
});
export type TargetView = z.infer<typeof targetViewSchema>;

export const verifyTargetSchema = z.object({ method: z.enum(['http', 'dns']).optional() });

/**
 * A base URL as compared for "the same service": scheme and host lower-cased and the default
 * port dropped (the URL parser does both), one trailing slash of the path ignored. Query and
 * fragment are kept: they are rare in a base URL and may matter.
 */
export function normalizedBaseUrl(baseUrl: string): string {
  const url = parsedUrl(baseUrl);
  if (!url) return baseUrl.trim();
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}${url.search}${url.hash}`;
}

/** The targets (other than `exceptId`) whose base URL is the same as `baseUrl`'s. */
export function targetsWithBaseUrl<T extends { id: string; baseUrl: string }>(targets: readonly T[], baseUrl: string, exceptId?: string): T[] {
  const wanted = normalizedBaseUrl(baseUrl);
  return targets.filter((target) => target.id !== exceptId && normalizedBaseUrl(target.baseUrl) === wanted);
}

/** Something the API did, but a person should know about (the target was still created). */
export const targetWarningSchema = z.object({
  code: z.enum(['DUPLICATE_BASE_URL']),
  message: z.string(),
  /** The other targets concerned. */
  targetIds: z.array(z.string()),
});
export type TargetWarning = z.infer<typeof targetWarningSchema>;

/** The answer to creating a target: the target, and warnings (another target has the same base URL). */
export const createdTargetSchema = targetViewSchema.extend({ warnings: z.array(targetWarningSchema) });
export type CreatedTarget = z.infer<typeof createdTargetSchema>;
