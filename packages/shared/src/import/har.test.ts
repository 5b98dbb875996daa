import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planSpecSchema, type HttpStep } from '../plan.js';
import { ImportError } from './common.js';
import { importHar } from './har.js';

const recorded = readFileSync(new URL('./fixtures/shop-flow.har', import.meta.url), 'utf8');

interface EntrySketch {
  method?: string;
  url: string;
  headers?: [string, string][];
  postData?: object;
  mimeType?: string;
  resourceType?: string;
  status?: number;
}
const har = (entries: EntrySketch[]) =>
  JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: entries.map((entry) => ({
        ...(entry.resourceType ? { _resourceType: entry.resourceType } : {}),
        request: {
          method: entry.method ?? 'GET',
          url: entry.url,
          headers: (entry.headers ?? []).map(([name, value]) => ({ name, value })),
          ...(entry.postData ? { postData: entry.postData } : {}),
        },
        response: { status: entry.status ?? 200, content: { mimeType: entry.mimeType ?? 'application/json' } },
      })),
    },
  });

function problem(text: string): string {
  try {
    importHar(text);
    return 'no error';
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return (error as Error).message;
  }
}

describe('importHar', () => {
  it('turns a recorded shop flow into a sequence of its API and page requests, in order', () => {
    const result = importHar(recorded);
    expect(planSpecSchema.safeParse(result.spec).success).toBe(true);
    expect(result.name).toBe('Trail Shop');
    expect(result.suggestedBaseUrl).toBe('https://shop.example.com');
    const scenario = result.spec.scenarios[0]!;
    expect(scenario.flow).toBe('sequence');
    const requests = scenario.requests as HttpStep[];
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /',
      'GET /api/products',
      'GET /api/products/42',
      'POST /api/cart/items',
      'GET /api/cart',
      'POST /checkout',
      'GET /api/orders/latest',
    ]);
    expect(requests[1]).toMatchObject({
      name: 'GET api.products',
      query: { category: 'shoes', page: '1', sort: 'price' },
      headers: { accept: 'application/json' },
    });
    expect(requests[3]).toMatchObject({
      body: { type: 'json', json: { productId: 42, quantity: 1 } },
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(requests[5]!.body).toEqual({ type: 'form', fields: { email: 'ann@example.com', shipping: 'standard', accept_terms: 'on' } });
  });

  it('reports what it dropped: credentials, browser noise, static assets, other origins, failed answers', () => {
    const { warnings, spec } = importHar(recorded);
    const headers = (spec.scenarios[0]!.requests as HttpStep[]).flatMap((request) => Object.keys(request.headers).map((name) => name.toLowerCase()));
    for (const dropped of ['cookie', 'authorization', 'x-csrf-token', 'user-agent', 'sec-ch-ua', ':authority', 'content-length', 'content-type', 'referer']) {
      expect(headers).not.toContain(dropped);
    }
    expect(warnings).toEqual([
      'Dropped credentials (authorization, cookie, x-csrf-token): set them on the target as headers, or as target variables used as {{vars.NAME}}.',
      expect.stringMatching(
        /^Dropped browser headers \(accept-language, cache-control, if-none-match, origin, priority, referer, sec-ch-ua, .*user-agent\)\.$/,
      ),
      'Dropped connection headers that k6 sets itself (:authority, :method, :path, :scheme, accept-encoding, content-length).',
      'Left out 4 static assets (scripts, styles, images, fonts).',
      "Left out 1 request to https://www.google-analytics.com (the plan's target is https://shop.example.com).",
      'log.entries[11] (GET /api/orders/latest) was answered 404 when recorded; it counts as an error unless you set its expected statuses.',
      expect.stringMatching(/^Requests are replayed in recorded order/),
    ]);
  });

  it('keeps static assets when nothing else was recorded, and skips CORS preflights', () => {
    const onlyAssets = importHar(
      har([
        { url: 'https://cdn.test/app.js', mimeType: 'application/javascript' },
        { url: 'https://cdn.test/logo.png', mimeType: 'image/png' },
      ]),
    );
    expect(onlyAssets.spec.scenarios[0]!.requests.map((request) => request.name)).toEqual(['GET app.js', 'GET logo.png']);
    const withPreflight = importHar(
      har([
        { method: 'OPTIONS', url: 'https://api.test/items', headers: [['Access-Control-Request-Method', 'POST']] },
        { method: 'POST', url: 'https://api.test/items', headers: [['Content-Type', 'text/plain']], postData: { mimeType: 'text/plain', text: 'hello' } },
      ]),
    );
    expect(withPreflight.spec.scenarios[0]!.requests).toEqual([
      expect.objectContaining({ method: 'POST', body: { type: 'text', text: 'hello', contentType: 'text/plain' }, headers: {} }),
    ]);
    expect(withPreflight.warnings).toContain('Left out 1 CORS preflight request (the browser sends them, not the app).');
  });

  it('keeps a query with repeated names in the path, and form params without text', () => {
    const result = importHar(
      har([
        { url: 'https://api.test/search?tag=a&tag=b' },
        {
          method: 'POST',
          url: 'https://api.test/upload',
          postData: {
            mimeType: 'multipart/form-data; boundary=x',
            params: [
              { name: 'title', value: 'Hi' },
              { name: 'file', fileName: 'a.png', value: '' },
            ],
          },
        },
      ]),
    );
    const [search, upload] = result.spec.scenarios[0]!.requests as HttpStep[];
    expect(search).toMatchObject({ path: '/search?tag=a&tag=b', query: {} });
    expect(upload!.body).toEqual({ type: 'form', fields: { title: 'Hi' } });
    expect(result.warnings).toEqual(
      expect.arrayContaining(['log.entries[1]: the uploaded files of its form are left out.', 'log.entries[1]: its multipart form is sent urlencoded.']),
    );
  });

  it('reads a file that starts with a byte-order mark, and refuses one nested too deeply for the stack', () => {
    expect(importHar('\uFEFF' + har([{ url: 'https://a.test/x' }])).suggestedBaseUrl).toBe('https://a.test');
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(problem(har([{ method: 'POST', url: 'https://a.test/x', postData: { mimeType: 'application/json', text: deep } }]))).toBe(
      'HAR: the document is nested too deeply to import',
    );
  });

  it('keeps the first 200 of a long recording', () => {
    const result = importHar(har(Array.from({ length: 250 }, (_, i) => ({ url: `https://api.test/items/${i}` }))));
    expect(result.spec.scenarios[0]!.requests).toHaveLength(200);
    expect(result.warnings).toContain('The document has 250 requests; the draft keeps the first 200.');
  });

  it('names where a recording is broken', () => {
    expect(problem(har([{ url: 'https://a.test/' }, { url: 'https://a.test/' }, { url: 'https://a.test/' }, { url: 'not a url' }]))).toBe(
      'HAR: log.entries[3].request.url: is not a URL',
    );
    expect(problem('{"log": {"entries": [{"request": {"url": "https://a.test/", "method": "GET", "headers": {}}}]}}')).toBe(
      'HAR: log.entries[0].request.headers: is not a list',
    );
    expect(problem('{"log": {}}')).toBe('HAR: log.entries: is missing or not a list');
    expect(problem('{"openapi": "3.0.0"}')).toBe('HAR: log: is missing: this is not a HAR file');
    expect(problem('<html>')).toMatch(/^HAR: the document is not valid JSON/);
    expect(problem(har([{ method: 'OPTIONS', url: 'https://a.test/', headers: [['access-control-request-method', 'GET']] }]))).toBe(
      'HAR: log.entries: has only CORS preflight requests',
    );
  });
});
