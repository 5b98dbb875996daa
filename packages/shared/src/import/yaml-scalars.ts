/**
 * Scalars and flow collections for the YAML reader (yaml.ts): plain scalars with the YAML 1.2
 * core schema, single- and double-quoted scalars with escapes and line folding, comments,
 * and [ ] / { } collections. Plain data only.
 */

export class YamlError extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'YamlError';
  }
}

export const MAX_DEPTH = 200;

/** Sets a key without ever touching the prototype (a key named "__proto__" stays data). */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Cuts a trailing comment off unquoted text (a # at the start or after white space). */
export function stripComment(text: string): string {
  const match = /(^|[ \t])#/.exec(text);
  return (match ? text.slice(0, match.index) : text).trimEnd();
}

/** Index just past the closing quote of the quoted scalar opening at text[start], or -1. */
export function quoteEnd(text: string, start: number): number {
  return closingQuote(text, text[start]!, start + 1);
}

/** Index just past the first unescaped `quote` in text from `from` (a line of a quoted scalar), or -1. */
export function closingQuote(text: string, quote: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i + 1;
    }
  }
  return -1;
}

const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b',
  ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029',
};

/** The value of a quoted scalar given with its quotes; lines are folded as YAML does. */
export function quotedScalar(quoted: string, lineNo: number): string {
  const double = quoted.startsWith('"');
  let inner = quoted.slice(1, -1);
  // An escaped line break in a double-quoted scalar joins the lines without a space.
  if (double) inner = inner.replace(/(?<!\\)((?:\\\\)*)\\\n[ \t]*/g, '$1');
  const parts = inner.split('\n');
  let folded = parts[0]!;
  if (parts.length > 1) {
    folded = folded.trimEnd();
    let empty = 0;
    parts.slice(1).forEach((part, index) => {
      const last = index === parts.length - 2;
      const text = last ? part.trimStart() : part.trim();
      if (!text && !last) {
        empty++;
        return;
      }
      folded += (empty ? '\n'.repeat(empty) : ' ') + text;
      empty = 0;
    });
  }
  if (!double) return folded.replaceAll("''", "'");
  return folded.replace(/\\(x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/g, (_all, code: string) => {
    if (code.length > 1) return String.fromCodePoint(parseInt(code.slice(1), 16));
    const replacement = ESCAPES[code];
    if (replacement === undefined) throw new YamlError(lineNo, `unknown escape \\${code} in a double-quoted string`);
    return replacement;
  });
}

/** A plain scalar read with the YAML 1.2 core schema. */
export function plainScalar(text: string): unknown {
  if (text === '' || /^(~|null|Null|NULL)$/.test(text)) return null;
  if (/^(true|True|TRUE)$/.test(text)) return true;
  if (/^(false|False|FALSE)$/.test(text)) return false;
  if (/^[-+]?[0-9]+$/.test(text)) return Number(text);
  if (/^0o[0-7]+$/.test(text)) return parseInt(text.slice(2), 8);
  if (/^0x[0-9A-Fa-f]+$/.test(text)) return parseInt(text.slice(2), 16);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(text)) return Number(text);
  if (/^[-+]?\.(inf|Inf|INF)$/.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/^\.(nan|NaN|NAN)$/.test(text)) return NaN;
  return text;
}


/** Reads flow collections ([...] and {...}) from one string (their lines joined with \n). */
export class FlowReader {
  private i = 0;
  constructor(
    private readonly s: string,
    private readonly lineNo: number,
  ) {}

  read(): unknown {
    const value = this.node(0);
    this.ws();
    if (this.i < this.s.length) throw this.fail(`unexpected "${this.s.slice(this.i, this.i + 10)}" after a flow collection`);
    return value;
  }

  private fail(problem: string) {
    return new YamlError(this.lineNo, problem);
  }

  private ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }

  private node(depth: number): unknown {
    if (depth > MAX_DEPTH) throw this.fail('nested too deeply');
    this.ws();
    const ch = this.s[this.i];
    if (ch === '[') return this.sequence(depth);
    if (ch === '{') return this.mapping(depth);
    if (ch === '"' || ch === "'") {
      const end = quoteEnd(this.s, this.i);
      if (end < 0) throw this.fail('unterminated quoted string');
      const text = quotedScalar(this.s.slice(this.i, end), this.lineNo);
      this.i = end;
      return text;
    }
    if (ch === '&' || ch === '*' || ch === '!') throw this.fail('anchors, aliases and tags inside [ ] or { } are not supported');
    return plainScalar(this.plain());
  }

  private plain(): string {
    const start = this.i;
    while (this.i < this.s.length) {
      const ch = this.s[this.i]!;
      if (',[]{}'.includes(ch) || (ch === ':' && /[\s,[\]{}]|^$/.test(this.s[this.i + 1] ?? ''))) break;
      this.i++;
    }
    return this.s.slice(start, this.i).replace(/\s+/g, ' ').trim();
  }

  private sequence(depth: number): unknown[] {
    this.i++;
    const items: unknown[] = [];
    for (;;) {
      this.ws();
      if (this.s[this.i] === ']') {
        this.i++;
        return items;
      }
      if (this.i >= this.s.length) throw this.fail('unterminated [ ]');
      items.push(this.node(depth + 1));
      this.ws();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== ']') throw this.fail('expected , or ] in a flow sequence');
    }
  }

  private mapping(depth: number): Record<string, unknown> {
    this.i++;
    const result: Record<string, unknown> = {};
    for (;;) {
      this.ws();
      if (this.s[this.i] === '}') {
        this.i++;
        return result;
      }
      if (this.i >= this.s.length) throw this.fail('unterminated { }');
      const key = this.node(depth + 1);
      this.ws();
      let value: unknown = null;
      if (this.s[this.i] === ':') {
        this.i++;
        this.ws();
        if (this.s[this.i] !== ',' && this.s[this.i] !== '}') value = this.node(depth + 1);
      }
      setKey(result, String(key), value);
      this.ws();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== '}') throw this.fail('expected , or } in a flow mapping');
    }
  }
}

