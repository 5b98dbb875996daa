import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../test/stack.js';
import { organizationWithEveryRole, type OrgPeople } from '../test/org-fixture.js';

/** The importers' own fixtures: a petstore description, a recorded shop flow, Chrome's "Copy all as cURL". */
const fixture = (name: string) => readFileSync(new URL(`../../../../packages/shared/src/import/fixtures/${name}`, import.meta.url), 'utf8');

describe('POST /plans/import: OpenAPI, HAR and curl to a draft plan', () => {
  let stack: TestStack;
  let people: OrgPeople;
  let targetId: string;

  beforeAll(async () => {
    stack = await startStack({ label: 'imports', runner: false });
    people = await organizationWithEveryRole(stack.api, 'imports');
    const target = await people.OWNER.client.post('/targets', { name: 'local shop', baseUrl: 'http://127.0.0.1:9' });
    expect(target.status).toBe(201);
    targetId = target.body.id;
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  /** Imports, checks nothing was saved, then saves the draft as is with POST /plans. */
  async function importAndSave(body: object) {
    const client = people.MEMBER.client;
    const before = (await client.get('/plans')).body.items.length;
    const imported = await client.post('/plans/import', body);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await client.get('/plans')).body.items.length).toBe(before);
    const { draft } = imported.body;
    const saved = await client.post('/plans', { name: draft.name, targetId, ...draft.spec });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.spec.scenarios).toEqual(draft.spec.scenarios);
    return { imported: imported.body, saved: saved.body };
  }

  it('imports an OpenAPI description (YAML) to a weighted draft that POST /plans accepts', async () => {
    const { imported, saved } = await importAndSave({ format: 'openapi', content: fixture('petstore.yaml') });
    expect(imported.draft.name).toBe('Swagger Petstore');
    expect(imported.suggestedBaseUrl).toBe('https://api.petstore.example.com/api/v3');
    expect(imported.draft.spec.thresholds).toEqual([]);
    expect(imported.warnings.some((warning: string) => warning.startsWith('The API requires credentials'))).toBe(true);
    const scenario = saved.spec.scenarios[0];
    expect(scenario).toMatchObject({ flow: 'weighted', load: { executor: 'constant-vus', vus: 5, duration: '1m' } });
    expect(scenario.requests.find((request: { name: string }) => request.name === 'getPetById')).toMatchObject({
      method: 'GET',
      path: '/pet/10',
      expect: { status: [200] },
    });
  });

  it('imports a HAR recording to a sequence draft with the most common origin as base URL', async () => {
    const { imported, saved } = await importAndSave({ format: 'har', content: fixture('shop-flow.har') });
    expect(imported.suggestedBaseUrl).toBe('https://shop.example.com');
    expect(saved.spec.scenarios[0].flow).toBe('sequence');
    expect(saved.spec.scenarios[0].requests.map((request: { path: string }) => request.path)).toEqual([
      '/',
      '/api/products',
      '/api/products/42',
      '/api/cart/items',
      '/api/cart',
      '/checkout',
      '/api/orders/latest',
    ]);
    expect(JSON.stringify(saved.spec)).not.toMatch(/session=|Bearer|sec-ch-ua/);
    expect(imported.warnings).toContain("Left out 1 request to https://www.google-analytics.com (the plan's target is https://shop.example.com).");
  });

  it('imports curl lines as Chrome copies them, with the name given', async () => {
    const { imported, saved } = await importAndSave({ format: 'curl', content: fixture('chrome-copy-all.sh'), name: 'Cart flow' });
    expect(saved.name).toBe('Cart flow');
    expect(imported.suggestedBaseUrl).toBe('https://shop.example.com');
    expect(saved.spec.scenarios[0].requests[1]).toMatchObject({
      method: 'POST',
      path: '/api/cart/items',
      body: { type: 'json', json: { productId: 42, quantity: 1 } },
    });
  });

  it('answers 400 IMPORT_INVALID naming where the document is broken', async () => {
    const client = people.MEMBER.client;
    const cases: [object, string, RegExp][] = [
      [
        {
          format: 'openapi',
          content: JSON.stringify({
            openapi: '3.0.3',
            info: { title: 'x', version: '1' },
            paths: { '/users/{id}': { get: { parameters: [{ $ref: '#/components/parameters/Nope' }], responses: {} } } },
          }),
        },
        'paths./users/{id}.get.parameters[0]',
        /\$ref #\/components\/parameters\/Nope not found/,
      ],
      [{ format: 'openapi', content: 'openapi: 3.0.0\ninfo:\n  title: "open\n' }, 'line 4', /missing closing "quote/],
      [
        {
          format: 'har',
          content: JSON.stringify({
            log: { entries: [{ request: { method: 'GET', url: 'https://a.test/' } }, { request: { method: 'GET', url: '/relative' } }] },
          }),
        },
        'log.entries[1].request.url',
        /is not a URL/,
      ],
      [{ format: 'curl', content: "curl https://a.test/x \\\n  -H 'accept: */*\n" }, 'line 2', /unterminated quote/],
      [{ format: 'har', content: fixture('petstore.yaml') }, '(root)', /not valid JSON/],
    ];
    for (const [body, path, message] of cases) {
      const response = await client.post('/plans/import', body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error.code).toBe('IMPORT_INVALID');
      expect(response.body.error.details).toEqual([{ path, message: expect.stringMatching(message) }]);
      expect(response.body.error.message).toMatch(message);
    }
  });

  it('is its own route (not plans/:id), for plan writers only, within the body size limit', async () => {
    const empty = await people.MEMBER.client.post('/plans/import', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('VALIDATION_FAILED');
    expect(empty.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['content', 'format']);
    const unknown = await people.MEMBER.client.post('/plans/import', { format: 'postman', content: '{}' });
    expect(unknown.body.error.details[0].path).toBe('format');

    const viewer = await people.VIEWER.client.post('/plans/import', { format: 'curl', content: 'curl https://a.test/' });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.code).toBe('FORBIDDEN');
    expect((await stack.api.post('/plans/import', { format: 'curl', content: 'curl https://a.test/' })).status).toBe(401);

    // This route takes bodies up to 6 MB (the rest of the API 2 MB); the importer refuses more than 5 MB of document.
    const lines = Array.from({ length: 3 }, (_, index) => `curl https://a.test/item${index} -d '${'x'.repeat(800_000)}'`).join('\n');
    const big = await people.MEMBER.client.post('/plans/import', { format: 'curl', content: lines });
    expect(big.status, JSON.stringify(big.body).slice(0, 300)).toBe(200);
    const tooBig = await people.MEMBER.client.post('/plans/import', { format: 'curl', content: `curl https://a.test/ -d '${'x'.repeat(5_300_000)}'` });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.details[0].path).toBe('content');
    const huge = await people.MEMBER.client.post('/plans/import', { format: 'curl', content: 'x'.repeat(6_500_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    // Elsewhere the 2 MB limit stands.
    const elsewhere = await people.MEMBER.client.post('/plans', { name: 'x'.repeat(2_200_000) });
    expect(elsewhere.status).toBe(413);
  });
});
