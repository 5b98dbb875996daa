import { describe, expect, it } from 'vitest';
import { prometheusError, queryRangeUrl, stepsToRead } from './promql-source.js';

describe('PromQL reads', () => {
  it('asks query_range under the source URL, whatever path it has', () => {
    const url = queryRangeUrl('http://127.0.0.1:9090/prometheus/', 'rate(process_cpu_seconds_total{job="api"}[5s])', 1_700_000_000, 1_700_000_060, 2);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:9090/prometheus/api/v1/query_range');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'rate(process_cpu_seconds_total{job="api"}[5s])',
      start: '1700000000',
      end: '1700000060',
      step: '2s',
    });
  });

  it('reads each step of the window once: after the last sent, aligned to the step', () => {
    expect(stepsToRead(0, 101, 110, 1)).toEqual({ start: 101, end: 110 });
    expect(stepsToRead(110, 101, 115, 1)).toEqual({ start: 111, end: 115 });
    expect(stepsToRead(115, 101, 115, 1)).toBeNull();
    expect(stepsToRead(0, 101, 110, 5)).toEqual({ start: 105, end: 110 });
    expect(stepsToRead(110, 101, 114, 5)).toBeNull();
    expect(stepsToRead(110, 101, 115, 5)).toEqual({ start: 115, end: 115 });
  });

  it("takes Prometheus's reason out of an error answer, and nothing out of anything else", () => {
    expect(prometheusError('{"status":"error","errorType":"bad_data","error":"1:6: parse error: unexpected end of input"}')).toBe(
      '1:6: parse error: unexpected end of input',
    );
    expect(prometheusError('{"status":"success","data":{}}')).toBeNull();
    expect(prometheusError('<html>bad gateway</html>')).toBeNull();
  });
});
