import { describe, expect, it } from 'vitest';
import { createMetricSourceSchema, seriesSelectorSchema } from './source.js';

describe('metric source contracts', () => {
  it('takes a metric name with or without matchers, and says when the matchers are not closed', () => {
    expect(seriesSelectorSchema.safeParse('http_requests_total').success).toBe(true);
    expect(seriesSelectorSchema.safeParse('http_requests_total{code=~"5..",route!="/metrics"}').success).toBe(true);
    const open = seriesSelectorSchema.safeParse('http_requests_total{code="500"');
    expect(open.error?.issues.map((issue) => issue.message)).toEqual(['matchers end with "}"']);
    expect(seriesSelectorSchema.safeParse('9lives').success).toBe(false);
  });

  it('defaults a scrape source to the process preset and refuses credentials in its URL', () => {
    expect(createMetricSourceSchema.parse({ kind: 'scrape', name: 'api', url: 'http://127.0.0.1:9100/metrics' })).toMatchObject({
      presets: ['process'],
      selectors: [],
    });
    const withUser = createMetricSourceSchema.safeParse({ kind: 'scrape', name: 'api', url: 'http://me:pw@127.0.0.1:9100/metrics' });
    expect(withUser.error?.issues[0]?.message).toBe('must not carry credentials; use auth instead');
  });
});
