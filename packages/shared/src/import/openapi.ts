import type { RequestBody } from '../plan.js';
import {
  assemble,
  checkSize,
  guarded,
  ImportError,
  isRecord,
  MAX_IMPORT_REQUESTS,
  nameFromPath,
  parseJson,
  ROOT,
  sanitizeName,
  type DraftRequest,
  type HttpMethod,
  type ImportResult,
} from './common.js';
import { hasDocumentedValue, RefResolver, sampleFromSchema } from './openapi-schema.js';
import { parseYaml, YamlError } from './yaml.js';

/**
 * An OpenAPI 3.0 / 3.1 document (JSON or YAML) as a draft plan: one request per operation,
 * in a weighted scenario. Path, query and header parameters are filled from their examples
 * or defaults (a typed stand-in, with a warning, when there is none); JSON bodies come from
 * their examples or are built from the schema; expected statuses are the documented 2xx.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Header parameters OpenAPI says are described elsewhere (and credentials, which belong on the target). */
const IGNORED_HEADER_PARAMS = new Set(['accept', 'content-type', 'authorization']);

function readDocument(text: string): unknown {
  if (/^\s*\{/.test(text)) return parseJson('openapi', text);
  try {
    return parseYaml(text);
  } catch (error) {
    if (error instanceof YamlError) throw new ImportError('openapi', error.line === null ? ROOT : `line ${error.line}`, error.problem);
    throw error;
  }
}

interface Context {
  resolver: RefResolver;
  warnings: string[];
  /** Base path of a relative server URL ("/v1"), put in front of every path. */
  prefix: string;
}

/** servers[0] with its variables' defaults: an absolute URL is the suggested base URL. */
function baseFromServers(doc: Record<string, unknown>, warnings: string[]): { baseUrl: string | null; prefix: string } {
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  const first = servers[0];
  if (!isRecord(first) || typeof first.url !== 'string') {
    warnings.push('The document names no server: choose the target the requests go to.');
    return { baseUrl: null, prefix: '' };
  }
  const variables = isRecord(first.variables) ? first.variables : {};
  const url = first.url.replace(/\{([^}]+)\}/g, (_all, name: string) => {
    const variable = variables[name];
    const value = isRecord(variable) ? (variable.default ?? (Array.isArray(variable.enum) ? variable.enum[0] : undefined)) : undefined;
    if (value === undefined) warnings.push(`servers[0].url: variable {${name}} has no default; left empty.`);
    return value === undefined ? '' : String(value);
  });
  if (servers.length > 1) warnings.push(`The document lists ${servers.length} servers; the suggested base URL is the first (${url}).`);
  if (/^https?:\/\//i.test(url)) {
    try {
      return { baseUrl: new URL(url).toString().replace(/\/+$/, ''), prefix: '' };
    } catch {
      warnings.push(`servers[0].url (${url}) is not a URL: choose the target the requests go to.`);
      return { baseUrl: null, prefix: '' };
    }
  }
  if (url.startsWith('/') || url === '') {
    const prefix = url.replace(/\/+$/, '');
    if (prefix) warnings.push(`servers[0].url is relative (${url}): paths start with it; choose the target's host.`);
    return { baseUrl: null, prefix };
  }
  warnings.push(`servers[0].url (${url}) is not an http(s) URL: choose the target the requests go to.`);
  return { baseUrl: null, prefix: '' };
}

/** A parameter value as text: arrays comma-separated (style form, explode false), objects as JSON. */
function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map(asText).join(',');
  if (isRecord(value)) return JSON.stringify(value);
  return value === null || value === undefined ? '' : String(value);
}

/** A parameter's example, default or, failing those, a stand-in of its type (documented: false). */
function parameterValue(param: Record<string, unknown>, ctx: Context, where: string): { value: string; documented: boolean } {
  if (param.example !== undefined) return { value: asText(param.example), documented: true };
  if (isRecord(param.examples)) {
    for (const [key, example] of Object.entries(param.examples)) {
      const resolved = ctx.resolver.resolve(example, `${where}.examples.${key}`);
      if (isRecord(resolved) && resolved.value !== undefined) return { value: asText(resolved.value), documented: true };
    }
  }
  let schema = param.schema;
  if (schema === undefined && isRecord(param.content)) {
    const media = ctx.resolver.resolve(Object.values(param.content)[0], `${where}.content`);
    if (isRecord(media) && media.example !== undefined) return { value: asText(media.example), documented: true };
    schema = isRecord(media) ? media.schema : undefined;
  }
  if (schema === undefined) return { value: 'string', documented: false };
  return { value: asText(sampleFromSchema(schema, ctx.resolver, `${where}.schema`)), documented: hasDocumentedValue(schema, ctx.resolver, `${where}.schema`) };
}

/** Path-level parameters, overridden by the operation's own of the same name and location. */
function parametersOf(item: Record<string, unknown>, op: Record<string, unknown>, ctx: Context, itemWhere: string, opWhere: string) {
  const merged = new Map<string, { param: Record<string, unknown>; where: string }>();
  for (const [list, where] of [
    [item.parameters, itemWhere],
    [op.parameters, opWhere],
  ] as const) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new ImportError('openapi', `${where}.parameters`, 'is not a list');
    list.forEach((raw, index) => {
      const at = `${where}.parameters[${index}]`;
      const param = ctx.resolver.resolve(raw, at);
      if (!isRecord(param) || typeof param.name !== 'string' || typeof param.in !== 'string')
        throw new ImportError('openapi', at, 'is not a parameter (needs name and in)');
      merged.set(`${param.in}:${param.name}`, { param, where: at });
    });
  }
  return [...merged.values()];
}

const isJsonType = (type: string) => /^application\/([\w.+-]*\+)?json\b/i.test(type) || type === '*/*';

function mediaExample(media: Record<string, unknown>, ctx: Context, where: string): { value: unknown } | null {
  if (media.example !== undefined) return { value: media.example };
  if (isRecord(media.examples)) {
    for (const [key, example] of Object.entries(media.examples)) {
      const resolved = ctx.resolver.resolve(example, `${where}.examples.${key}`);
      if (isRecord(resolved) && resolved.value !== undefined) return { value: resolved.value };
    }
  }
  return null;
}

function requestBodyOf(op: Record<string, unknown>, ctx: Context, opWhere: string, name: string): { body?: RequestBody; contentType?: string } {
  if (op.requestBody === undefined) return {};
  const where = `${opWhere}.requestBody`;
  const requestBody = ctx.resolver.resolve(op.requestBody, where);
  if (!isRecord(requestBody) || !isRecord(requestBody.content)) return {};
  const content = requestBody.content;
  const types = Object.keys(content);
  const pick = (test: (type: string) => boolean) => types.find((type) => test(type.toLowerCase()));
  const type = pick(isJsonType) ?? pick((t) => t.startsWith('application/x-www-form-urlencoded')) ?? pick((t) => t.startsWith('text/'));
  if (!type) {
    if (types.length) ctx.warnings.push(`${name}: no body generated for ${types.join(', ')}; add it by hand.`);
    return {};
  }
  const mediaWhere = `${where}.content.${type}`;
  const media = ctx.resolver.resolve(content[type], mediaWhere);
  if (!isRecord(media)) return {};
  const value = mediaExample(media, ctx, mediaWhere)?.value ?? sampleFromSchema(media.schema ?? {}, ctx.resolver, `${mediaWhere}.schema`);
  const lower = type.toLowerCase();
  if (isJsonType(lower))
    return { body: { type: 'json', json: value }, ...(lower.startsWith('application/json') || lower === '*/*' ? {} : { contentType: type }) };
  if (lower.startsWith('application/x-www-form-urlencoded')) {
    const fields = Object.fromEntries(Object.entries(isRecord(value) ? value : {}).map(([key, field]) => [key, asText(field)]));
    return { body: { type: 'form', fields } };
  }
  return { body: { type: 'text', text: typeof value === 'string' ? value : asText(value), contentType: type } };
}

/** Documented 2xx statuses ("2XX" and "default" say nothing precise: k6's default applies). */
function expectedStatuses(op: Record<string, unknown>): number[] {
  if (!isRecord(op.responses)) return [];
  return Object.keys(op.responses)
    .filter((code) => /^2\d\d$/.test(code))
    .map(Number)
    .slice(0, 50);
}

function operationRequest(
  path: string,
  method: HttpMethod,
  item: Record<string, unknown>,
  op: Record<string, unknown>,
  ctx: Context,
  itemWhere: string,
): DraftRequest {
  const opWhere = `${itemWhere}.${method.toLowerCase()}`;
  const name = typeof op.operationId === 'string' && op.operationId.trim() ? sanitizeName(op.operationId) : nameFromPath(method, path);
  let filled = ctx.prefix + path;
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const { param, where } of parametersOf(item, op, ctx, itemWhere, opWhere)) {
    const label = `${param.in} parameter ${String(param.name)}`;
    if (param.in === 'cookie') {
      if (param.required) ctx.warnings.push(`${name}: the ${label} is required; set a Cookie header on the target.`);
      continue;
    }
    if (param.in !== 'path' && !param.required) continue;
    if (param.in === 'header' && IGNORED_HEADER_PARAMS.has(String(param.name).toLowerCase())) continue;
    const { value, documented } = parameterValue(param, ctx, where);
    if (!documented) ctx.warnings.push(`${name}: the ${label} has no example or default; used "${value}".`);
    if (param.in === 'path') filled = filled.split(`{${String(param.name)}}`).join(encodeURIComponent(value));
    else if (param.in === 'query') query[String(param.name)] = value;
    else if (param.in === 'header') headers[String(param.name)] = value;
  }
  filled = filled.replace(/\{([^}/]*)\}/g, (_all, undeclared: string) => {
    ctx.warnings.push(`${name}: the path parameter {${undeclared}} is not declared; used "1".`);
    return '1';
  });
  const { body, contentType } = requestBodyOf(op, ctx, opWhere, name);
  if (contentType) headers['Content-Type'] = contentType;
  const statuses = expectedStatuses(op);
  return { name, method, path: filled, query, headers, ...(body ? { body } : {}), ...(statuses.length ? { expect: { status: statuses } } : {}) };
}

/** A warning naming the credentials the API declares, when operations require any. */
function securityWarning(doc: Record<string, unknown>, used: Set<string>): string | null {
  if (!used.size) return null;
  const schemes = isRecord(doc.components) && isRecord(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const described = [...used].sort().map((key) => {
    const scheme = schemes[key];
    if (!isRecord(scheme)) return key;
    if (scheme.type === 'http') return `${key}: HTTP ${String(scheme.scheme ?? '')} (Authorization header)`;
    if (scheme.type === 'apiKey') return `${key}: API key in ${String(scheme.in)} ${String(scheme.name)}`;
    return `${key}: ${String(scheme.type)}`;
  });
  return `The API requires credentials (${described.join('; ')}): set them on the target as headers or variables ({{vars.NAME}}); the draft sends none.`;
}

function readOpenApi(text: string): ImportResult {
  checkSize('openapi', text);
  const doc = readDocument(text);
  if (!isRecord(doc)) throw new ImportError('openapi', ROOT, 'is not an OpenAPI document (expected an object)');
  if (doc.swagger !== undefined)
    throw new ImportError('openapi', 'swagger', `is ${String(doc.swagger)}: only OpenAPI 3.0 and 3.1 are read; convert it to OpenAPI 3 first`);
  if (doc.openapi === undefined) throw new ImportError('openapi', 'openapi', 'is missing: this is not an OpenAPI 3 document');
  const version = String(doc.openapi);
  if (!/^3\.\d/.test(version)) throw new ImportError('openapi', 'openapi', `is ${version}: only OpenAPI 3.0 and 3.1 are read`);
  const warnings: string[] = [];
  if (!/^3\.[01](\.|$)/.test(version)) warnings.push(`OpenAPI ${version} was read as 3.1.`);
  if (!isRecord(doc.paths))
    throw new ImportError('openapi', 'paths', doc.paths === undefined ? 'is missing: the document has no operations' : 'is not an object');
  const server = baseFromServers(doc, warnings);
  const ctx: Context = { resolver: new RefResolver(doc), warnings, prefix: server.prefix };
  const requests: DraftRequest[] = [];
  const security = new Set<string>();
  const globalSecurity = Array.isArray(doc.security) ? doc.security : [];
  let changing = 0;
  let operations = 0;
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    const itemWhere = `paths.${path}`;
    if (!path.startsWith('/')) throw new ImportError('openapi', itemWhere, 'a path must start with "/"');
    const item = ctx.resolver.resolve(rawItem, itemWhere);
    if (!isRecord(item)) throw new ImportError('openapi', itemWhere, 'is not a path item (an object)');
    // Operations in the order the document lists them.
    for (const method of Object.keys(item).filter((key): key is (typeof METHODS)[number] => (METHODS as readonly string[]).includes(key))) {
      const op = item[method];
      if (!isRecord(op)) throw new ImportError('openapi', `${itemWhere}.${method}`, 'is not an operation (an object)');
      if (method === 'trace') {
        warnings.push(`Left out TRACE ${path}: plans do not send TRACE.`);
        continue;
      }
      const upper = method.toUpperCase() as HttpMethod;
      operations++;
      // Past the draft's limit operations are only counted (building them costs time for nothing).
      if (requests.length >= MAX_IMPORT_REQUESTS) continue;
      requests.push(operationRequest(path, upper, item, op, ctx, itemWhere));
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) changing++;
      const requirements = Array.isArray(op.security) ? op.security : globalSecurity;
      for (const requirement of requirements) if (isRecord(requirement)) Object.keys(requirement).forEach((key) => security.add(key));
    }
  }
  if (!requests.length) throw new ImportError('openapi', 'paths', 'has no operations');
  const credentials = securityWarning(doc, security);
  if (credentials) warnings.unshift(credentials);
  if (operations > requests.length) warnings.push(`The document has ${operations} operations; the draft keeps the first ${requests.length}.`);
  if (changing)
    warnings.push(
      `${changing} of ${requests.length} operations change data (POST, PUT, PATCH, DELETE) and are part of the weighted mix: review them before a run.`,
    );
  const info = isRecord(doc.info) ? doc.info : {};
  return assemble({
    format: 'openapi',
    name: typeof info.title === 'string' ? info.title : '',
    flow: 'weighted',
    requests,
    suggestedBaseUrl: server.baseUrl,
    warnings,
  });
}

/** Reads an OpenAPI 3 document; throws ImportError naming where it cannot. */
export const importOpenApi = guarded('openapi', readOpenApi);
