import { describe, expect, it } from 'vitest';
import { emptyHistogram, recordValue, summarizeCustomMetric } from '@loadline/shared';
import { customMetricRow } from './custom-metrics-format';

describe('custom metrics table rows', () => {
  it('shows each type by what it measures, in its own unit', () => {
    const histogram = emptyHistogram();
    for (const value of [1.5, 20, 300]) recordValue(histogram, value);
    const trend = customMetricRow(summarizeCustomMetric({ name: 'queue_wait', type: 'trend', contains: 'time', histogram }, 10));
    expect(trend).toMatchObject({ name: 'queue_wait', kind: 'trend (ms)', count: '3', value: '—' });
    expect(trend.stats).toMatchObject({ min: '1.5', max: '300', avg: '107' });
    expect(customMetricRow(summarizeCustomMetric({ name: 'orders', type: 'counter', contains: 'default', sum: 1234 }, 10))).toMatchObject({
      kind: 'counter',
      count: '1,234',
      value: '123 /s',
    });
    expect(customMetricRow(summarizeCustomMetric({ name: 'ok', type: 'rate', passes: 3, total: 4 }, 10))).toMatchObject({
      kind: 'rate',
      count: '4',
      value: '75 % (3 of 4)',
    });
    const gauge = customMetricRow(summarizeCustomMetric({ name: 'body', type: 'gauge', contains: 'data', last: 2048, lastMs: 1, min: 10, max: 4096 }, 10));
    expect(gauge).toMatchObject({ kind: 'gauge (bytes)', count: '—', value: '2 KB' });
    expect(gauge.stats).toMatchObject({ min: '10 B', max: '4 KB', avg: '—' });
  });
});
