import { describe, expect, it } from 'vitest';
import { redactPath, redactQuery, redactUrlAttributes } from './redact.js';

describe('what of a URL may go into a span', () => {
  it('keeps plain words and API versions of a path, and replaces ids and tokens', () => {
    expect(redactPath('/api/v1/public/reports/Zx8_kP2mQ9vT4rW7yB1nC5dF3gH6jL0a')).toBe('/api/v1/public/reports/:redacted');
    expect(redactPath('/api/v1/runs/cmwx3vq0u0008da7dpd54pyxu/share-links?x=1')).toBe('/api/v1/runs/:redacted/share-links');
    expect(redactPath('/assets/index-4f2a.js')).toBe('/assets/:redacted');
    expect(redactPath('/')).toBe('/');
  });

  it('keeps only the names of query parameters', () => {
    expect(redactQuery('token=abc&page=2')).toBe('token=REDACTED&page=REDACTED');
    expect(redactQuery('?a%20b=1')).toBe('param=REDACTED');
  });

  it('puts the route template in place of the raw path when the route is known', () => {
    const token = 'Zx8_kP2mQ9vT4rW7yB1nC5dF3gH6jL0a';
    const replaced = redactUrlAttributes({
      'http.route': '/api/v1/public/reports/:token',
      'url.path': `/api/v1/public/reports/${token}`,
      'url.full': `http://user:pass@127.0.0.1:8080/api/v1/public/reports/${token}?token=${token}`,
      'http.target': `/api/v1/public/reports/${token}`,
      'url.query': `token=${token}`,
      'http.response.status_code': 200,
    });
    expect(replaced).toEqual({
      'url.path': '/api/v1/public/reports/:token',
      'url.full': 'http://127.0.0.1:8080/api/v1/public/reports/:token',
      'http.target': '/api/v1/public/reports/:token',
      'url.query': 'token=REDACTED',
    });
    expect(JSON.stringify(replaced)).not.toContain(token);
    expect(redactUrlAttributes({ 'url.path': `/share/${token}` })).toEqual({ 'url.path': '/share/:redacted' });
    expect(redactUrlAttributes({ 'db.query.text': 'SELECT 1' })).toEqual({});
  });
});
