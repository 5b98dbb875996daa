import { ImportError, isRecord } from './common.js';

/**
 * Local $ref resolution and example values built from JSON schemas, for the OpenAPI importer.
 * Only references inside the document (#/components/...) are read; cycles and runaway
 * schemas are bounded (a recursive property is left out, generation stops at a depth and a
 * size).
 */

const MAX_DEPTH = 8;
const MAX_NODES = 2_000;

export class RefResolver {
  constructor(private readonly root: unknown) {}

  /** The node a JSON pointer names, or an ImportError at `where`. */
  lookup(ref: string, where: string): unknown {
    if (!ref.startsWith('#')) throw new ImportError('openapi', where, `$ref ${ref} is not in this document (only local #/... references are read)`);
    let node = this.root;
    for (const raw of ref.slice(1).split('/').slice(1)) {
      let key = raw;
      try {
        key = decodeURIComponent(raw);
      } catch {
        // Not percent-encoded: read as written.
      }
      key = key.replaceAll('~1', '/').replaceAll('~0', '~');
      if (!(isRecord(node) || Array.isArray(node)) || !Object.hasOwn(node, key)) throw new ImportError('openapi', where, `$ref ${ref} not found`);
      node = (node as Record<string, unknown>)[key];
    }
    return node;
  }

  /** Follows a chain of $refs to the object they end on. */
  resolve(node: unknown, where: string): unknown {
    const seen = new Set<string>();
    let current = node;
    while (isRecord(current) && typeof current.$ref === 'string') {
      if (seen.has(current.$ref)) throw new ImportError('openapi', where, `$ref ${current.$ref} refers back to itself`);
      seen.add(current.$ref);
      current = this.lookup(current.$ref, where);
    }
    return current;
  }
}

/** A value a schema documents for itself: example, examples[0], const, default, first enum value. */
export function documentedValue(schema: Record<string, unknown>): { value: unknown } | null {
  if (schema.example !== undefined) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length) return { value: schema.examples[0] };
  if (schema.const !== undefined) return { value: schema.const };
  if (schema.default !== undefined) return { value: schema.default };
  if (Array.isArray(schema.enum) && schema.enum.length) return { value: schema.enum.find((value) => value !== null) ?? schema.enum[0] };
  return null;
}

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '12:00:00',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': '/example',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'c3RyaW5n',
  binary: 'string',
  password: 'password',
  duration: 'PT1M',
};

function typeOf(schema: Record<string, unknown>): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  if (typeof type === 'string') return type;
  if (isRecord(schema.properties) || isRecord(schema.additionalProperties)) return 'object';
  if (schema.items !== undefined) return 'array';
  if (typeof schema.format === 'string') return schema.format in STRING_FORMATS ? 'string' : undefined;
  return undefined;
}

function numberIn(schema: Record<string, unknown>, integer: boolean): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.exclusiveMinimum === true ? minimum : undefined;
  let value = exclusive !== undefined ? exclusive + 1 : (minimum ?? 1);
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  return integer ? Math.ceil(value) : value;
}

function stringIn(schema: Record<string, unknown>): string {
  let text = (typeof schema.format === 'string' ? STRING_FORMATS[schema.format] : undefined) ?? 'string';
  if (typeof schema.minLength === 'number' && text.length < schema.minLength) text = text.padEnd(Math.min(schema.minLength, 10_000), 'x');
  if (typeof schema.maxLength === 'number' && text.length > schema.maxLength) text = text.slice(0, Math.max(schema.maxLength, 0));
  return text;
}

/** Left out of its parent (a recursive or impossible property). */
const OMIT = Symbol('omit');

interface SampleState {
  resolver: RefResolver;
  where: string;
  nodes: number;
}

function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function build(schema: unknown, state: SampleState, depth: number, refs: string[]): unknown {
  if (++state.nodes > MAX_NODES) return OMIT;
  if (isRecord(schema) && typeof schema.$ref === 'string') {
    // A schema that contains itself: the property is left out where it recurs.
    if (refs.includes(schema.$ref)) return OMIT;
    return build(state.resolver.lookup(schema.$ref, state.where), state, depth, [...refs, schema.$ref]);
  }
  if (schema === false) return OMIT;
  if (!isRecord(schema)) return null;
  const documented = documentedValue(schema);
  if (documented) return structuredClone(documented.value);
  if (depth > MAX_DEPTH) return OMIT;
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    const { allOf, ...own } = schema;
    const parts = [...allOf, ...(Object.keys(own).length ? [own] : [])].map((part) => build(part, state, depth, refs)).filter((part) => part !== OMIT);
    const objects = parts.filter(isRecord);
    if (objects.length) return Object.assign({}, ...objects);
    return parts[0] ?? OMIT;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length) {
      const { [key]: _options, ...own } = schema;
      const choice = options.find((option) => !(isRecord(option) && option.type === 'null')) ?? options[0];
      const picked = build(choice, state, depth, refs);
      const base = Object.keys(own).length ? build(own, state, depth, refs) : undefined;
      return isRecord(picked) && isRecord(base) ? { ...base, ...picked } : picked;
    }
  }
  switch (typeOf(schema)) {
    case 'object': {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
      // Required properties; when none are marked, all of them (an empty object says little).
      const keys = required.length ? required : Object.keys(properties);
      const result: Record<string, unknown> = {};
      for (const key of keys) {
        const property = properties[key] ?? {};
        const resolved =
          isRecord(property) && typeof property.$ref === 'string' && !refs.includes(property.$ref) ? state.resolver.resolve(property, state.where) : property;
        // Read-only properties are what the server sends back, never part of a request.
        if (isRecord(resolved) && resolved.readOnly === true) continue;
        const value = build(property, state, depth + 1, refs);
        if (value !== OMIT) setKey(result, key, value);
      }
      return result;
    }
    case 'array': {
      const item = build(schema.items ?? {}, state, depth + 1, refs);
      return item === OMIT ? [] : [item];
    }
    case 'string':
      return stringIn(schema);
    case 'integer':
      return numberIn(schema, true);
    case 'number':
      return numberIn(schema, false);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** An example value for a schema: its own examples first, else built from types, enums and formats. */
export function sampleFromSchema(schema: unknown, resolver: RefResolver, where: string): unknown {
  const value = build(schema, { resolver, where, nodes: 0 }, 0, []);
  return value === OMIT ? null : value;
}

/** Whether the schema (or what it refers to) documents a value of its own. */
export function hasDocumentedValue(schema: unknown, resolver: RefResolver, where: string): boolean {
  const resolved = resolver.resolve(schema, where);
  return isRecord(resolved) && documentedValue(resolved) !== null;
}
