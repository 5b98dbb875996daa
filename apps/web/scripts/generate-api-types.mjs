#!/usr/bin/env node
// Generates the types of every route, request and response from the API's OpenAPI document,
// apps/api/openapi.json, into packages/shared/src/generated/openapi.ts (`@loadline/shared/api-types`),
// which both clients, the web app and the CLI, call the API through: the compiler checks both.
// `--check` fails when a committed file is not what the document generates. Run through
// `pnpm openapi` at the repository root.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const documentPath = path.resolve(here, '../../api/openapi.json');
const outputPaths = [path.resolve(here, '../../../packages/shared/src/generated/openapi.ts')];

const HEADER = `/**
 * Generated from apps/api/openapi.json by apps/web/scripts/generate-api-types.mjs: do not edit.
 * Regenerate with \`pnpm openapi\` after changing a route or a shared schema.
 */

`;

export async function generate() {
  const ast = await openapiTS(pathToFileURL(documentPath), {
    // `PlanView` rather than `components['schemas']['PlanView']` for the named schemas.
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    // A default makes a request field optional; answers list such fields as required anyway.
    defaultNonNullable: false,
    alphabetize: true,
  });
  return HEADER + astToString(ast);
}

const generated = await generate();
if (process.argv.includes('--check')) {
  for (const outputPath of outputPaths) {
    let committed = '';
    try {
      committed = readFileSync(outputPath, 'utf8');
    } catch {
      // missing: reported below
    }
    if (committed !== generated) {
      process.stderr.write(
        `${path.relative(process.cwd(), outputPath)} is not what apps/api/openapi.json generates: run \`pnpm openapi\` and commit the result.\n`,
      );
      process.exit(1);
    }
  }
  process.stdout.write('the API types match the OpenAPI document\n');
} else {
  for (const outputPath of outputPaths) {
    mkdirSync(path.dirname(outputPath), { recursive: true });
    writeFileSync(outputPath, generated);
    process.stdout.write(`wrote ${path.relative(process.cwd(), outputPath)} from ${path.relative(process.cwd(), documentPath)}\n`);
  }
}
