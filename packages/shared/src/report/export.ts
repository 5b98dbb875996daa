import { describeThreshold } from '../threshold-text.js';
import type { RunView } from '../runs.js';
import type { CustomMetricSummary } from '../custom-metrics.js';
import { baselineFindings, type RunBaseline } from './baseline.js';
import type { RunTelemetry } from '../telemetry/view.js';

/**
 * A run report as files: CSV (one row per request plus the whole run, then one per custom
 * metric of a custom script) for spreadsheets, and
 * JUnit XML (each threshold a test case) for CI systems that show test results. Pure.
 */

const PERCENTILES = ['p50', 'p90', 'p95', 'p99'] as const;

/** New columns go at the end (intervals, then response sizes), so a spreadsheet that reads columns by position keeps working. */
const CSV_COLUMNS = [
  'request',
  'count',
  'rps',
  'errors',
  'error_rate',
  'avg_ms',
  'min_ms',
  'p50_ms',
  'p90_ms',
  'p95_ms',
  'p99_ms',
  'max_ms',
  ...PERCENTILES.flatMap((p) => [`${p}_ci_low_ms`, `${p}_ci_high_ms`]),
  'response_bytes_avg',
  'response_bytes_p95',
  // Rows of a custom script's own metrics: their type, and the figure of a counter (count), rate or gauge (last value).
  'metric_type',
  'value',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : value;
  // A text cell starting with = + - @ TAB or CR is read as a formula by some spreadsheet
  // (OWASP, "CSV Injection"): a leading ' makes it text. Names come from tenants' scripts.
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * With the run's telemetry, one row per kept series of each source after the rest, like a
 * custom gauge: `<source> <key>` as its name, the seconds read as its count, its min, average
 * and max in those columns (in the series' own unit, not ms) and its last value; metric_type
 * `telemetry:<kind>:<unit>`.
 */
export function runToCsv(run: RunView, telemetry?: RunTelemetry | null): string {
  const summary = run.summary;
  const telemetryRows = (telemetry?.sources ?? []).flatMap((source) => source.series.map((series) => telemetryRow(source.source, series)));
  if (!summary) return `${[CSV_COLUMNS.join(','), ...telemetryRows.map((row) => row.map(csvCell).join(','))].join('\n')}\n`;
  const rows = [...summary.requests.map((request) => ({ label: request.name, stats: request })), { label: '(all requests)', stats: summary.overall }];
  const lines = rows.map(({ label, stats }) =>
    [
      label,
      stats.count,
      stats.rps,
      stats.errors,
      stats.errorRate,
      stats.latency?.avg ?? null,
      stats.latency?.min ?? null,
      stats.latency?.p50 ?? null,
      stats.latency?.p90 ?? null,
      stats.latency?.p95 ?? null,
      stats.latency?.p99 ?? null,
      stats.latency?.max ?? null,
      ...PERCENTILES.flatMap((p) => [stats.latency?.intervals?.[p].low ?? null, stats.latency?.intervals?.[p].high ?? null]),
      stats.responseBytes?.avg ?? null,
      stats.responseBytes?.p95 ?? null,
      null,
      null,
    ]
      .map(csvCell)
      .join(','),
  );
  const custom = summary.customMetrics.map((metric) => customMetricRow(metric).map(csvCell).join(','));
  const telemetryLines = telemetryRows.map((row) => row.map(csvCell).join(','));
  return `${CSV_COLUMNS.join(',')}\n${[...lines, ...custom, ...telemetryLines].join('\n')}\n`;
}

function telemetryRow(source: string, series: RunTelemetry['sources'][number]['series'][number]): Array<string | number | null> {
  const read = series.values.filter((value): value is number => value !== null);
  const none = (n: number) => Array<null>(n).fill(null);
  const avg = read.length ? read.reduce((sum, value) => sum + value, 0) / read.length : null;
  const min = read.length ? Math.min(...read) : null;
  const max = read.length ? Math.max(...read) : null;
  const last = read.length ? read[read.length - 1]! : null;
  // Columns: request, count, rps, errors, error_rate, avg, min, p50, p90, p95, p99, max, intervals and sizes, type, value.
  return [
    `${source} ${series.key}`,
    read.length,
    ...none(3),
    avg,
    min,
    ...none(4),
    max,
    ...none(PERCENTILES.length * 2 + 2),
    `telemetry:${series.kind}:${series.unit}`,
    last,
  ];
}

/**
 * A custom metric as a row after the requests, in its own units (a time trend in ms): a trend
 * fills count and the statistics columns (p50 is k6's med), a counter its count and rate, a
 * rate its total (count) and the share of non-zero values (value), a gauge its min, max and
 * last value (value).
 */
function customMetricRow(metric: CustomMetricSummary): Array<string | number | null> {
  const none = (n: number) => Array<null>(n).fill(null);
  // The percentile intervals and response sizes are a request's; a custom metric has none.
  const intervals = none(PERCENTILES.length * 2 + 2);
  switch (metric.type) {
    case 'trend':
      return [
        metric.name,
        metric.count,
        null,
        null,
        null,
        metric.avg,
        metric.min,
        metric.med,
        metric.p90,
        metric.p95,
        metric.p99,
        metric.max,
        ...intervals,
        'trend',
        null,
      ];
    case 'counter':
      return [metric.name, metric.count, metric.rate, ...none(9), ...intervals, 'counter', metric.count];
    case 'rate':
      return [metric.name, metric.total, ...none(10), ...intervals, 'rate', metric.rate];
    case 'gauge':
      return [metric.name, ...none(5), metric.min, ...none(4), metric.max, ...intervals, 'gauge', metric.value];
  }
}

const xml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    // Control characters are not allowed in XML 1.0 at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

/**
 * One test suite per run, one test case per threshold: FAIL is a failure, INCONCLUSIVE an
 * error (the run could not judge it), PASS passes. A run that ERRORED is one error case.
 */
export function runToJunit(run: RunView, baseline?: RunBaseline): string {
  const suite = `${run.planName} v${run.planVersion}`;
  const seconds = run.summary?.durationSeconds ?? 0;
  const cases = run.thresholds.map((result) => {
    const name = xml(describeThreshold(result.threshold));
    const message = xml(result.explanation);
    const body =
      result.verdict === 'FAIL'
        ? `<failure message="${message}" type="threshold">${message}</failure>`
        : result.verdict === 'INCONCLUSIVE'
          ? `<error message="${message}" type="inconclusive">${message}</error>`
          : '';
    return `    <testcase classname="${xml(suite)}" name="${name}" time="${seconds}">${body}</testcase>`;
  });
  if (run.status === 'ERRORED' && run.error) {
    cases.push(
      `    <testcase classname="${xml(suite)}" name="run" time="${seconds}"><error message="${xml(run.error.message)}" type="${xml(run.error.code)}">${xml(run.error.message)}</error></testcase>`,
    );
  }
  const failures = run.thresholds.filter((result) => result.verdict === 'FAIL').length;
  const errors = run.thresholds.filter((result) => result.verdict === 'INCONCLUSIVE').length + (run.status === 'ERRORED' && run.error ? 1 : 0);
  // Against the baseline: a test case per key figure, failed by a regression beyond noise.
  const findings = baseline?.comparison ? baselineFindings(baseline) : [];
  const baselineSuite = `${suite} against baseline`;
  const baselineCases = findings.map((item) => {
    const message = xml(item.text);
    const body =
      item.change === 'regression'
        ? `<failure message="${message}" type="regression">${message}</failure>`
        : item.change === null
          ? `<skipped message="${message}"/>`
          : '';
    return `    <testcase classname="${xml(baselineSuite)}" name="${xml(item.metric)}" time="0">${body}</testcase>`;
  });
  const regressions = findings.filter((item) => item.change === 'regression').length;
  // The target's side (docs/telemetry.md): told, never failed; a finding changes no verdict
  // unless a threshold asks for it.
  const telemetrySuite = `${suite} target's side`;
  const telemetryCases = (run.telemetry?.findings ?? []).map(
    (finding) =>
      `    <testcase classname="${xml(telemetrySuite)}" name="${xml(`${finding.source}: ${finding.code}`)}" time="0"><system-out>${xml(`${finding.severity}: ${finding.message}`)}</system-out></testcase>`,
  );
  const total = cases.length + baselineCases.length + telemetryCases.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="Loadline" tests="${total}" failures="${failures + regressions}" errors="${errors}" time="${seconds}">`,
    `  <testsuite name="${xml(suite)}" tests="${cases.length}" failures="${failures}" errors="${errors}" time="${seconds}" timestamp="${run.startedAt ?? run.createdAt}">`,
    `    <properties><property name="verdict" value="${run.verdict ?? run.status}"/><property name="run" value="${xml(run.id)}"/></properties>`,
    ...cases,
    '  </testsuite>',
    ...(baselineCases.length
      ? [
          `  <testsuite name="${xml(baselineSuite)}" tests="${baselineCases.length}" failures="${regressions}" errors="0" time="0">`,
          `    <properties><property name="baseline" value="${xml(baseline!.baseline!.runId)}"/><property name="rule" value="${baseline!.baseline!.rule}"/></properties>`,
          ...baselineCases,
          '  </testsuite>',
        ]
      : []),
    ...(telemetryCases.length
      ? [`  <testsuite name="${xml(telemetrySuite)}" tests="${telemetryCases.length}" failures="0" errors="0" time="0">`, ...telemetryCases, '  </testsuite>']
      : []),
    '</testsuites>',
    '',
  ].join('\n');
}
