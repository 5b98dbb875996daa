import { TelemetryDataError } from './exposition-error.js';

/*
 * PromQL's instant-vector selector without functions, `metric{a="1",b!="2",c=~"x.*",d!~"y"}`,
 * as a user's kept series are written (seriesSelectorSchema). A small hand parser: the only npm
 * PromQL parsers are a CodeMirror grammar and a native binding, both far more than matchers.
 */

export type MatchOp = '=' | '!=' | '=~' | '!~';

export interface LabelMatcher {
  label: string;
  op: MatchOp;
  value: string;
}

export interface SeriesSelector {
  /** The metric name the selector names (its `__name__`), or undefined when only matchers are given. */
  metric?: string;
  matchers: LabelMatcher[];
  /** Tests a series' name and labels; a missing label reads as "" (as in PromQL). */
  matches(name: string, labels: Record<string, string>): boolean;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" };

function compile(matcher: LabelMatcher, text: string): (value: string) => boolean {
  switch (matcher.op) {
    case '=':
      return (v) => v === matcher.value;
    case '!=':
      return (v) => v !== matcher.value;
    default: {
      let re: RegExp;
      try {
        // PromQL regexes are fully anchored.
        re = new RegExp(`^(?:${matcher.value})$`);
      } catch {
        throw new TelemetryDataError('PARSE', `invalid regular expression for ${matcher.label} in ${text.slice(0, 100)}`);
      }
      return matcher.op === '=~' ? (v) => re.test(v) : (v) => !re.test(v);
    }
  }
}

/** Parses a selector; throws TelemetryDataError('PARSE') with what is wrong. */
export function parseSeriesSelector(text: string): SeriesSelector {
  const fail = (message: string): never => {
    throw new TelemetryDataError('PARSE', `${message} in selector ${text.slice(0, 100)}`);
  };
  let i = 0;
  const end = text.length;
  const skip = () => {
    while (i < end && /\s/.test(text[i] as string)) i++;
  };
  skip();
  const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(text.slice(i));
  let metric: string | undefined;
  if (nameMatch) {
    metric = nameMatch[0];
    i += metric.length;
  }
  const matchers: LabelMatcher[] = [];
  skip();
  if (text[i] === '{') {
    i++;
    for (;;) {
      skip();
      if (text[i] === '}') {
        i++;
        break;
      }
      const label = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(text.slice(i))?.[0];
      if (!label) fail('expected a label name');
      i += (label as string).length;
      skip();
      const op = (['=~', '!~', '!=', '='] as const).find((candidate) => text.startsWith(candidate, i));
      if (!op) fail(`expected =, !=, =~ or !~ after ${label}`);
      i += (op as string).length;
      skip();
      const quote = text[i];
      if (quote !== '"' && quote !== "'" && quote !== '`') fail(`expected a quoted value for ${label}`);
      i++;
      let value = '';
      while (i < end && text[i] !== quote) {
        if (text[i] === '\\' && quote !== '`') {
          const next = text[i + 1] ?? '';
          value += ESCAPES[next] ?? `\\${next}`;
          i += 2;
        } else {
          value += text[i];
          i++;
        }
      }
      if (i >= end) fail(`unterminated value for ${label}`);
      i++;
      matchers.push({ label: label as string, op: op as MatchOp, value });
      skip();
      if (text[i] === ',') i++;
      else if (text[i] !== '}') fail('expected , or }');
    }
  }
  skip();
  if (i < end) fail('unexpected text');
  if (metric === undefined && !matchers.some((m) => m.label === '__name__')) fail('a metric name is needed');

  const tests = matchers.map((m) => ({ label: m.label, test: compile(m, text) }));
  return {
    ...(metric === undefined ? {} : { metric }),
    matchers,
    matches(name, labels) {
      if (metric !== undefined && name !== metric) return false;
      for (const { label, test } of tests) {
        if (!test(label === '__name__' ? name : (labels[label] ?? ''))) return false;
      }
      return true;
    },
  };
}

/** Why a selector cannot be used, or null: for validating a source when it is saved. */
export function selectorProblem(text: string): string | null {
  try {
    parseSeriesSelector(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
