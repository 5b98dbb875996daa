import { z } from 'zod';
import { durationSchema, durationToSeconds } from './duration.js';

/**
 * What a scenario sends: named requests (HTTP, WebSocket or gRPC), with checks, values
 * captured from responses and used later as {{name}}, think time, and expected statuses.
 * Strings in paths, query values, headers and bodies may hold {{capture}} or {{vars.NAME}}
 * (a secret variable of the target); the script fills them in at run time.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Request names become k6 `name` tags and report rows; keep them readable and tag-safe. */
export const requestNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:\- ]+$/, 'use letters, digits, spaces and _ . : - only');

const captureNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be letters, digits and _ (not starting with a digit)')
  .refine((name) => name !== 'vars', '"vars" is reserved for the target variables');

const stringMap = z.record(z.string().min(1).max(200), z.string().max(8_192));

/** A JSON path into a response body: `token`, `data.items[0].id`, `$.user.name`. */
export const jsonPathSchema = z
  .string()
  .min(1)
  .max(300)
  .regex(/^(\$\.?)?([A-Za-z_$][\w$-]*|\[\d+\])(\.[A-Za-z_$][\w$-]*|\[\d+\])*$/, 'must be a path such as data.items[0].id');

export const checkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), equals: z.number().int().min(100).max(599) }),
  z.object({ type: z.literal('bodyContains'), value: z.string().min(1).max(1_000) }),
  z.object({ type: z.literal('jsonPath'), path: jsonPathSchema, equals: z.union([z.string().max(1_000), z.number(), z.boolean(), z.null()]) }),
]);
export type Check = z.infer<typeof checkSchema>;

export const captureSchema = z.discriminatedUnion('from', [
  z.object({ name: captureNameSchema, from: z.literal('json'), path: jsonPathSchema }),
  z.object({ name: captureNameSchema, from: z.literal('header'), header: z.string().min(1).max(200) }),
  z.object({ name: captureNameSchema, from: z.literal('regex'), pattern: z.string().min(1).max(500), group: z.number().int().min(0).max(20).default(1) }),
]);
export type Capture = z.infer<typeof captureSchema>;

/** A pause drawn uniformly between min and max, like a user reading a page. */
export const thinkTimeSchema = z
  .object({ min: durationSchema, max: durationSchema })
  // Only when both are durations (their own checks report them otherwise): a refinement must not throw.
  .refine(
    (think) =>
      !durationSchema.safeParse(think.min).success ||
      !durationSchema.safeParse(think.max).success ||
      durationToSeconds(think.min) <= durationToSeconds(think.max),
    {
      message: 'min must not be above max',
      path: ['max'],
    },
  );
export type ThinkTime = z.infer<typeof thinkTimeSchema>;

export const requestBodySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('json'), json: z.unknown() }),
  z.object({ type: z.literal('text'), text: z.string().max(1_000_000), contentType: z.string().max(200).optional() }),
  z.object({ type: z.literal('form'), fields: stringMap }),
]);
export type RequestBody = z.infer<typeof requestBodySchema>;

const common = {
  name: requestNameSchema,
  /** How often this request is picked in a weighted scenario (ignored in a sequence). */
  weight: z.number().int().min(1).max(1_000).default(1),
  /** Pause after this request. */
  thinkTime: thinkTimeSchema.optional(),
};

export const httpStepSchema = z.object({
  ...common,
  protocol: z.literal('http'),
  method: z.enum(HTTP_METHODS).default('GET'),
  path: z.string().startsWith('/', 'must start with "/"').max(2_048),
  query: stringMap.default({}),
  headers: stringMap.default({}),
  /** A plain string is a text body (plans written before typed bodies). */
  body: z.preprocess((value) => (typeof value === 'string' ? { type: 'text', text: value } : value), requestBodySchema).optional(),
  /** Statuses that count as success; k6's default (200-399) when absent. An expected 401 or 429 is then not an error. */
  expect: z.object({ status: z.array(z.number().int().min(100).max(599)).min(1).max(50) }).optional(),
  checks: z.array(checkSchema).max(20).default([]),
  captures: z.array(captureSchema).max(20).default([]),
});
export type HttpStep = z.infer<typeof httpStepSchema>;

/**
 * A WebSocket session: connect (timed), send each message and, when `awaitReply`, time the
 * round trip to the next message received; keep the connection open for `holdFor`.
 */
export const wsStepSchema = z.object({
  ...common,
  protocol: z.literal('ws'),
  path: z.string().startsWith('/', 'must start with "/"').max(2_048),
  query: stringMap.default({}),
  headers: stringMap.default({}),
  messages: z.array(z.string().max(100_000)).max(100).default([]),
  awaitReply: z.boolean().default(true),
  replyTimeout: durationSchema.default('5s'),
  holdFor: durationSchema.default('0s'),
  checks: z
    .array(z.object({ type: z.literal('replyContains'), value: z.string().min(1).max(1_000) }))
    .max(20)
    .default([]),
});
export type WsStep = z.infer<typeof wsStepSchema>;

export const GRPC_STATUS_CODES = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

/** A unary gRPC call: `service/method` with a JSON message. */
export const grpcStepSchema = z.object({
  ...common,
  protocol: z.literal('grpc'),
  method: z
    .string()
    .min(3)
    .max(300)
    .regex(/^[A-Za-z_][\w.]*\/[A-Za-z_]\w*$/, 'must be package.Service/Method'),
  message: z.record(z.string(), z.unknown()).default({}),
  metadata: stringMap.default({}),
  /** gRPC status codes that count as success (default: OK). */
  expectCodes: z.array(z.number().int().min(0).max(16)).min(1).max(17).default([0]),
  timeout: durationSchema.default('10s'),
});
export type GrpcStep = z.infer<typeof grpcStepSchema>;

/** Steps without a protocol are HTTP (plans written before WebSocket and gRPC). */
export const planStepSchema = z.preprocess(
  (value) => (value && typeof value === 'object' && !('protocol' in value) ? { ...value, protocol: 'http' } : value),
  z.discriminatedUnion('protocol', [httpStepSchema, wsStepSchema, grpcStepSchema]),
);
export type PlanStep = HttpStep | WsStep | GrpcStep;
/** Kept for code written before other protocols: an HTTP request of a plan. */
export type PlanRequest = HttpStep;

/** {{name}} references in a string: captures, or vars.NAME for target variables. */
export function templateReferences(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g)].map((match) => match[1]!);
}

/** Every string of a step that may hold {{references}}, with where it is (for error paths). */
export function templatedStrings(step: PlanStep): { path: (string | number)[]; text: string }[] {
  const entries = (record: Record<string, string>, key: string) => Object.entries(record).map(([name, text]) => ({ path: [key, name], text }));
  switch (step.protocol) {
    case 'http': {
      const body = step.body;
      const bodyStrings =
        body?.type === 'text'
          ? [{ path: ['body', 'text'], text: body.text }]
          : body?.type === 'form'
            ? entries(body.fields, 'body')
            : body?.type === 'json'
              ? [{ path: ['body', 'json'], text: JSON.stringify(body.json) }]
              : [];
      return [{ path: ['path'], text: step.path }, ...entries(step.query, 'query'), ...entries(step.headers, 'headers'), ...bodyStrings];
    }
    case 'ws':
      return [
        { path: ['path'], text: step.path },
        ...entries(step.query, 'query'),
        ...entries(step.headers, 'headers'),
        ...step.messages.map((text, index) => ({ path: ['messages', index], text })),
      ];
    case 'grpc':
      return [{ path: ['message'], text: JSON.stringify(step.message) }, ...entries(step.metadata, 'metadata')];
  }
}
