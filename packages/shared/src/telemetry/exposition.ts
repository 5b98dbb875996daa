import { TELEMETRY_LIMITS } from './source.js';
import { TelemetryDataError } from './exposition-error.js';

/*
 * Prometheus text format 0.0.4 and OpenMetrics text 1.0, read into metric families.
 * Written here rather than taken from npm: the one parser there (parse-prometheus-text-format,
 * last released 2018) knows neither OpenMetrics (`# EOF`, `_created`, `# UNIT`, exemplars) nor
 * line-numbered errors nor a series bound, and returns values as strings.
 */

export const METRIC_TYPES = ['counter', 'gauge', 'histogram', 'summary', 'untyped', 'gaugehistogram', 'info', 'stateset'] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

export interface ExpositionSample {
  /** The sample's own name: `http_requests_total`, `rpc_seconds_bucket`, ... */
  name: string;
  /** Label values unescaped (own properties only; the label name `__proto__` is refused). */
  labels: Record<string, string>;
  value: number;
  /** The exposition's own timestamp, when it gave one (milliseconds; OpenMetrics' seconds converted). */
  timestampMs?: number;
}

export interface MetricFamily {
  /** The family's name: the TYPE line's, or the sample's name when untyped. */
  name: string;
  type: MetricType;
  help?: string;
  unit?: string;
  samples: ExpositionSample[];
}

export interface ParsedExposition {
  format: 'prometheus' | 'openmetrics';
  families: MetricFamily[];
  /** Sample lines read (each is one series). */
  seriesCount: number;
}

export interface ParseExpositionOptions {
  /** More sample lines than this and the scrape is refused (TOO_MANY_SERIES). */
  maxSeries?: number;
}

/** The sample names a family of each type owns besides its own name. */
const SUFFIXES: Record<MetricType, readonly string[]> = {
  counter: ['_total', '_created'],
  gauge: [],
  histogram: ['_bucket', '_sum', '_count', '_created'],
  gaugehistogram: ['_bucket', '_gsum', '_gcount'],
  summary: ['_sum', '_count', '_created'],
  untyped: [],
  info: ['_info'],
  stateset: [],
};
const ALL_SUFFIXES = ['_total', '_created', '_bucket', '_sum', '_count', '_gsum', '_gcount', '_info'];

const TYPE_WORDS: Record<string, MetricType> = {
  counter: 'counter',
  gauge: 'gauge',
  histogram: 'histogram',
  summary: 'summary',
  untyped: 'untyped',
  unknown: 'untyped',
  gaugehistogram: 'gaugehistogram',
  info: 'info',
  stateset: 'stateset',
};

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/** Parses a float as Prometheus does: decimals, exponents, NaN and ±Inf in any case. */
export function parseExpositionFloat(token: string): number | undefined {
  if (token === '') return undefined;
  const n = Number(token);
  if (!Number.isNaN(n)) return n;
  switch (token.toLowerCase()) {
    case 'nan':
      return NaN;
    case 'inf':
    case '+inf':
    case 'infinity':
    case '+infinity':
      return Infinity;
    case '-inf':
    case '-infinity':
      return -Infinity;
    default:
      return undefined;
  }
}

function ownsSuffix(family: MetricFamily, name: string): boolean {
  if (name === family.name) return family.type !== 'histogram' && family.type !== 'gaugehistogram' && family.type !== 'info';
  if (!name.startsWith(family.name)) return false;
  return SUFFIXES[family.type].includes(name.slice(family.name.length));
}

function unescapeHelp(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\([\\n])/g, (_m, c: string) => (c === 'n' ? '\n' : '\\'));
}

function unescapeLabel(raw: string): string {
  // Prometheus unescapes \\, \" and \n; any other backslash stays as written. A loop, not a
  // regex with a callback: escaped values can be most of a scrape (Windows paths, JSON-ish labels).
  let out = '';
  let from = 0;
  for (let i = raw.indexOf('\\'); i !== -1; i = raw.indexOf('\\', from)) {
    const c = raw[i + 1];
    out += raw.slice(from, i) + (c === 'n' ? '\n' : c === '\\' || c === '"' ? c : `\\${c ?? ''}`);
    from = i + 2;
  }
  return out + raw.slice(from);
}

function isNameChar(c: number, first: boolean): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || (!first && c >= 48 && c <= 57);
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

interface SampleLine {
  name: string;
  labels: Record<string, string>;
  value: number;
  timestampMs?: number;
}

/** One sample line: `name{label="value",...} value [timestamp] [# exemplar]`. */
function parseSampleLine(line: string, lineNo: number, openMetrics: boolean): SampleLine {
  const fail = (message: string): never => {
    throw new TelemetryDataError('PARSE', message, lineNo);
  };
  const end = line.length;
  let i = 0;
  while (i < end && isNameChar(line.charCodeAt(i), i === 0)) i++;
  if (i === 0) fail('expected a metric name');
  const name = line.slice(0, i);
  // A plain object keeps V8's fast properties (a prototype-less one does not); hence no `__proto__` label.
  const labels: Record<string, string> = {};
  while (i < end && isBlank(line.charCodeAt(i))) i++;
  if (line.charCodeAt(i) === 123 /* { */) {
    i++;
    for (;;) {
      while (i < end && isBlank(line.charCodeAt(i))) i++;
      if (line.charCodeAt(i) === 125 /* } */) {
        i++;
        break;
      }
      const start = i;
      while (i < end && isNameChar(line.charCodeAt(i), i === start) && line.charCodeAt(i) !== 58) i++;
      if (i === start) fail(`expected a label name in ${name}`);
      const labelName = line.slice(start, i);
      while (i < end && isBlank(line.charCodeAt(i))) i++;
      if (line.charCodeAt(i) !== 61 /* = */) fail(`expected = after label ${labelName}`);
      i++;
      while (i < end && isBlank(line.charCodeAt(i))) i++;
      if (line.charCodeAt(i) !== 34 /* " */) fail(`expected a quoted value for label ${labelName}`);
      i++;
      const valueStart = i;
      let escaped = false;
      while (i < end && line.charCodeAt(i) !== 34) {
        if (line.charCodeAt(i) === 92 /* \ */) {
          escaped = true;
          i++;
        }
        i++;
      }
      if (i >= end) fail(`unterminated value of label ${labelName}`);
      const raw = line.slice(valueStart, i);
      i++;
      if (labelName === '__proto__') fail('label name __proto__ is not accepted');
      if (Object.hasOwn(labels, labelName)) fail(`label ${labelName} given twice`);
      labels[labelName] = escaped ? unescapeLabel(raw) : raw;
      while (i < end && isBlank(line.charCodeAt(i))) i++;
      const c = line.charCodeAt(i);
      if (c === 44 /* , */) i++;
      else if (c !== 125) fail(`expected , or } after label ${labelName}`);
    }
    while (i < end && isBlank(line.charCodeAt(i))) i++;
  }
  const valueStart = i;
  while (i < end && !isBlank(line.charCodeAt(i))) i++;
  const value = parseExpositionFloat(line.slice(valueStart, i));
  if (value === undefined) fail(`expected a value for ${name}, got "${line.slice(valueStart, i).slice(0, 40)}"`);
  while (i < end && isBlank(line.charCodeAt(i))) i++;
  let timestampMs: number | undefined;
  if (i < end && line.charCodeAt(i) !== 35 /* # */) {
    const tsStart = i;
    while (i < end && !isBlank(line.charCodeAt(i))) i++;
    const token = line.slice(tsStart, i);
    const ts = openMetrics ? parseExpositionFloat(token) : /^-?\d+$/.test(token) ? Number(token) : undefined;
    if (ts === undefined || !Number.isFinite(ts)) fail(`expected a timestamp after the value of ${name}, got "${token.slice(0, 40)}"`);
    timestampMs = openMetrics ? Math.round((ts as number) * 1000) : (ts as number);
    while (i < end && isBlank(line.charCodeAt(i))) i++;
  }
  // What follows ` # ` is an OpenMetrics exemplar: not kept.
  if (i < end && line.charCodeAt(i) !== 35) fail(`unexpected text after the sample of ${name}`);
  const sample: SampleLine = { name, labels, value: value as number };
  if (timestampMs !== undefined) sample.timestampMs = timestampMs;
  return sample;
}

/**
 * Reads a Prometheus (0.0.4) or OpenMetrics text exposition. OpenMetrics is recognised by its
 * closing `# EOF` line. Throws TelemetryDataError: 'PARSE' (with the line) on malformed text,
 * 'TOO_MANY_SERIES' past `maxSeries` sample lines.
 */
export function parseExposition(text: string, options: ParseExpositionOptions = {}): ParsedExposition {
  const maxSeries = options.maxSeries ?? TELEMETRY_LIMITS.maxParsedSeries;
  const openMetrics = /(^|\n)# EOF\s*$/.test(text.slice(-16));
  const families: MetricFamily[] = [];
  const byName = new Map<string, MetricFamily>();
  /** Families declared by a TYPE line (a second TYPE for one of them is malformed). */
  const typed = new Set<string>();
  let current: MetricFamily | undefined;
  let seriesCount = 0;
  let ended = false;

  const familyFor = (name: string): MetricFamily => {
    let family = byName.get(name);
    if (!family) {
      family = { name, type: 'untyped', samples: [] };
      byName.set(name, family);
      families.push(family);
    }
    return family;
  };

  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index] as string;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    const lineNo = index + 1;
    const first = line.charCodeAt(0);
    // Blank lines are allowed; checked without trimming every line.
    const blank = line.length === 0 || ((first === 32 || first === 9) && line.trim() === '');
    if (ended) {
      if (!blank) throw new TelemetryDataError('PARSE', 'text after # EOF', lineNo);
      continue;
    }
    if (blank) continue;
    if (first === 35 /* # */) {
      const m = /^#[ \t]+(HELP|TYPE|UNIT|EOF)(?:[ \t]+([^ \t]+)(?:[ \t]+(.*))?)?[ \t]*$/.exec(line);
      if (!m) continue; // any other comment
      const [, keyword, metric, rest = ''] = m;
      if (keyword === 'EOF') {
        ended = true;
        continue;
      }
      if (!metric || !METRIC_NAME.test(metric)) throw new TelemetryDataError('PARSE', `${keyword} line without a valid metric name`, lineNo);
      const family = familyFor(metric);
      if (keyword === 'TYPE') {
        const word = rest.trim();
        const type = Object.hasOwn(TYPE_WORDS, word) ? TYPE_WORDS[word] : undefined;
        if (!type) throw new TelemetryDataError('PARSE', `unknown metric type "${rest.trim().slice(0, 40)}" for ${metric}`, lineNo);
        if (typed.has(metric)) throw new TelemetryDataError('PARSE', `second TYPE line for ${metric}`, lineNo);
        if (family.samples.length > 0) throw new TelemetryDataError('PARSE', `TYPE line for ${metric} after its samples`, lineNo);
        typed.add(metric);
        family.type = type;
      } else if (keyword === 'HELP') {
        family.help = unescapeHelp(rest);
      } else {
        family.unit = rest.trim();
      }
      current = family;
      continue;
    }

    seriesCount++;
    if (seriesCount > maxSeries) {
      throw new TelemetryDataError('TOO_MANY_SERIES', `more than ${maxSeries} series in one scrape`);
    }
    const sample = parseSampleLine(line, lineNo, openMetrics);
    let family: MetricFamily | undefined = current && ownsSuffix(current, sample.name) ? current : undefined;
    if (!family) {
      const exact = byName.get(sample.name);
      if (exact && ownsSuffix(exact, sample.name)) family = exact;
    }
    if (!family) {
      for (const suffix of ALL_SUFFIXES) {
        if (!sample.name.endsWith(suffix)) continue;
        const base = byName.get(sample.name.slice(0, -suffix.length));
        if (base && ownsSuffix(base, sample.name)) {
          family = base;
          break;
        }
      }
    }
    if (!family) {
      const exact = byName.get(sample.name);
      // A typed family's own name used where only its suffixed samples belong (a histogram's bare name).
      if (exact && typed.has(exact.name)) {
        throw new TelemetryDataError('PARSE', `${sample.name} is a ${exact.type}: expected one of its suffixed samples`, lineNo);
      }
      family = familyFor(sample.name);
    }
    if (family.type === 'histogram' || family.type === 'gaugehistogram') {
      if (sample.name.endsWith('_bucket') && parseExpositionFloat(sample.labels.le ?? '') === undefined) {
        throw new TelemetryDataError('PARSE', `bucket of ${family.name} without a valid le label`, lineNo);
      }
    } else if (family.type === 'summary' && sample.name === family.name) {
      if (parseExpositionFloat(sample.labels.quantile ?? '') === undefined) {
        throw new TelemetryDataError('PARSE', `quantile of ${family.name} without a valid quantile label`, lineNo);
      }
    }
    family.samples.push(sample);
    current = family;
  }
  return { format: openMetrics ? 'openmetrics' : 'prometheus', families, seriesCount };
}
