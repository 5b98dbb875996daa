import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planSpecSchema, type HttpStep } from '../plan.js';
import { ImportError } from './common.js';
import { importOpenApi } from './openapi.js';

const petstore = readFileSync(new URL('./fixtures/petstore.yaml', import.meta.url), 'utf8');

const steps = (text: string) => importOpenApi(text).spec.scenarios[0]!.requests as HttpStep[];
const step = (text: string, name: string) => steps(text).find((candidate) => candidate.name === name)!;

/** The ImportError message for a document, or 'no error'. */
function problem(text: string): string {
  try {
    importOpenApi(text);
    return 'no error';
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return (error as Error).message;
  }
}

const doc = (paths: object, extra: object = {}) => JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths, ...extra });

describe('importOpenApi', () => {
  it('reads the petstore (YAML, 3.0): one request per operation in document order, weighted, valid', () => {
    const result = importOpenApi(petstore);
    expect(planSpecSchema.safeParse(result.spec).success).toBe(true);
    expect(result.name).toBe('Swagger Petstore');
    expect(result.suggestedBaseUrl).toBe('https://api.petstore.example.com/api/v3');
    const scenario = result.spec.scenarios[0]!;
    expect(scenario.flow).toBe('weighted');
    expect(scenario.load).toEqual({ executor: 'constant-vus', vus: 5, duration: '1m' });
    expect(scenario.requests.map((request) => `${(request as HttpStep).method} ${request.name}`)).toEqual([
      'POST addPet',
      'PUT updatePet',
      'GET findPetsByStatus',
      'GET getPetById',
      'POST updatePetWithForm',
      'DELETE deletePet',
      'POST uploadFile',
      'POST placeOrder',
      'GET getOrderById',
      'GET GET store.inventory',
    ]);
  });

  it('fills parameters from examples and defaults, and says where it had to guess', () => {
    const result = importOpenApi(petstore);
    expect(step(petstore, 'getPetById').path).toBe('/pet/10');
    expect(step(petstore, 'findPetsByStatus').query).toEqual({ status: 'available', limit: '1' });
    expect(step(petstore, 'uploadFile')).toMatchObject({ path: '/pet/1/uploadImage', query: {} });
    expect(step(petstore, 'placeOrder').headers).toEqual({ 'X-Request-Id': '3fa85f64-5717-4562-b3fc-2c963f66afa6' });
    expect(step(petstore, 'deletePet').headers).toEqual({});
    expect(result.warnings).toEqual(
      expect.arrayContaining([
        'findPetsByStatus: the query parameter limit has no example or default; used "1".',
        'uploadFile: the path parameter petId has no example or default; used "1".',
        'uploadFile: no body generated for application/octet-stream; add it by hand.',
        'getOrderById: the path parameter orderId has no example or default; used "1".',
      ]),
    );
    expect(result.warnings[0]).toBe(
      'The API requires credentials (api_key: API key in header api_key; petstore_auth: oauth2): set them on the target as headers or variables ({{vars.NAME}}); the draft sends none.',
    );
    expect(result.warnings.at(-1)).toMatch(/^6 of 10 operations change data/);
  });

  it('takes bodies from examples, or builds them from the schema (required properties, formats, enums; no read-only)', () => {
    expect(step(petstore, 'updatePet').body).toEqual({
      type: 'json',
      json: { id: 10, name: 'doggie', category: { id: 1, name: 'Dogs' }, photoUrls: ['https://example.com/doggie.jpg'], status: 'available' },
    });
    expect(step(petstore, 'addPet').body).toEqual({
      type: 'json',
      json: { name: 'doggie', photoUrls: ['https://example.com/'], category: { name: 'Dogs' }, tags: [{ id: 1, name: 'string' }] },
    });
    expect(step(petstore, 'placeOrder').body).toEqual({ type: 'json', json: { petId: 10, quantity: 1, status: 'placed' } });
    expect(step(petstore, 'updatePetWithForm').body).toEqual({ type: 'form', fields: { name: 'doggie', status: 'available' } });
  });

  it('expects the documented 2xx statuses (none for 2XX)', () => {
    expect(step(petstore, 'placeOrder').expect).toEqual({ status: [200, 201] });
    expect(step(petstore, 'deletePet').expect).toEqual({ status: [204] });
    expect(step(petstore, 'GET store.inventory').expect).toBeUndefined();
  });

  it('reads 3.1 JSON: type arrays, allOf/oneOf, recursive schemas, relative servers, vendor JSON types', () => {
    const text = doc(
      {
        '/nodes/{nodeId}': {
          patch: {
            parameters: [{ name: 'nodeId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
            requestBody: { content: { 'application/merge-patch+json': { schema: { $ref: '#/components/schemas/Node' } } } },
            responses: { '200': { description: 'ok' } },
          },
        },
        '/search': {
          get: {
            parameters: [{ name: 'tags', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' } }, example: ['a', 'b'] }],
            responses: {},
          },
        },
      },
      {
        servers: [{ url: '/api/v2/' }],
        components: {
          schemas: {
            Named: { type: 'object', required: ['name'], properties: { name: { type: ['string', 'null'], minLength: 8 } } },
            Node: {
              allOf: [{ $ref: '#/components/schemas/Named' }],
              type: 'object',
              required: ['child', 'size', 'kind'],
              properties: {
                child: { $ref: '#/components/schemas/Node' },
                size: { type: 'number', exclusiveMinimum: 0 },
                kind: { oneOf: [{ type: 'null' }, { type: 'string', const: 'leaf' }] },
              },
            },
          },
        },
      },
    );
    const result = importOpenApi(text);
    expect(result.suggestedBaseUrl).toBeNull();
    expect(result.warnings).toContain("servers[0].url is relative (/api/v2/): paths start with it; choose the target's host.");
    const [patch, search] = result.spec.scenarios[0]!.requests as HttpStep[];
    expect(patch).toMatchObject({
      name: 'PATCH nodes.:nodeId',
      path: '/api/v2/nodes/3fa85f64-5717-4562-b3fc-2c963f66afa6',
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    // The recursive child is left out where it recurs.
    expect(patch!.body).toEqual({ type: 'json', json: { name: 'stringxx', size: 1, kind: 'leaf' } });
    expect(search).toMatchObject({ path: '/api/v2/search', query: { tags: 'a,b' } });
  });

  it('names where a document is broken', () => {
    expect(
      problem(doc({ '/users/{id}': { get: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } } } } })),
    ).toBe('OpenAPI: paths./users/{id}.get.requestBody.content.application/json.schema: $ref #/components/schemas/Nope not found');
    expect(problem(doc({ '/users/{id}': { get: { parameters: [{ $ref: '#/components/parameters/Id' }] } } }))).toBe(
      'OpenAPI: paths./users/{id}.get.parameters[0]: $ref #/components/parameters/Id not found',
    );
    expect(problem(doc({ '/a': { get: { parameters: [{ $ref: 'other.yaml#/Id' }] } } }))).toMatch(/is not in this document/);
    expect(problem(doc({ '/a': { $ref: '#/paths/~1a' } }))).toBe('OpenAPI: paths./a: $ref #/paths/~1a refers back to itself');
    expect(problem(JSON.stringify({ swagger: '2.0', paths: {} }))).toMatch(/^OpenAPI: swagger: is 2.0: only OpenAPI 3.0 and 3.1 are read/);
    expect(problem(JSON.stringify({ info: {} }))).toBe('OpenAPI: openapi: is missing: this is not an OpenAPI 3 document');
    expect(problem(doc({}))).toBe('OpenAPI: paths: has no operations');
    expect(problem('{"openapi": "3.0.0",')).toMatch(/^OpenAPI: the document is not valid JSON/);
    expect(problem('openapi: 3.0.0\npaths:\n  /a:\n    get: {responses: [}\n')).toMatch(/^OpenAPI: line 4: /);
    expect(problem('openapi: 3.0.0\npaths:\n  /a:\n    get:\n      summary: "open\n')).toMatch(/^OpenAPI: line [56]: missing closing "quote/);
    expect(problem(doc({ a: { get: {} } }))).toBe('OpenAPI: paths.a: a path must start with "/"');
  });

  it('builds only the first 200 operations and says how many there were', () => {
    const paths = Object.fromEntries(
      Array.from({ length: 250 }, (_, i) => [`/items/${i}`, { get: { operationId: `item${i}`, responses: { '200': { description: 'ok' } } } }]),
    );
    const result = importOpenApi(doc(paths));
    expect(result.spec.scenarios[0]!.requests).toHaveLength(200);
    expect(result.spec.scenarios[0]!.requests.at(-1)!.name).toBe('item199');
    expect(result.warnings).toContain('The document has 250 operations; the draft keeps the first 200.');
  });

  it('survives schemas that would blow up', () => {
    // L0 has 20 properties of L1, which has 20 of L2, ...: 20^6 values unless generation stops.
    const level = (i: number) => ({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 20 }, (_, p) => [`p${p}`, i < 6 ? { $ref: `#/components/schemas/L${i + 1}` } : { type: 'string' }])),
    });
    const schemas = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`L${i}`, level(i)]));
    const text = doc(
      { '/w': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } } } } },
      { components: { schemas } },
    );
    const body = step(text, 'POST w').body;
    expect(body?.type).toBe('json');
    expect(JSON.stringify(body).length).toBeLessThan(200_000);
  });
});
