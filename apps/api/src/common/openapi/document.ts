import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { NO_NUL_PATTERN, componentSchemas } from './schemas.js';

export const API_PREFIX = 'api/v1';

/**
 * The API's OpenAPI document. Paths are relative to the one server, `/api/v1`, so the web's
 * generated client names routes as the docs do (`/plans/{id}`). Committed as
 * apps/api/openapi.json; `pnpm openapi` regenerates it and the web client's types.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Loadline API')
      .setDescription('Targets, test plans, runs and reports. Errors are { error: { code, message, details } }.')
      .setVersion('1')
      .addServer(`/${API_PREFIX}`)
      .addBearerAuth()
      .build(),
    { ignoreGlobalPrefix: true, operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}` },
  );
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...componentSchemas() } };
  // Path segments are free text too: no NUL in them either (input-guard.ts refuses it).
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations as Record<string, { parameters?: Array<{ in: string; schema?: Record<string, unknown> }> }>)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.schema?.type === 'string' && parameter.schema.pattern === undefined) parameter.schema.pattern = NO_NUL_PATTERN;
      }
    }
  }
  return document;
}
