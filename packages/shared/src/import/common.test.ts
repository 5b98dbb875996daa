import { describe, expect, it } from 'vitest';
import { planSpecSchema } from '../plan.js';
import {
  assemble,
  bodyFromText,
  checkSize,
  classifyHeader,
  ImportError,
  MAX_IMPORT_BYTES,
  nameFromPath,
  pathAndQuery,
  sanitizeName,
  uniqueNames,
  type DraftRequest,
} from './common.js';
import { importPlan, importPlanSchema } from './index.js';

const request = (overrides: Partial<DraftRequest> = {}): DraftRequest => ({
  name: 'GET items',
  method: 'GET',
  path: '/items',
  query: {},
  headers: {},
  ...overrides,
});

describe('import helpers', () => {
  it('makes request names that plans accept, unique in order', () => {
    expect(nameFromPath('GET', '/users/{id}/orders')).toBe('GET users.:id.orders');
    expect(nameFromPath('GET', '/')).toBe('GET root');
    expect(sanitizeName('list pets (v2)/all')).toBe('list pets _v2_all');
    expect(sanitizeName('???')).toBe('request');
    expect(sanitizeName('x'.repeat(150))).toHaveLength(100);
    expect(uniqueNames(['a', 'a', 'b', 'a'])).toEqual(['a', 'a 2', 'b', 'a 3']);
    expect(uniqueNames(['y'.repeat(100), 'y'.repeat(100)])[1]).toMatch(/^y{98} 2$/);
  });

  it('keeps what a request needs and drops credentials, browser and connection headers', () => {
    expect(classifyHeader('Accept', 'application/json')).toBe('keep');
    expect(classifyHeader('X-Tenant', 'acme')).toBe('keep');
    expect(classifyHeader('Authorization', 'Bearer x')).toBe('credential');
    expect(classifyHeader('Cookie', 'a=b')).toBe('credential');
    expect(classifyHeader(':authority', 'x')).toBe('transport');
    expect(classifyHeader('Content-Length', '3')).toBe('transport');
    expect(classifyHeader('sec-ch-ua-mobile', '?0')).toBe('browser');
    expect(classifyHeader('User-Agent', 'Mozilla/5.0 (X11)')).toBe('browser');
    expect(classifyHeader('User-Agent', 'my-cli/1.2')).toBe('keep');
    expect(classifyHeader('content-type', 'application/json')).toBe('content-type');
  });

  it('reads bodies by content type', () => {
    expect(bodyFromText('{"a":1}', 'application/json; charset=utf-8')).toEqual({ type: 'json', json: { a: 1 } });
    expect(bodyFromText('{"a":1}', 'application/vnd.api+json')).toEqual({ type: 'json', json: { a: 1 } });
    expect(bodyFromText('{oops', 'application/json')).toEqual({ type: 'text', text: '{oops', contentType: 'application/json' });
    expect(bodyFromText('a=1&b=x%20y', 'application/x-www-form-urlencoded')).toEqual({ type: 'form', fields: { a: '1', b: 'x y' } });
    // Repeated names cannot be a record: sent as recorded.
    expect(bodyFromText('a=1&a=2', 'application/x-www-form-urlencoded')).toEqual({
      type: 'text',
      text: 'a=1&a=2',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(bodyFromText('<x/>', 'application/xml')).toEqual({ type: 'text', text: '<x/>', contentType: 'application/xml' });
  });

  it('keeps a query with repeated names in the path', () => {
    expect(pathAndQuery(new URL('https://x.test/a?b=1&c=%20'))).toEqual({ path: '/a', query: { b: '1', c: ' ' } });
    expect(pathAndQuery(new URL('https://x.test/a?b=1&b=2'))).toEqual({ path: '/a?b=1&b=2', query: {} });
  });

  it('assembles a valid spec: default load, no thresholds, at most 200 requests, unusable requests left out', () => {
    const many = Array.from({ length: 230 }, (_, i) => request({ name: 'GET items', path: `/items/${i}` }));
    const result = assemble({ format: 'har', name: ' Flow ', flow: 'sequence', requests: many, suggestedBaseUrl: 'https://x.test', warnings: [] });
    expect(planSpecSchema.safeParse(result.spec).success).toBe(true);
    const scenario = result.spec.scenarios[0]!;
    expect(scenario.load).toEqual({ executor: 'constant-vus', vus: 5, duration: '1m' });
    expect(scenario.flow).toBe('sequence');
    expect(result.spec.thresholds).toEqual([]);
    expect(scenario.requests).toHaveLength(200);
    expect(scenario.requests.map((step) => step.name).slice(0, 3)).toEqual(['GET items', 'GET items 2', 'GET items 3']);
    expect(result.name).toBe('Flow');
    expect(result.warnings).toContain('The document has 230 requests; the draft keeps the first 200.');

    const mixed = assemble({
      format: 'curl',
      name: '',
      flow: 'sequence',
      requests: [
        request(),
        request({ name: 'long', path: '/' + 'x'.repeat(3000) }),
        request({ name: 'templ', path: '/a/{{token}}' }),
        request({ name: 'var', path: '/a/{{vars.ID}}' }),
      ],
      suggestedBaseUrl: null,
      warnings: [],
    });
    expect(mixed.spec.scenarios[0]!.requests.map((step) => step.name)).toEqual(['GET items', 'var']);
    expect(mixed.warnings[0]).toMatch(/^Left out long: path: /);
    expect(mixed.warnings[1]).toBe('Left out templ: it contains {{token}}, which a plan reads as a captured value.');
    expect(mixed.name).toBe('curl import');
  });

  it('says what and where when a document cannot be read', () => {
    expect(new ImportError('har', 'log.entries[3].request.url', 'is not a URL').message).toBe('HAR: log.entries[3].request.url: is not a URL');
    expect(new ImportError('curl', '(root)', 'is empty').message).toBe('curl: the document is empty');
    expect(() => checkSize('openapi', '  \n')).toThrow('OpenAPI: the document is empty');
    expect(() => checkSize('openapi', 'é'.repeat(MAX_IMPORT_BYTES / 2 + 1))).toThrow(/at most 5 MB/);
    expect(() => assemble({ format: 'har', name: '', flow: 'sequence', requests: [], suggestedBaseUrl: null, warnings: [] })).toThrow(
      'HAR: the document has no requests to import',
    );
  });

  it('validates the import request and dispatches by format, the name given winning', () => {
    expect(importPlanSchema.safeParse({ format: 'postman', content: 'x' }).success).toBe(false);
    expect(importPlanSchema.safeParse({ format: 'curl', content: '' }).success).toBe(false);
    const imported = importPlan(importPlanSchema.parse({ format: 'curl', content: 'curl https://api.test/v1/ping', name: 'Ping' }));
    expect(imported.draft.name).toBe('Ping');
    expect(imported.suggestedBaseUrl).toBe('https://api.test');
    expect(imported.draft.spec.scenarios[0]!.requests[0]).toMatchObject({ name: 'GET v1.ping', path: '/v1/ping' });
  });
});
