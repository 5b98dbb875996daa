import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseExposition, type ParsedExposition } from './exposition.js';
import { TelemetryDataError } from './exposition-error.js';

function family(parsed: ParsedExposition, name: string) {
  const found = parsed.families.find((f) => f.name === name);
  if (!found) throw new Error(`no family ${name}`);
  return found;
}

function parseError(text: string, maxSeries?: number): TelemetryDataError {
  try {
    parseExposition(text, maxSeries === undefined ? {} : { maxSeries });
  } catch (error) {
    if (error instanceof TelemetryDataError) return error;
    throw error;
  }
  throw new Error('parsed without an error');
}

describe('parseExposition: Prometheus text 0.0.4', () => {
  const text = [
    '# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.',
    '# TYPE process_cpu_seconds_total counter',
    'process_cpu_seconds_total 12.47',
    '# HELP http_request_duration_seconds A histogram of request durations.',
    '# TYPE http_request_duration_seconds histogram',
    'http_request_duration_seconds_bucket{le="0.05",route="/a"} 24054',
    'http_request_duration_seconds_bucket{le="0.1",route="/a"} 33444',
    'http_request_duration_seconds_bucket{le="+Inf",route="/a"} 144320',
    'http_request_duration_seconds_sum{route="/a"} 53423',
    'http_request_duration_seconds_count{route="/a"} 144320',
    '# TYPE rpc_duration_seconds summary',
    'rpc_duration_seconds{quantile="0.5"} 4773',
    'rpc_duration_seconds{quantile="0.99"} NaN',
    'rpc_duration_seconds_sum 1.7560473e+07',
    'rpc_duration_seconds_count 2693',
    '',
    '# A free comment',
    'msdos_file_access_time_seconds{path="C:\\\\DIR\\\\FILE.TXT",error="Cannot find file:\\n\\"FILE.TXT\\""} 1.458255915e9',
    'metric_without_timestamp_and_labels 12.47',
    'something_weird{problem="division by zero"} +Inf -3982045',
    'neg_inf -Inf',
    '# TYPE node_memory_MemAvailable_bytes gauge',
    'node_memory_MemAvailable_bytes 8.2e+09',
  ].join('\n');

  it('reads families, types, help, histograms, summaries and untyped samples', () => {
    const parsed = parseExposition(text);
    expect(parsed.format).toBe('prometheus');
    expect(parsed.seriesCount).toBe(15);

    const cpu = family(parsed, 'process_cpu_seconds_total');
    expect(cpu).toMatchObject({ type: 'counter', help: 'Total user and system CPU time spent in seconds.' });
    expect(cpu.samples).toEqual([{ name: 'process_cpu_seconds_total', labels: {}, value: 12.47 }]);

    const histogram = family(parsed, 'http_request_duration_seconds');
    expect(histogram.type).toBe('histogram');
    expect(histogram.samples.map((s) => s.name)).toEqual([
      'http_request_duration_seconds_bucket',
      'http_request_duration_seconds_bucket',
      'http_request_duration_seconds_bucket',
      'http_request_duration_seconds_sum',
      'http_request_duration_seconds_count',
    ]);
    expect({ ...histogram.samples[2]!.labels }).toEqual({ le: '+Inf', route: '/a' });

    const summary = family(parsed, 'rpc_duration_seconds');
    expect(summary.type).toBe('summary');
    expect(summary.samples).toHaveLength(4);
    expect(summary.samples[1]!.value).toBeNaN();
    expect(summary.samples[2]!.value).toBe(17_560_473);

    expect(family(parsed, 'metric_without_timestamp_and_labels')).toMatchObject({ type: 'untyped' });
    expect(family(parsed, 'node_memory_MemAvailable_bytes').samples[0]!.value).toBe(8.2e9);
  });

  it('unescapes label values (\\\\, \\" and \\n) and reads ±Inf and timestamps', () => {
    const parsed = parseExposition(text);
    const access = family(parsed, 'msdos_file_access_time_seconds').samples[0]!;
    expect(access.labels.path).toBe('C:\\DIR\\FILE.TXT');
    expect(access.labels.error).toBe('Cannot find file:\n"FILE.TXT"');
    const weird = family(parsed, 'something_weird').samples[0]!;
    expect(weird.value).toBe(Infinity);
    expect(weird.timestampMs).toBe(-3982045);
    expect(family(parsed, 'neg_inf').samples[0]!.value).toBe(-Infinity);
  });

  it('accepts a trailing comma in labels, blanks around tokens and CRLF line ends', () => {
    const parsed = parseExposition('up{job="a", instance="b",} 1\r\nother { a = "x" }\t2 1700000000000\r\n');
    expect(parsed.families.map((f) => [f.name, f.samples[0]!.value])).toEqual([
      ['up', 1],
      ['other', 2],
    ]);
    expect({ ...parsed.families[0]!.samples[0]!.labels }).toEqual({ job: 'a', instance: 'b' });
    expect(parsed.families[1]!.samples[0]!.timestampMs).toBe(1_700_000_000_000);
  });

  it('keeps an unknown escape as written, as Prometheus does, and reads an escaped backslash before n as two characters', () => {
    const parsed = parseExposition('m{a="x\\ty",b="c:\\\\new"} 1\n');
    expect(parsed.families[0]!.samples[0]!.labels.a).toBe('x\\ty');
    expect(parsed.families[0]!.samples[0]!.labels.b).toBe('c:\\new');
  });
});

describe('parseExposition: OpenMetrics', () => {
  const text = [
    '# TYPE acme_http_router_request_seconds histogram',
    '# UNIT acme_http_router_request_seconds seconds',
    "# HELP acme_http_router_request_seconds Latency though all of ACME's HTTP request router.",
    'acme_http_router_request_seconds_bucket{path="/api/v1",method="GET",le="0.01"} 3 # {trace_id="KOO5S4vxi0o"} 0.007 1520879607.789',
    'acme_http_router_request_seconds_bucket{path="/api/v1",method="GET",le="+Inf"} 4',
    'acme_http_router_request_seconds_sum{path="/api/v1",method="GET"} 9036.32',
    'acme_http_router_request_seconds_count{path="/api/v1",method="GET"} 4',
    'acme_http_router_request_seconds_created{path="/api/v1",method="GET"} 1520430000.123',
    '# TYPE jobs counter',
    'jobs_total{queue="emails"} 42 1520879607.5',
    'jobs_created{queue="emails"} 1520430000',
    '# TYPE queue_depth unknown',
    'queue_depth 7',
    '# EOF',
    '',
  ].join('\n');

  it('reads _total/_created of counters, units, exemplars and timestamps in seconds', () => {
    const parsed = parseExposition(text);
    expect(parsed.format).toBe('openmetrics');
    const jobs = family(parsed, 'jobs');
    expect(jobs.type).toBe('counter');
    expect(jobs.samples.map((s) => [s.name, s.value])).toEqual([
      ['jobs_total', 42],
      ['jobs_created', 1_520_430_000],
    ]);
    expect(jobs.samples[0]!.timestampMs).toBe(1_520_879_607_500);
    const histogram = family(parsed, 'acme_http_router_request_seconds');
    expect(histogram).toMatchObject({ type: 'histogram', unit: 'seconds' });
    expect(histogram.samples).toHaveLength(5);
    expect(histogram.samples[0]!.value).toBe(3);
    expect(family(parsed, 'queue_depth').type).toBe('untyped');
  });

  it('recognises OpenMetrics with blank lines after # EOF', () => {
    const parsed = parseExposition('# TYPE a gauge\na 1 1520879607.25\n# EOF\n\n\n');
    expect(parsed.format).toBe('openmetrics');
    expect(parsed.families[0]!.samples[0]!.timestampMs).toBe(1_520_879_607_250);
  });

  it('refuses text after # EOF', () => {
    const error = parseError('a 1\n# EOF\nb 2\n');
    expect(error.code).toBe('PARSE');
    expect(error.line).toBe(3);
  });
});

describe('parseExposition: refusals', () => {
  it.each([
    ['a value that is not a number', 'ok 1\nbad{a="1"} twelve\n', 2],
    ['an unterminated label value', 'bad{a="1} 1\n', 1],
    ['a label without quotes', 'bad{a=1} 1\n', 1],
    ['a missing value', 'bad{a="1"}\n', 1],
    ['text after the timestamp', 'bad 1 2 3\n', 1],
    ['a fractional Prometheus timestamp', 'bad 1 1.5\n', 1],
    ['a bucket without le', '# TYPE h histogram\nh_bucket{a="1"} 1\n', 2],
    ['a histogram sample under its bare name', '# TYPE h histogram\nh 1\n', 2],
    ['an unknown type', '# TYPE h teapot\n', 1],
    ['a type named like an object property', '# TYPE h toString\n', 1],
    ['a second TYPE line', '# TYPE h gauge\nh 1\n# TYPE h gauge\n', 3],
    ['a label given twice', 'm{a="1",a="2"} 1\n', 1],
    ['a line that is not a sample', '{a="1"} 1\n', 1],
  ])('%s: PARSE with the line', (_what, text, line) => {
    const error = parseError(text);
    expect(error.code).toBe('PARSE');
    expect(error.line).toBe(line);
  });

  it('refuses more series than maxSeries', () => {
    const lines = Array.from({ length: 11 }, (_, i) => `m{i="${i}"} ${i}`).join('\n');
    expect(parseExposition(lines, { maxSeries: 11 }).seriesCount).toBe(11);
    expect(parseError(lines, 10).code).toBe('TOO_MANY_SERIES');
  });

  it('holds the default bound of TELEMETRY_LIMITS.maxParsedSeries', () => {
    const lines = Array.from({ length: 20_001 }, (_, i) => `m{i="${i}"} 1`).join('\n');
    expect(parseError(lines).code).toBe('TOO_MANY_SERIES');
  });
});

describe('parseExposition: any label value written with the format’s escapes reads back as it was', () => {
  const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  it('round-trips label values and values', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 20 }), fc.double({ noNaN: true })), { minLength: 1, maxLength: 20 }), (rows) => {
        const text = rows.map(([label, value], i) => `m{i="${i}",v="${escape(label)}"} ${Object.is(value, -0) ? '-0' : value}`).join('\n');
        const parsed = parseExposition(text);
        const samples = parsed.families[0]!.samples;
        expect(samples.map((s) => s.labels.v)).toEqual(rows.map(([label]) => label));
        expect(samples.map((s) => s.value)).toEqual(rows.map(([, value]) => value));
      }),
    );
  });
});
