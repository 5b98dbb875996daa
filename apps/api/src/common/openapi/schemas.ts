import * as shared from '@loadline/shared';
import { z } from 'zod';

/**
 * The OpenAPI schemas of the shared zod contracts: one source for validation, documentation
 * and the web's generated client. Every schema `@loadline/shared` exports as `fooBarSchema`
 * becomes the component `FooBar` (inputs that differ from outputs, e.g. through defaults,
 * `FooBarInput`), so generated types carry the names the code uses.
 */

export type JsonSchema = Record<string, unknown>;

const names = z.registry<{ id: string }>();
const schemaByName = new Map<string, z.ZodType>();

for (const [exportName, value] of Object.entries(shared)) {
  if (!exportName.endsWith('Schema') || !(value instanceof z.ZodType)) continue;
  // Two export names for one schema object: the first (alphabetical by export order) wins.
  if (names.has(value)) continue;
  const name = exportName[0]!.toUpperCase() + exportName.slice(1, -'Schema'.length);
  names.add(value, { id: name });
  schemaByName.set(name, value);
}

const components = new Map<string, JsonSchema>();

/** PostgreSQL cannot store U+0000 in text: the API refuses it in any string (input-guard.ts). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

/**
 * Rules a zod refinement checks that JSON Schema can also say, said here so that the document
 * is as strict as the server (refinements are invisible to z.toJSONSchema). On inputs only:
 * what the server answers is already what it says.
 */
const REFINEMENTS = new Map<unknown, JsonSchema>([
  [shared.updateQuotasSchema, { minProperties: 1 }],
  [shared.thresholdWindowSchema, { anyOf: [{ required: ['after'] }, { required: ['until'] }] }],
]);

function rawJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, {
    io,
    metadata: names,
    unrepresentable: 'any',
    target: 'openapi-3.0',
    override: (context) => {
      const json = context.jsonSchema;
      // zod spells out RFC 3339 as a long regex next to format: date-time; the format says it.
      if (json.format === 'date-time') delete json.pattern;
      if (io !== 'input') return;
      Object.assign(json, REFINEMENTS.get(context.zodSchema));
      // What the server accepts, said exactly: no NUL in free text, and objects take the
      // properties they name (the server ignores others; clients should not send them).
      if (json.type === 'string' && json.enum === undefined && json.format === undefined && json.pattern === undefined) json.pattern = NO_NUL_PATTERN;
      if (json.type === 'object' && json.properties !== undefined && json.additionalProperties === undefined) json.additionalProperties = false;
    },
  }) as JsonSchema;
}

/** The component name an input definition gets: the output's when both read the same. */
function inputName(name: string, definition: JsonSchema): string {
  const schema = schemaByName.get(name);
  if (!schema) return `${name}Input`;
  const output = (rawJsonSchema(schema, 'output').definitions as Record<string, JsonSchema> | undefined)?.[name];
  return JSON.stringify(output) === JSON.stringify(definition) ? name : `${name}Input`;
}

/** The OpenAPI schema of a zod schema; the named shared schemas in it become `$ref`s to components. */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const { definitions, ...root } = rawJsonSchema(schema, io) as JsonSchema & { definitions?: Record<string, JsonSchema> };
  const renamed = new Map<string, string>();
  for (const [name, definition] of Object.entries(definitions ?? {})) {
    renamed.set(name, io === 'input' ? inputName(name, definition) : name);
  }
  const rewrite = (value: JsonSchema): JsonSchema =>
    JSON.parse(
      JSON.stringify(value).replace(/"#\/definitions\/([^"]+)"/g, (_match, name: string) =>
        JSON.stringify(`#/components/schemas/${renamed.get(name) ?? name}`),
      ),
    ) as JsonSchema;
  for (const [name, definition] of Object.entries(definitions ?? {})) components.set(renamed.get(name)!, rewrite(definition));
  return rewrite(root);
}

/** Like openApiSchema, with a root that is a component given inline (query parameters need its properties). */
export function inlineOpenApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const converted = openApiSchema(schema, io);
  const ref = typeof converted.$ref === 'string' ? converted.$ref.replace('#/components/schemas/', '') : undefined;
  return ref ? components.get(ref)! : converted;
}

/** Every component referenced so far (the decorators run when the controllers load). */
export function componentSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries([...components.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
