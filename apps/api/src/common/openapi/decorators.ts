import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { errorBodySchema } from '@loadline/shared';
import { z } from 'zod';
import { inlineOpenApiSchema, openApiSchema } from './schemas.js';

/** Nest's own type for a schema object; ours are plain JSON Schema (OpenAPI 3.0 dialect). */
type NestSchema = Parameters<typeof ApiBody>[0] extends { schema?: infer S } ? S : never;
const asNest = (schema: Record<string, unknown>) => schema as NestSchema;

export function ApiJsonBody(schema: z.ZodType, options: { required?: boolean } = {}) {
  return ApiBody({ schema: asNest(openApiSchema(schema, 'input')), required: options.required ?? true });
}

/** Documents the success response and the shared error envelope for the listed statuses. */
export function ApiJsonResponse(status: number, schema: z.ZodType | null, errorStatuses: number[] = []) {
  return applyDecorators(schema ? ApiResponse({ status, schema: asNest(openApiSchema(schema)) }) : ApiResponse({ status }), ApiErrors(errorStatuses));
}

const ERROR_MEANING: Record<number, string> = {
  400: 'Invalid input: details name each field',
  401: 'No valid session or API key',
  403: "The caller's role does not allow this",
  404: "Not found (another organization's ids are not found either)",
  409: 'Conflicts with the current state',
  410: 'Expired',
  413: 'Too large',
  422: 'Refused by a rule: quota, address policy, verification',
  429: 'Too many requests: see Retry-After',
  503: 'A dependency (runner, database, Redis) is unavailable',
};

/** The shared error envelope for each listed status. */
export function ApiErrors(statuses: number[]) {
  return applyDecorators(
    ...statuses.map((status) => ApiResponse({ status, description: ERROR_MEANING[status] ?? 'Error', schema: asNest(openApiSchema(errorBodySchema)) })),
  );
}

/** A response that is a file (exports): per media type, the zod schema of a JSON body or null for text. */
export function ApiFileResponse(status: number, bodies: Record<string, z.ZodType | null>, errorStatuses: number[] = []) {
  const content = Object.fromEntries(Object.entries(bodies).map(([type, schema]) => [type, { schema: schema ? openApiSchema(schema) : { type: 'string' } }]));
  return applyDecorators(ApiResponse({ status, content: content as never }), ApiErrors(errorStatuses));
}

/** One query parameter per property of the zod object the route validates its query with. */
export function ApiZodQuery(schema: z.ZodObject) {
  const json = inlineOpenApiSchema(schema, 'input') as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return applyDecorators(
    ...Object.entries(json.properties ?? {}).map(([name, property]) =>
      ApiQuery({ name, required: json.required?.includes(name) ?? false, schema: asNest(property), description: property.description as string | undefined }),
    ),
  );
}

/** A path parameter the route validates with a zod schema (a number, a bounded one). */
export function ApiZodParam(name: string, schema: z.ZodType) {
  return ApiParam({ name, schema: asNest(inlineOpenApiSchema(schema, 'input')) });
}
