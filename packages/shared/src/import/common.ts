import { z } from 'zod';
import {
  planSpecSchema,
  requestNameSchema,
  httpStepSchema,
  templateReferences,
  templatedStrings,
  HTTP_METHODS,
  type PlanSpec,
  type RequestBody,
} from '../plan.js';

/**
 * What the importers share: limits, the error that says what and where, request names,
 * which recorded headers are kept, bodies by content type, and the assembly of a draft plan
 * that planSpecSchema accepts.
 */

export const IMPORT_FORMATS = ['openapi', 'har', 'curl'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const FORMAT_LABEL: Record<ImportFormat, string> = { openapi: 'OpenAPI', har: 'HAR', curl: 'curl' };

/** Largest document read, in UTF-8 bytes. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Most requests in one draft (a scenario holds at most 200). */
export const MAX_IMPORT_REQUESTS = 200;
/** Warnings past this many are counted, not listed. */
const MAX_WARNINGS = 50;

/** The load of every imported draft: small and short, to be edited before a real run. */
export const DEFAULT_IMPORT_LOAD = { executor: 'constant-vus', vus: 5, duration: '1m' } as const;

export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A request as an importer builds it, before names are made unique and it is validated. */
export interface DraftRequest {
  name: string;
  method: HttpMethod;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: RequestBody;
  expect?: { status: number[] };
}

export interface ImportResult {
  /** A plan name suggested by the document (a title, a host). */
  name: string;
  /** A plan spec (one scenario) that planSpecSchema accepts, defaults applied. */
  spec: PlanSpec;
  /** The target base URL the requests' paths are relative to, when the document says. */
  suggestedBaseUrl: string | null;
  warnings: string[];
}

/** Where, for problems of the whole document. */
export const ROOT = '(root)';

/** A document that cannot be read: `where` in it (a JSON path, "line 3") and what is wrong. */
export class ImportError extends Error {
  constructor(
    readonly format: ImportFormat,
    readonly where: string,
    readonly problem: string,
  ) {
    super(where === ROOT ? `${FORMAT_LABEL[format]}: the document ${problem}` : `${FORMAT_LABEL[format]}: ${where}: ${problem}`);
    this.name = 'ImportError';
  }
}

export function checkSize(format: ImportFormat, text: string): void {
  // Each UTF-16 unit is at most 3 UTF-8 bytes: count exactly only when it could matter.
  const bytes = text.length * 3 <= MAX_IMPORT_BYTES ? 0 : new TextEncoder().encode(text).length;
  if (bytes > MAX_IMPORT_BYTES) {
    throw new ImportError(format, ROOT, `is ${(bytes / 1024 / 1024).toFixed(1)} MB; at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB can be imported`);
  }
  if (!text.trim()) throw new ImportError(format, ROOT, 'is empty');
}

/**
 * An importer that strips a byte-order mark first, and turns a document nested too deeply
 * for the stack (a RangeError anywhere in reading it) into an ImportError, not a crash.
 */
export function guarded(format: ImportFormat, read: (text: string) => ImportResult): (text: string) => ImportResult {
  return (text) => {
    try {
      return read(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      if (error instanceof RangeError) throw new ImportError(format, ROOT, 'is nested too deeply to import');
      throw error;
    }
  };
}

export function parseJson(format: ImportFormat, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportError(format, ROOT, `is not valid JSON (${(error as Error).message})`);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

// ---- names -----------------------------------------------------------------------------

const NAME_MAX = 100;

/** A request name from free text: characters outside letters, digits, space and _ . : - become _. */
export function sanitizeName(raw: string): string {
  const cleaned = raw
    .replace(/[^A-Za-z0-9_.:\- ]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NAME_MAX)
    .trim();
  return cleaned.replace(/^_+$/, '') || 'request';
}

/** "GET /users/{id}/orders" -> "GET users.:id.orders" (slashes and braces are not allowed in names). */
export function nameFromPath(method: string, path: string): string {
  const segments = path
    .split('?')[0]!
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, ':$1'));
  return sanitizeName(`${method} ${segments.join('.') || 'root'}`);
}

/** Makes names unique in order: "GET pets", "GET pets 2", ... */
export function uniqueNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) {
      const suffix = ` ${n}`;
      candidate = name.slice(0, NAME_MAX - suffix.length).trimEnd() + suffix;
    }
    used.add(candidate);
    return candidate;
  });
}

// ---- recorded headers ------------------------------------------------------------------

const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'api-key',
  'apikey',
  'x-auth-token',
  'x-access-token',
  'x-csrf-token',
  'x-xsrf-token',
]);
const TRANSPORT_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'accept-encoding',
  'http2-settings',
]);
const BROWSER_HEADERS = new Set([
  'origin',
  'referer',
  'accept-language',
  'dnt',
  'priority',
  'pragma',
  'cache-control',
  'upgrade-insecure-requests',
  'if-none-match',
  'if-modified-since',
  'purpose',
  'sec-purpose',
  'sec-gpc',
  'x-client-data',
  'access-control-request-method',
  'access-control-request-headers',
]);

export type HeaderVerdict = 'keep' | 'credential' | 'transport' | 'browser' | 'content-type';

/** Whether a recorded header belongs in a load test: credentials and browser or transport details do not. */
export function classifyHeader(name: string, value: string): HeaderVerdict {
  const lower = name.toLowerCase();
  if (lower === 'content-type') return 'content-type';
  if (CREDENTIAL_HEADERS.has(lower)) return 'credential';
  if (lower.startsWith(':') || TRANSPORT_HEADERS.has(lower)) return 'transport';
  if (BROWSER_HEADERS.has(lower) || lower.startsWith('sec-ch-') || lower.startsWith('sec-fetch-')) return 'browser';
  if (lower === 'user-agent' && /^Mozilla\//.test(value)) return 'browser';
  return 'keep';
}

/** Collects which headers were dropped, across requests, for one warning per kind. */
export class DroppedHeaders {
  private readonly byKind = new Map<Exclude<HeaderVerdict, 'keep' | 'content-type'>, Set<string>>();

  note(kind: Exclude<HeaderVerdict, 'keep' | 'content-type'>, name: string): void {
    const names = this.byKind.get(kind) ?? new Set<string>();
    names.add(name.toLowerCase());
    this.byKind.set(kind, names);
  }

  warnings(): string[] {
    const list = (kind: Exclude<HeaderVerdict, 'keep' | 'content-type'>) => [...(this.byKind.get(kind) ?? [])].sort().join(', ');
    const out: string[] = [];
    if (this.byKind.has('credential')) {
      out.push(`Dropped credentials (${list('credential')}): set them on the target as headers, or as target variables used as {{vars.NAME}}.`);
    }
    if (this.byKind.has('browser')) out.push(`Dropped browser headers (${list('browser')}).`);
    if (this.byKind.has('transport')) out.push(`Dropped connection headers that k6 sets itself (${list('transport')}).`);
    return out;
  }
}

// ---- bodies ----------------------------------------------------------------------------

const isJsonType = (contentType: string) => /^application\/([\w.+-]*\+)?json\b/i.test(contentType.trim());
const isFormType = (contentType: string) => /^application\/x-www-form-urlencoded\b/i.test(contentType.trim());

/**
 * A body from its text and content type: JSON that parses is JSON, a urlencoded form whose
 * names are unique is a form, anything else is text sent with its content type.
 */
export function bodyFromText(text: string, contentType: string | undefined): RequestBody {
  if (contentType && isJsonType(contentType)) {
    try {
      return { type: 'json', json: JSON.parse(text) };
    } catch {
      // Not JSON after all: sent as recorded.
    }
  }
  if (contentType && isFormType(contentType)) {
    const params = new URLSearchParams(text);
    const names = [...params.keys()];
    const fields = Object.fromEntries(params);
    // Only when the form reads back the same (name=value pairs, unique names).
    const pairs = text.split('&').every((pair) => pair.includes('='));
    if (pairs && names.length && new Set(names).size === names.length && new URLSearchParams(fields).toString() === new URLSearchParams(text).toString()) {
      return { type: 'form', fields };
    }
  }
  return contentType ? { type: 'text', text, contentType } : { type: 'text', text };
}

/** Whether the content type header can be left out because the body type implies it. */
export function impliedContentType(body: RequestBody | undefined, contentType: string): boolean {
  if (!body) return false;
  if (body.type === 'json') return /^application\/json\b/i.test(contentType.trim());
  if (body.type === 'form') return isFormType(contentType);
  return body.contentType === contentType;
}

// ---- URLs ------------------------------------------------------------------------------

/**
 * A URL's path and query for a plan request. A repeated query name cannot be a record
 * entry, so such a query stays in the path as written.
 */
export function pathAndQuery(url: URL): { path: string; query: Record<string, string> } {
  const names = [...url.searchParams.keys()];
  if (new Set(names).size !== names.length) return { path: url.pathname + url.search, query: {} };
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

/** The most common origin (ties: the first seen); requests elsewhere are left out with a warning each origin. */
export function keepMainOrigin<T>(items: T[], urlOf: (item: T) => URL, warnings: string[]): { origin: string; kept: T[] } {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(urlOf(item).origin, (counts.get(urlOf(item).origin) ?? 0) + 1);
  const origin = [...counts.entries()].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
  for (const [other, count] of counts) {
    if (other !== origin) warnings.push(`Left out ${count} request${count > 1 ? 's' : ''} to ${other} (the plan's target is ${origin}).`);
  }
  return { origin, kept: items.filter((item) => urlOf(item).origin === origin) };
}

// ---- assembly --------------------------------------------------------------------------

/** Keeps the first MAX_WARNINGS warnings, then counts the rest. */
export function capWarnings(warnings: string[]): string[] {
  const unique = [...new Set(warnings)];
  if (unique.length <= MAX_WARNINGS) return unique;
  return [...unique.slice(0, MAX_WARNINGS), `… and ${unique.length - MAX_WARNINGS} more warnings.`];
}

/** The first problem zod finds in one request, as "field: message". */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.join('.') || 'request'}: ${issue.message}`;
}

export interface AssembleInput {
  format: ImportFormat;
  name: string;
  flow: 'weighted' | 'sequence';
  requests: DraftRequest[];
  suggestedBaseUrl: string | null;
  warnings: string[];
}

/**
 * The draft plan: at most MAX_IMPORT_REQUESTS requests with unique names, each checked with
 * the plan's own schema (one that cannot be a plan request is left out with a warning), in
 * one scenario with the default load and no thresholds.
 */
export function assemble(input: AssembleInput): ImportResult {
  const warnings = [...input.warnings];
  let requests = input.requests;
  if (requests.length > MAX_IMPORT_REQUESTS) {
    warnings.push(`The document has ${requests.length} requests; the draft keeps the first ${MAX_IMPORT_REQUESTS}.`);
    requests = requests.slice(0, MAX_IMPORT_REQUESTS);
  }
  const names = uniqueNames(requests.map((request) => (requestNameSchema.safeParse(request.name).success ? request.name : sanitizeName(request.name))));
  const steps: z.input<typeof httpStepSchema>[] = [];
  requests.forEach((request, index) => {
    const step = {
      protocol: 'http' as const,
      name: names[index]!,
      method: request.method,
      path: request.path,
      query: request.query,
      headers: request.headers,
      ...(request.body ? { body: request.body } : {}),
      ...(request.expect ? { expect: request.expect } : {}),
    };
    const parsed = httpStepSchema.safeParse(step);
    if (!parsed.success) {
      warnings.push(`Left out ${step.name}: ${firstIssue(parsed.error)}.`);
      return;
    }
    // Loadline reads {{name}} as a value captured earlier; a literal one cannot be sent.
    const template = templatedStrings(parsed.data)
      .flatMap(({ text }) => templateReferences(text))
      .find((reference) => !reference.startsWith('vars.'));
    if (template) {
      warnings.push(`Left out ${step.name}: it contains {{${template}}}, which a plan reads as a captured value.`);
      return;
    }
    steps.push(step);
  });
  if (!steps.length) {
    throw new ImportError(
      input.format,
      ROOT,
      input.requests.length ? `has no request that can be part of a plan (${warnings.at(-1) ?? ''})` : 'has no requests to import',
    );
  }
  const spec = planSpecSchema.parse({
    scenarios: [{ name: 'default', load: { ...DEFAULT_IMPORT_LOAD }, flow: input.flow, requests: steps }],
    thresholds: [],
    segments: 1,
  });
  const name = input.name.trim().slice(0, 200).trim() || `${FORMAT_LABEL[input.format]} import`;
  return { name, spec, suggestedBaseUrl: input.suggestedBaseUrl, warnings: capWarnings(warnings) };
}
