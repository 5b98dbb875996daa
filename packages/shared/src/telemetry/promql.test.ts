import { describe, expect, it } from 'vitest';
import { TelemetryDataError } from './exposition-error.js';
import { telemetryJobSourceSchema } from './job.js';
import { reducePromqlRange } from './promql.js';
import { TELEMETRY_LIMITS } from './source.js';

const source = telemetryJobSourceSchema.parse({
  name: 'prom',
  kind: 'promql',
  url: 'http://127.0.0.1:9090',
  addresses: ['127.0.0.1'],
  queries: [{ name: 'api_cpu', expr: 'rate(process_cpu_seconds_total[5s])', role: 'cpu_cores' }],
});

function matrix(result: { metric: Record<string, string>; values: [number, string][] }[]) {
  return { status: 'success', data: { resultType: 'matrix', result } };
}

function queryError(body: unknown): TelemetryDataError {
  try {
    reducePromqlRange(source, [{ query: { name: 'q', expr: 'up' }, body }]);
  } catch (error) {
    if (error instanceof TelemetryDataError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('reducePromqlRange', () => {
  it('keys each returned series by the query name and its sorted labels, with the role, per Unix second', () => {
    const reduced = reducePromqlRange(source, [
      {
        query: { name: 'api_cpu', expr: 'rate(process_cpu_seconds_total[5s])', role: 'cpu_cores' },
        body: matrix([
          {
            metric: { job: 'api', instance: '127.0.0.1:1' },
            values: [
              [1_700_000_001, '0.5'],
              [1_700_000_002, '0.75'],
            ],
          },
          {
            metric: { __name__: 'x', job: 'api', instance: '127.0.0.1:0' },
            values: [
              [1_700_000_002, 'NaN'],
              [1_700_000_003.0000001, '2'],
            ],
          },
        ]),
      },
      { query: { name: 'backlog', expr: 'sum(queue_depth)', role: 'not_a_role' }, body: matrix([{ metric: {}, values: [[1_700_000_001, '10']] }]) },
    ]);
    expect(reduced.series).toEqual([
      { key: 'api_cpu{instance="127.0.0.1:0",job="api"}', kind: 'rate', unit: 'cores', role: 'cpu_cores' },
      { key: 'api_cpu{instance="127.0.0.1:1",job="api"}', kind: 'rate', unit: 'cores', role: 'cpu_cores' },
      { key: 'backlog', kind: 'gauge', unit: 'none' },
    ]);
    expect([...reduced.seconds]).toEqual([
      [1_700_000_001, { 'api_cpu{instance="127.0.0.1:1",job="api"}': 0.5, backlog: 10 }],
      [1_700_000_002, { 'api_cpu{instance="127.0.0.1:1",job="api"}': 0.75 }],
      [1_700_000_003, { 'api_cpu{instance="127.0.0.1:0",job="api"}': 2 }],
    ]);
  });

  it(`keeps at most ${TELEMETRY_LIMITS.maxKeptSeries} series`, () => {
    const result = Array.from({ length: 70 }, (_, i) => ({ metric: { i: String(i).padStart(2, '0') }, values: [[1, String(i)]] as [number, string][] }));
    const reduced = reducePromqlRange(source, [{ query: { name: 'wide', expr: 'wide' }, body: matrix(result) }]);
    expect(reduced.series).toHaveLength(TELEMETRY_LIMITS.maxKeptSeries);
    expect(Object.keys(reduced.seconds.get(1)!)).toHaveLength(TELEMETRY_LIMITS.maxKeptSeries);
  });

  it.each([
    ['an error answer', { status: 'error', errorType: 'bad_data', error: 'parse error at char 5' }, /bad_data: parse error/],
    ['a vector instead of a matrix', { status: 'success', data: { resultType: 'vector', result: [] } }, /not a query_range matrix/],
    ['a value that is not a string', matrix([{ metric: {}, values: [[1, 2 as unknown as string]] }]), /not a query_range matrix/],
    ['not JSON of an answer', 'Internal Server Error', /not a query_range matrix/],
  ])('refuses %s with QUERY', (_what, body, message) => {
    const error = queryError(body);
    expect(error.code).toBe('QUERY');
    expect(error.message).toMatch(message);
  });
});
