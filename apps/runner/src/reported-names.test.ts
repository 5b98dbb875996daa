import { describe, expect, it } from 'vitest';
import { emptyHistogram, secondSampleSchema } from '@loadline/shared';
import { MAX_NAMES, OTHER_NAME, ReportedNames, SecretRedactor, requestNameOf } from './reported-names.js';

describe('SecretRedactor', () => {
  const redactor = new SecretRedactor(['Bearer tok-3f9a8c7d', 'hunter2-variable', 'ab']);

  it('replaces a value as it is, percent-encoded and in base64, and the long words inside it', () => {
    expect(redactor.redact('x Bearer tok-3f9a8c7d y')).toBe('x <secret> y');
    expect(redactor.redact('/p/tok-3f9a8c7d')).toBe('/p/<secret>');
    expect(redactor.redact(`q=${encodeURIComponent('Bearer tok-3f9a8c7d')}`)).toBe('q=<secret>');
    expect(redactor.redact(Buffer.from('hunter2-variable').toString('base64'))).toBe('<secret>');
    expect(redactor.redact(Buffer.from('hunter2-variable').toString('base64').replace(/=+$/, ''))).toBe('<secret>');
  });

  it('leaves values too short to be secrets alone', () => {
    expect(redactor.redact('ab cd Bearer')).toBe('ab cd Bearer');
  });
});

describe('requestNameOf', () => {
  it('drops the query, fragment and user info of a URL name, and keeps other names', () => {
    expect(requestNameOf('https://user:pw@api.example.test:8443/v1/items?token=x#frag')).toBe('https://api.example.test:8443/v1/items');
    expect(requestNameOf('GetItem?x')).toBe('GetItem?x');
  });
});

describe('ReportedNames', () => {
  const second = (names: string[]) =>
    secondSampleSchema.parse({
      v: 1,
      t: 1_700_000_000,
      requests: names.map((name) => ({ name, method: 'GET', status: 200, expected: true, count: 1, latency: emptyHistogram() })),
      checks: [{ name: 'body has hunter2-variable', passes: 1, fails: 0 }],
      customMetrics: [{ name: 'leak_hunter2-variable', type: 'counter', contains: 'default', sum: 1 }],
    });

  it('cleans request, check and metric names of a second', () => {
    const names = new ReportedNames(new SecretRedactor(['hunter2-variable']));
    const clean = names.sample(second(['http://127.0.0.1:1/a?v=hunter2-variable', 'named hunter2-variable']));
    expect(clean.requests.map((request) => request.name)).toEqual(['http://127.0.0.1:1/a', 'named <secret>']);
    expect(clean.checks[0]!.name).toBe('body has <secret>');
    expect(clean.customMetrics![0]!.name).toBe('leak_<secret>');
    expect(JSON.stringify(clean)).not.toContain('hunter2');
  });

  it(`keeps ${MAX_NAMES} distinct names of a kind and counts the rest as one`, () => {
    const names = new ReportedNames(new SecretRedactor([]));
    const many = Array.from({ length: MAX_NAMES + 5 }, (_, index) => `http://127.0.0.1:1/item/${index}`);
    const clean = names.sample(second(many));
    expect(new Set(clean.requests.map((request) => request.name)).size).toBe(MAX_NAMES + 1);
    expect(clean.requests.at(-1)!.name).toBe(OTHER_NAME);
    expect(names.folded.request).toBe(5);
    // A name seen before the cap keeps its own row later on.
    expect(names.name('request', many[0]!)).toBe(many[0]);
  });
});
