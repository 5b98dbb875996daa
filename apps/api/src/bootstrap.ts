import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import pg from 'pg';
import { json } from 'express';
import { Redis } from 'ioredis';
import { AppModule } from './app.module.js';
import { API_PREFIX, buildOpenApiDocument } from './common/openapi/document.js';
import type { ApiEnv } from './config/env.js';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter.js';
import type { DestinationStream } from 'pino';
import { PinoNestLogger, createLogger } from './common/logger.js';
import { requestContextMiddleware } from './tenancy/request-context.middleware.js';
import { securityHeaders } from './common/http/security-headers.js';
import { inputGuard } from './common/http/input-guard.js';
import { MethodTable } from './common/http/method-table.js';
import { RoutePermissionsCheck } from './access/route-permissions.js';
import { CSRF_HEADER } from './access/credentials.js';
import { COOKIE_SESSION_HEADER } from '@loadline/shared';
import { serveWebApp } from './web/serve-web.js';
import { httpMetrics } from './metrics/http-metrics.js';
import { dataSetUploadBody } from './data-sets/upload-body.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

function where(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol.startsWith('redis') ? 6379 : 5432)}`;
}

export class DependencyUnavailableError extends Error {}

/** Fails fast, with a readable line, when PostgreSQL or Redis cannot be reached. */
export async function checkDependencies(env: ApiEnv): Promise<void> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new DependencyUnavailableError(
      `cannot reach PostgreSQL at ${where(env.DATABASE_URL)}: ${(error as Error).message}. ` + 'Start it with: bash scripts/ensure-postgres.sh',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 5_000, retryStrategy: () => null });
  // The failure is reported below; without a listener ioredis would also print it raw.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new DependencyUnavailableError(
      `cannot reach Redis at ${where(env.REDIS_URL)}: ${(error as Error).message}. Start it with: bash scripts/ensure-redis.sh`,
    );
  } finally {
    redis.disconnect();
  }
}

/** Builds the API application (used by main.ts and by the integration tests). */
export async function createApiApp(env: ApiEnv, logDestination?: DestinationStream): Promise<NestExpressApplication> {
  const logger = createLogger(env.LOG_LEVEL, logDestination);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forEnv(env), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  app.disable('x-powered-by');
  // Express's trust proxy (proxy-addr) walks X-Forwarded-For from the right, skipping trusted
  // hops; with no trusted proxies the header is never read (req.ip is the connection's peer).
  app.set('trust proxy', env.LOADLINE_TRUSTED_PROXIES.length ? env.LOADLINE_TRUSTED_PROXIES : false);
  // Imported documents (OpenAPI, HAR) may be bigger than any other request; the importer
  // itself refuses more than 5 MB with a clear message.
  app.use(`/${API_PREFIX}/plans/import`, json({ limit: '6mb' }));
  // Data set files are raw CSV/JSON bodies, up to the operator's limit (not the JSON parser's).
  app.use(`/${API_PREFIX}/data-sets`, dataSetUploadBody(env.LOADLINE_DATA_SET_MAX_BYTES));
  app.useBodyParser('json', { limit: '2mb' });
  app.use(securityHeaders);
  app.use(inputGuard);
  // Cross-origin browsers only from the configured origins; the web app is same-origin.
  app.enableCors({
    origin: env.LOADLINE_CORS_ORIGINS.length ? env.LOADLINE_CORS_ORIGINS : false,
    credentials: true,
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', CSRF_HEADER, COOKIE_SESSION_HEADER],
    exposedHeaders: ['retry-after', 'x-request-id'],
    maxAge: 600,
  });
  app.use(requestContextMiddleware);
  app.use(httpMetrics(logger));
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new AllExceptionsFilter(new MethodTable(app.get(RoutePermissionsCheck).routes(), API_PREFIX)));
  app.enableShutdownHooks();

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  serveWebApp(app.getHttpAdapter().getInstance(), env.LOADLINE_WEB_DIST ?? DEFAULT_WEB_DIST);
  return app;
}
