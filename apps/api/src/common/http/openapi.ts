import { ApiBody, ApiResponse } from '@nestjs/swagger';
import { errorBodySchema } from '@loadline/shared';
import { applyDecorators } from '@nestjs/common';
import { z } from 'zod';

type OpenApiSchema = Parameters<typeof ApiBody>[0] extends { schema?: infer S } ? S : never;

/** The OpenAPI schema of a shared zod schema: one source for validation and documentation. */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): OpenApiSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as OpenApiSchema;
}

export function ApiJsonBody(schema: z.ZodType) {
  return ApiBody({ schema: openApiSchema(schema, 'input') });
}

/** Documents the success response and the shared error envelope for the listed statuses. */
export function ApiJsonResponse(status: number, schema: z.ZodType | null, errorStatuses: number[] = []) {
  const decorators = [
    schema ? ApiResponse({ status, schema: openApiSchema(schema) }) : ApiResponse({ status }),
    ...errorStatuses.map((errorStatus) => ApiResponse({ status: errorStatus, schema: openApiSchema(errorBodySchema) })),
  ];
  return applyDecorators(...decorators);
}
