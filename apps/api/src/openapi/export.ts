import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { AppModule } from '../app.module.js';
import { parseApiEnv } from '../config/env.js';
import { API_PREFIX, buildOpenApiDocument } from '../common/openapi/document.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where the committed document lives (from src/openapi or dist/openapi alike). */
export const OPENAPI_DOCUMENT_PATH = path.resolve(here, '../../openapi.json');

/**
 * The application without a running installation: Nest's preview mode reads the routes and
 * their decorators but creates no provider, so nothing connects to PostgreSQL or Redis.
 */
export async function createPreviewApp(): Promise<INestApplication> {
  const env = parseApiEnv({
    DATABASE_URL: 'postgresql://openapi@127.0.0.1:1/openapi',
    REDIS_URL: 'redis://127.0.0.1:1',
    LOADLINE_SECRET_KEY: 'not-a-secret-the-document-needs-no-key',
    LOADLINE_RUNNER_KEY: 'not-a-secret-the-document-needs-no-key',
    LOADLINE_METRICS_PORT: '0',
    LOG_LEVEL: 'silent',
  });
  const app = await NestFactory.create(AppModule.forEnv(env), { preview: true, logger: false, abortOnError: false });
  app.setGlobalPrefix(API_PREFIX);
  return app;
}

export function renderOpenApiDocument(app: INestApplication): string {
  return `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2] ? path.resolve(process.argv[2]) : OPENAPI_DOCUMENT_PATH;
  const app = await createPreviewApp();
  writeFileSync(target, renderOpenApiDocument(app));
  await app.close();
  process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
}
