import { z } from 'zod';
import { planNameSchema, planSpecSchema } from '../plan.js';
import { IMPORT_FORMATS, MAX_IMPORT_BYTES, type ImportFormat, type ImportResult } from './common.js';
import { importCurl } from './curl.js';
import { importHar } from './har.js';
import { importOpenApi } from './openapi.js';

/**
 * Draft plans from documents teams already have: an OpenAPI 3 description, a HAR recording
 * or curl command lines. Pure functions, used by POST /plans/import (and usable in the
 * browser); they never save anything.
 */

export { DEFAULT_IMPORT_LOAD, IMPORT_FORMATS, ImportError, MAX_IMPORT_BYTES, MAX_IMPORT_REQUESTS, type ImportFormat, type ImportResult } from './common.js';
export { importCurl } from './curl.js';
export { importHar } from './har.js';
export { importOpenApi } from './openapi.js';
export { parseYaml, YamlError } from './yaml.js';

/** POST /plans/import */
export const importPlanSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** The document's text (JSON or YAML for OpenAPI, the .har file's JSON, curl command lines). */
  content: z.string().min(1, 'is empty').max(MAX_IMPORT_BYTES),
  /** The draft's name; by default one the document suggests. */
  name: planNameSchema.optional(),
});
export type ImportPlanInput = z.input<typeof importPlanSchema>;

export const importedPlanSchema = z.object({
  /** What POST /plans takes once a targetId is added: nothing is saved yet. */
  draft: z.object({ name: z.string(), spec: planSpecSchema }),
  /** The base URL the document suggests for the target (requests' paths are relative to it). */
  suggestedBaseUrl: z.string().nullable(),
  /** What was left out, guessed or needs a look before a run. */
  warnings: z.array(z.string()),
});
export type ImportedPlan = z.infer<typeof importedPlanSchema>;

const IMPORTERS: Record<ImportFormat, (text: string) => ImportResult> = { openapi: importOpenApi, har: importHar, curl: importCurl };

/** Reads the document as the format says; throws ImportError (what and where) when it cannot. */
export function importPlan(input: z.infer<typeof importPlanSchema>): ImportedPlan {
  const result = IMPORTERS[input.format](input.content);
  return { draft: { name: input.name ?? result.name, spec: result.spec }, suggestedBaseUrl: result.suggestedBaseUrl, warnings: result.warnings };
}
