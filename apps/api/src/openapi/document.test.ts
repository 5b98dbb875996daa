import { readFileSync } from 'node:fs';
import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { NestContainer } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_DOCUMENT_PATH, createPreviewApp, renderOpenApiDocument } from './export.js';

interface Operation {
  operationId: string;
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let app: INestApplication;
let rendered: string;
let document: Document;
let operations: Array<{ method: string; path: string; operation: Operation }>;

beforeAll(async () => {
  app = await createPreviewApp();
  rendered = renderOpenApiDocument(app);
  document = JSON.parse(rendered) as Document;
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
});

afterAll(async () => {
  await app?.close();
});

describe('the OpenAPI document', () => {
  it('is the committed apps/api/openapi.json, which the web client is generated from', () => {
    const committed = readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8');
    // On failure: run `pnpm openapi` and commit apps/api/openapi.json and the web's generated types.
    expect(rendered === committed, 'apps/api/openapi.json is stale: run `pnpm openapi`').toBe(true);
  });

  it('documents what every route answers on success', () => {
    const undocumented = operations
      .filter(({ operation }) => {
        const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
        if (!success) return true;
        return success[0] !== '204' && !Object.values(success[1].content ?? {}).some((media) => media.schema);
      })
      .map(({ method, path }) => `${method} ${path}`);
    expect(undocumented).toEqual([]);
  });

  it('gives every error answer the shared error envelope', () => {
    const bare = operations.flatMap(({ method, path, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .filter(([, response]) => JSON.stringify(response.content?.['application/json']?.schema) !== JSON.stringify({ $ref: '#/components/schemas/ErrorBody' }))
        .map(([status]) => `${method} ${path} ${status}`),
    );
    expect(bare).toEqual([]);
  });

  it('documents the body of every route that reads one', () => {
    const container = (app as unknown as { container: NestContainer }).container;
    const byOperationId = new Map(operations.map((entry) => [entry.operation.operationId, entry]));
    const missing: string[] = [];
    let routesWithBody = 0;
    for (const module of container.getModules().values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
        if (!controller) continue;
        for (const method of Object.getOwnPropertyNames(controller.prototype)) {
          const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, unknown>;
          if (!Object.keys(args).some((key) => Number(key.split(':')[0]) === RouteParamtypes.BODY)) continue;
          routesWithBody += 1;
          const entry = byOperationId.get(`${controller.name.replace(/Controller$/, '')}_${method}`);
          if (!entry?.operation.requestBody) missing.push(`${controller.name}.${method}`);
        }
      }
    }
    expect(routesWithBody).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('has a component for every reference', () => {
    const refs = new Set([...rendered.matchAll(/"\$ref": "#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!));
    expect([...refs].filter((name) => !(name in document.components.schemas))).toEqual([]);
    // The shared contracts keep their names: the web's generated types say PlanView, not an inline shape.
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['PlanView', 'Run', 'RunComparison', 'PublicShare', 'ErrorBody']));
  });
});
