import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../test/stack.js';
import type { ApiClient } from '../../test/api-client.js';
import { MAX_JSON_DEPTH, inputProblem } from './input-guard.js';

describe('input refused at the edge: NUL characters and over-deep JSON', () => {
  it('finds a NUL in values and keys, and nesting past the limit, naming where', () => {
    expect(inputProblem({ name: 'ok', tags: ['a', 'b\u0000'] })).toEqual({ path: 'tags.1', message: 'contains a NUL character (\\u0000)' });
    expect(inputProblem({ ['x\u0000']: 1 })).toMatchObject({ path: 'x\u0000', message: expect.stringContaining('name with a NUL') });
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH; i++) deep = { a: deep };
    expect(inputProblem(deep)).toBeNull();
    expect(inputProblem({ a: deep })).toMatchObject({ message: `is nested more than ${MAX_JSON_DEPTH} levels deep` });
  });

  let stack: TestStack;
  let client: ApiClient;
  beforeAll(async () => {
    stack = await startStack({ label: 'inputguard', runner: false });
    client = (await stack.api.signup('inputguard')).client;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 400 with the error envelope, and stores nothing', async () => {
    const nul = await client.post('/targets', { name: 'svc\u0000', baseUrl: 'http://127.0.0.1:9/' });
    expect(nul.status).toBe(400);
    expect(nul.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invalid request body: name contains a NUL character (\\u0000)',
      details: [{ path: 'name', message: 'contains a NUL character (\\u0000)' }],
    });

    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    // A string body is sent as it is.
    const nested = await client.post('/targets', deep);
    expect(nested.status).toBe(400);
    expect(nested.body.error.message).toContain(`nested more than ${MAX_JSON_DEPTH} levels deep`);

    const query = await client.get('/runs?planId=%00');
    expect(query.status).toBe(400);
    expect(query.body.error.code).toBe('VALIDATION_FAILED');
    const inPath = await client.get('/targets/abc%00def');
    expect(inPath.status).toBe(400);
    expect(inPath.body.error.message).toContain('NUL');

    expect((await client.get('/targets')).body.items).toEqual([]);
  });

  it('tells search engines not to index shared reports, from the server', async () => {
    for (const path of ['/r/some-token', '/api/v1/public/reports/some-token']) {
      const response = await fetch(`${stack.baseUrl}${path}`);
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex, nofollow, noarchive');
    }
    expect((await fetch(`${stack.api.base}/health`)).headers.get('x-robots-tag')).toBeNull();
  });
});
