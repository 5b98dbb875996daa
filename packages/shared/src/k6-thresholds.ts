import { z } from 'zod';
import { STOP_AFTER_MIN_SECONDS } from './threshold-time.js';
import { thresholdSchema, type LatencyStat, type Threshold } from './threshold.js';

/**
 * A custom script's `options.thresholds`, as `k6 inspect` prints them, translated into
 * Loadline thresholds so that Loadline judges them from the merged data of every segment
 * (each segment's k6 runs with --no-thresholds: it only sees its own share). What cannot be
 * judged faithfully is refused, naming the expression and why; nothing is dropped.
 *
 * k6's grammar (metrics/thresholds_parser.go, metrics/metric.go in k6):
 *   selector   -> metric_name ("{" tag ":" value ("," tag ":" value)* "}")?
 *   expression -> aggregation whitespace* operator whitespace* float
 *   aggregation -> "avg" | "min" | "max" | "med" | "count" | "rate" | "value" | "p(" float ")"
 *   operator   -> ">" | ">=" | "<=" | "<" | "==" | "===" | "!="
 * k6 inspect already checked each expression against its metric's type and that the metric
 * exists; this reads them again to decide what they mean here.
 */

/** One entry of a metric's list: an expression, or an object with abortOnFail (k6's thresholdConfig). */
const k6ThresholdEntrySchema = z.union([
  z.string(),
  z.object({ threshold: z.string(), abortOnFail: z.boolean().optional(), delayAbortEval: z.union([z.string(), z.number()]).nullable().optional() }),
]);
export const k6ThresholdsSchema = z.record(z.string(), z.array(k6ThresholdEntrySchema));
export type K6Thresholds = z.infer<typeof k6ThresholdsSchema>;

/** An expression Loadline will not judge, and why. */
export interface UnsupportedThreshold {
  /** The selector as written: "http_req_duration{expected_response:true}". */
  metric: string;
  /** The expression as written: "p(95)<500". */
  expression: string;
  reason: string;
}

export type ThresholdTranslation = { ok: true; thresholds: Threshold[] } | { ok: false; unsupported: UnsupportedThreshold[] };

/** Request metrics: Loadline's own figures of the requests k6 times. */
const REQUEST_LATENCY = new Set(['http_req_duration', 'grpc_req_duration']);

/** Metrics k6 (and its modules) define, which Loadline does not judge (custom scripts may threshold them in k6). */
const OTHER_BUILTINS = new Set([
  'vus',
  'vus_max',
  'iterations',
  'iteration_duration',
  'dropped_iterations',
  'group_duration',
  'http_req_blocked',
  'http_req_connecting',
  'http_req_tls_handshaking',
  'http_req_sending',
  'http_req_waiting',
  'http_req_receiving',
  'ws_sessions',
  'ws_msgs_sent',
  'ws_msgs_received',
  'ws_ping',
  'ws_session_duration',
  'ws_connecting',
  'grpc_streams',
  'grpc_streams_msgs_sent',
  'grpc_streams_msgs_received',
  'data_sent',
  'data_received',
]);

/** Latency statistics Loadline keeps per request, by k6's name for them. */
const LATENCY_BY_K6_STAT: Record<string, LatencyStat> = {
  avg: 'avg',
  min: 'min',
  max: 'max',
  med: 'p50',
  'p(50)': 'p50',
  'p(90)': 'p90',
  'p(95)': 'p95',
  'p(99)': 'p99',
};

const OPERATORS = ['<=', '<', '>=', '>', '===', '==', '!='] as const;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The metric name and its tag filters, as k6's ParseMetricName and AddSubmetric read them. */
export function parseSelector(selector: string): { name: string; tags: Array<[string, string]> } | null {
  const open = selector.indexOf('{');
  if (open === -1) return selector.includes('}') ? null : { name: selector.trim(), tags: [] };
  if (!selector.endsWith('}')) return null;
  const unquote = (text: string) => text.trim().replace(/^["']+|["']+$/g, '');
  const tags: Array<[string, string]> = [];
  for (const pair of selector.slice(open + 1, -1).split(',')) {
    const colon = pair.indexOf(':');
    if (colon === -1 || !pair.slice(colon + 1).trim()) return null;
    tags.push([unquote(pair.slice(0, colon)), unquote(pair.slice(colon + 1))]);
  }
  return { name: selector.slice(0, open).trim(), tags };
}

/** `aggregation op value`, as k6's scanThresholdExpression reads it; stat canonical ("p(99.0)" -> "p(99)"). */
export function parseExpression(expression: string): { stat: string; op: (typeof OPERATORS)[number]; value: number } | null {
  for (const op of OPERATORS) {
    const at = expression.indexOf(op);
    if (at === -1) continue;
    const left = expression.slice(0, at).trim();
    const right = expression.slice(at + op.length).trim();
    if (!right) continue;
    if (!NUMBER.test(right)) return null;
    const percentile = /^p\((.+)\)$/.exec(left);
    if (percentile) {
      const q = percentile[1]!.trim();
      if (!NUMBER.test(q) || Number(q) < 0 || Number(q) > 100) return null;
      return { stat: `p(${Number(q)})`, op, value: Number(right) };
    }
    return ['avg', 'min', 'max', 'med', 'count', 'rate', 'value'].includes(left) ? { stat: left, op, value: Number(right) } : null;
  }
  return null;
}

const GO_DURATION_UNITS: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, µs: 1e-6, ns: 1e-9 };

/** delayAbortEval in seconds: a Go duration as k6 prints it ("1m30.5s"), milliseconds, or null (none). Null result: unreadable. */
export function delaySeconds(delay: string | number | null | undefined): number | null {
  if (delay === null || delay === undefined) return 0;
  if (typeof delay === 'number') return delay / 1000;
  if (!/^((\d+(\.\d+)?)(h|ms|m|s|us|µs|ns))+$/.test(delay)) return null;
  let seconds = 0;
  for (const part of delay.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g)) seconds += Number(part[1]) * GO_DURATION_UNITS[part[2]!]!;
  return seconds;
}

type Meaning = { threshold: Record<string, unknown> } | { reason: string };

function requestScope(tags: Array<[string, string]>): { scope: Record<string, string> } | { reason: string } {
  const scope: Record<string, string> = {};
  for (const [key, value] of tags) {
    if (key === 'name') scope.request = value;
    else if (key === 'scenario') scope.scenario = value;
    else if (key === 'expected_response')
      return {
        reason:
          "Loadline's request figures cover every request, successful or not; a filter on expected_response is not supported (judge errors with http_req_failed)",
      };
    else return { reason: `Loadline judges requests per name or per scenario; a filter on the tag "${key}" is not supported` };
  }
  return { scope };
}

/** What one metric and expression mean in Loadline, or why they cannot be judged. */
function meaningOf(name: string, tags: Array<[string, string]>, stat: string, op: string, value: number): Meaning {
  if (op === '==' || op === '===' || op === '!=')
    return { reason: `Loadline compares with <, <=, > or >=; "${op}" on a measured figure is not a requirement it can judge` };
  if (name.startsWith('loadline_')) return { reason: "metrics named loadline_* are reserved for Loadline's generated scripts" };
  if (name === 'checks') {
    if (tags.length) return { reason: 'Loadline keeps check results per check name only; a filter on checks is not supported' };
    return { threshold: { metric: 'check_rate', op, value } };
  }
  if (REQUEST_LATENCY.has(name) || name === 'http_req_failed' || name === 'http_reqs') {
    const scoped = requestScope(tags);
    if ('reason' in scoped) return scoped;
    const { scope } = scoped;
    if (name === 'http_req_failed') return { threshold: { metric: 'error_rate', op, value, ...scope } };
    if (name === 'http_reqs') return { threshold: { metric: stat === 'count' ? 'count' : 'rps', op, value, ...scope } };
    const latency = LATENCY_BY_K6_STAT[stat];
    if (!latency)
      return {
        reason: `Loadline reads request latency as avg, min, med, max, p(50), p(90), p(95) or p(99); ${stat} is not kept per request (a custom Trend keeps any percentile)`,
      };
    return { threshold: { metric: 'latency', stat: latency, op, value, ...scope } };
  }
  if (OTHER_BUILTINS.has(name) || name.startsWith('browser_')) {
    return {
      reason: `Loadline does not judge ${name}; it judges http_req_duration, grpc_req_duration, http_req_failed, http_reqs, checks and the script's own metrics`,
    };
  }
  if (tags.length)
    return {
      reason: `Loadline keeps a custom metric per metric name, not per tag: a filter ({${tags.map(([key, tag]) => `${key}:${tag}`).join(',')}}) is not supported; record a metric of its own instead`,
    };
  return { threshold: { metric: 'custom', name, stat, op, value } };
}

/**
 * Translates a script's `options.thresholds` (as k6 inspect prints them). `loadSeconds`: how
 * long the script's load lasts (k6's execution requirements), against which an abortOnFail's
 * delay is checked.
 */
export function translateK6Thresholds(raw: K6Thresholds, loadSeconds: number): ThresholdTranslation {
  const thresholds: Threshold[] = [];
  const unsupported: UnsupportedThreshold[] = [];
  // In k6's order (it prints selectors sorted), whatever order the stored JSON comes back in.
  for (const metric of Object.keys(raw).sort()) {
    for (const entry of raw[metric]!) {
      const config = typeof entry === 'string' ? { threshold: entry } : entry;
      const expression = config.threshold;
      const refuse = (reason: string) => unsupported.push({ metric, expression, reason });
      const selector = parseSelector(metric);
      const parsed = parseExpression(expression);
      if (!selector) refuse('the metric selector is malformed (expected name{tag:value,...})');
      if (!parsed) refuse('the expression is not k6 threshold syntax (e.g. "p(95)<500")');
      if (!selector || !parsed) continue;
      const meaning = meaningOf(selector.name, selector.tags, parsed.stat, parsed.op, parsed.value);
      if ('reason' in meaning) {
        refuse(meaning.reason);
        continue;
      }
      let stop: { after: string } | undefined;
      if ('abortOnFail' in config && config.abortOnFail) {
        const delay = delaySeconds(config.delayAbortEval);
        if (delay === null) {
          refuse(`delayAbortEval "${String(config.delayAbortEval)}" is not a duration`);
          continue;
        }
        // k6 aborts once the figure so far fails after the delay; Loadline stops on a breach sustained that long (at least 5 s).
        const after = Math.max(STOP_AFTER_MIN_SECONDS, Math.ceil(delay));
        if (after > loadSeconds) {
          refuse(`abortOnFail: the run would be stopped after ${after} s of breach, but the script's load lasts ${loadSeconds} s`);
          continue;
        }
        stop = { after: `${after}s` };
      }
      const checked = thresholdSchema.safeParse({ ...meaning.threshold, ...(stop ? { stop } : {}), fromScript: { metric, expression } });
      if (checked.success) thresholds.push(checked.data);
      else refuse(checked.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; '));
    }
  }
  return unsupported.length ? { ok: false, unsupported } : { ok: true, thresholds };
}

/** One line per expression: `"http_req_duration{expected_response:true}": "p(95)<500": <reason>`. */
export function describeUnsupported(unsupported: readonly UnsupportedThreshold[]): string {
  return unsupported.map((item) => `"${item.metric}": "${item.expression}": ${item.reason}`).join('; ');
}
