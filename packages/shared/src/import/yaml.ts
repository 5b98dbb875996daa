/**
 * A small, safe YAML reader for the subset API descriptions are written in: block mappings
 * and sequences, plain, single- and double-quoted scalars (also over several lines), literal
 * and folded block scalars (| and >, with chomping and indentation indicators), one-line or
 * multi-line flow collections ([a, b], {a: 1}), comments, anchors, aliases and merge keys
 * (<<). Scalars follow the YAML 1.2 core schema (null, booleans, numbers, strings).
 *
 * It builds plain data only (no tags, no custom types, no code), so reading an uploaded
 * document cannot run anything. What is outside the subset (complex keys, tags other than
 * !!str, several documents) is refused with its line number rather than misread.
 */

import { closingQuote, FlowReader, MAX_DEPTH, plainScalar, quoteEnd, quotedScalar, setKey, stripComment, YamlError } from './yaml-scalars.js';

export { YamlError } from './yaml-scalars.js';

interface Line {
  no: number;
  indent: number;
  /** The line without its indentation and trailing white space ('' when blank). */
  text: string;
}

const MAX_ALIASES = 1_000;

const isBlank = (line: Line) => line.text === '' || line.text.startsWith('#');
const isSeqItem = (text: string) => text === '-' || text.startsWith('- ') || text.startsWith('-\t');

/** `key: rest` when the text starts a mapping entry (plain or quoted key), else null. */
function splitKey(text: string, lineNo: number): { key: string; rest: string } | null {
  if (text.startsWith('"') || text.startsWith("'")) {
    const end = quoteEnd(text, 0);
    if (end < 0) return null;
    const after = /^[ \t]*:(?=[ \t]|$)/.exec(text.slice(end));
    return after ? { key: quotedScalar(text.slice(0, end), lineNo), rest: text.slice(end + after[0].length).trim() } : null;
  }
  if (text.startsWith('? ') || text === '?') throw new YamlError(lineNo, 'complex mapping keys ("? ") are not supported');
  if (/^[[\]{}|>&*!#%@`,]/.test(text) || isSeqItem(text)) return null;
  const match = /:(?=[ \t]|$)/.exec(text);
  if (!match) return null;
  const key = text.slice(0, match.index).trim();
  if (!key || /[ \t]#/.test(key)) return null;
  return { key, rest: text.slice(match.index + 1).trim() };
}


class BlockReader {
  private pos = 0;
  private depth = 0;
  private aliases = 0;
  private readonly anchors = new Map<string, unknown>();

  constructor(private readonly lines: Line[]) {}

  document(): unknown {
    const first = this.peek();
    if (!first) return null;
    const value = this.node(-1);
    const rest = this.peek();
    if (rest) throw new YamlError(rest.no, 'unexpected indentation');
    return value;
  }

  private peek(): Line | undefined {
    while (this.pos < this.lines.length && isBlank(this.lines[this.pos]!)) this.pos++;
    return this.lines[this.pos];
  }

  /** The node starting on the next non-blank line (a mapping, a sequence or a scalar). */
  private node(parentIndent: number): unknown {
    const line = this.peek()!;
    if (++this.depth > MAX_DEPTH) throw new YamlError(line.no, 'nested too deeply');
    try {
      if (isSeqItem(line.text)) return this.sequence(line.indent);
      if (splitKey(line.text, line.no)) return this.mapping(line.indent);
      this.pos++;
      return this.value(line.text, line, parentIndent, false);
    } finally {
      this.depth--;
    }
  }

  private mapping(indent: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const merges: Record<string, unknown>[] = [];
    for (let line = this.peek(); line && line.indent >= indent; line = this.peek()) {
      if (line.indent > indent) throw new YamlError(line.no, 'unexpected indentation');
      const entry = splitKey(line.text, line.no);
      if (!entry) throw new YamlError(line.no, isSeqItem(line.text) ? 'a list item where a "key: value" was expected' : 'expected "key: value"');
      this.pos++;
      const value = this.value(entry.rest, line, indent, true);
      if (entry.key === '<<' && !line.text.startsWith('"') && !line.text.startsWith("'")) {
        for (const source of Array.isArray(value) ? value : [value]) {
          if (!source || typeof source !== 'object' || Array.isArray(source)) throw new YamlError(line.no, 'a merge key (<<) needs a mapping or a list of mappings');
          merges.push(source as Record<string, unknown>);
        }
        continue;
      }
      if (Object.hasOwn(result, entry.key)) throw new YamlError(line.no, `duplicate key "${entry.key}"`);
      setKey(result, entry.key, value);
    }
    for (const source of merges) for (const [key, value] of Object.entries(source)) if (!Object.hasOwn(result, key)) setKey(result, key, value);
    return result;
  }

  private sequence(indent: number): unknown[] {
    const items: unknown[] = [];
    for (let line = this.peek(); line && line.indent >= indent; line = this.peek()) {
      if (line.indent > indent) throw new YamlError(line.no, 'unexpected indentation');
      if (!isSeqItem(line.text)) break;
      const spaces = /^[ \t]*/.exec(line.text.slice(1))![0].length;
      const rest = line.text.slice(1 + spaces);
      if (rest && !rest.startsWith('#') && (isSeqItem(rest) || splitKey(rest, line.no))) {
        // "- key: value" opens a mapping whose keys line up with this key: read it from here.
        const column = indent + 1 + spaces;
        this.lines[this.pos] = { no: line.no, indent: column, text: rest };
        this.depth++;
        try {
          items.push(isSeqItem(rest) ? this.sequence(column) : this.mapping(column));
        } finally {
          this.depth--;
        }
      } else {
        this.pos++;
        items.push(this.value(rest, line, indent, false));
      }
    }
    return items;
  }

  /** The value after "key:" or "- " (text), which may go on over the following lines. */
  private value(text: string, line: Line, parentIndent: number, inMapping: boolean): unknown {
    let rest = text.trim();
    let anchor: string | undefined;
    const anchorMatch = /^&([^\s,[\]{}]+)[ \t]*/.exec(rest);
    if (anchorMatch) {
      anchor = anchorMatch[1];
      rest = rest.slice(anchorMatch[0].length);
    }
    let forceString = false;
    if (rest.startsWith('!!str ') || rest === '!!str') {
      forceString = true;
      rest = rest.slice(5).trim();
    } else if (rest.startsWith('!')) {
      throw new YamlError(line.no, `YAML tags (${rest.split(/\s/)[0]}) are not supported`);
    }
    let value: unknown;
    if (rest.startsWith('*')) {
      const name = stripComment(rest).slice(1);
      if (!this.anchors.has(name)) throw new YamlError(line.no, `unknown alias *${name}`);
      if (++this.aliases > MAX_ALIASES) throw new YamlError(line.no, `more than ${MAX_ALIASES} aliases`);
      value = this.anchors.get(name);
    } else if (!stripComment(rest)) {
      const next = this.peek();
      const nested = next && (next.indent > parentIndent || (inMapping && next.indent === parentIndent && isSeqItem(next.text)));
      value = nested ? this.node(parentIndent) : forceString ? '' : null;
    } else if (rest.startsWith('|') || rest.startsWith('>')) {
      value = this.blockScalar(rest, line, parentIndent);
    } else if (rest.startsWith('[') || rest.startsWith('{')) {
      value = new FlowReader(this.gatherFlow(rest, line), line.no).read();
    } else if (rest.startsWith('"') || rest.startsWith("'")) {
      value = this.quoted(rest, line);
    } else {
      value = this.plain(stripComment(rest), parentIndent, forceString);
    }
    if (forceString && typeof value !== 'string') value = value === null ? '' : String(value);
    if (anchor !== undefined) this.anchors.set(anchor, value);
    return value;
  }

  private plain(first: string, parentIndent: number, forceString: boolean): unknown {
    const parts = [first];
    let empty = 0;
    // A plain scalar goes on over the following lines indented more than its parent.
    while (this.pos < this.lines.length) {
      const next = this.lines[this.pos]!;
      if (next.text === '') {
        empty++;
        this.pos++;
        continue;
      }
      if (next.indent <= parentIndent || next.text.startsWith('#')) break;
      // "a: 1" followed by a deeper "b: 2" is a misplaced key, not more of the scalar.
      if (splitKey(next.text, next.no)) throw new YamlError(next.no, 'unexpected indentation');
      parts.push((empty ? '\n'.repeat(empty) : ' ') + stripComment(next.text));
      empty = 0;
      this.pos++;
    }
    const text = parts.join('');
    return forceString || parts.length > 1 ? text : plainScalar(text);
  }

  private quoted(rest: string, line: Line): string {
    // Each further line is scanned on its own: rescanning the joined text would be quadratic.
    const pieces = [rest];
    let end = quoteEnd(rest, 0);
    while (end < 0) {
      const next = this.lines[this.pos];
      if (!next) throw new YamlError(line.no, 'unterminated quoted string');
      const piece = ' '.repeat(next.indent) + next.text;
      this.pos++;
      const at = closingQuote(piece, rest[0]!);
      pieces.push(piece);
      if (at >= 0) end = pieces.join('\n').length - piece.length + at;
    }
    const text = pieces.length === 1 ? rest : pieces.join('\n');
    if (stripComment(text.slice(end).trim())) throw new YamlError(line.no, 'unexpected text after a quoted string');
    return quotedScalar(text.slice(0, end), line.no);
  }

  /** The lines of a flow collection, comments removed, up to its closing bracket. */
  private gatherFlow(rest: string, line: Line): string {
    let depth = 0;
    let quote = '';
    let out = '';
    let current = rest;
    for (;;) {
      for (let i = 0; i < current.length; i++) {
        const ch = current[i]!;
        if (quote) {
          if (quote === '"' && ch === '\\') out += ch + (current[++i] ?? '');
          else {
            if (ch === quote) quote = '';
            out += ch;
          }
          continue;
        }
        if (ch === '#' && (i === 0 || /\s/.test(current[i - 1]!))) break;
        if (ch === '"' || ch === "'") quote = ch;
        else if (ch === '[' || ch === '{') depth++;
        else if (ch === ']' || ch === '}') depth--;
        out += ch;
      }
      if (depth <= 0 && !quote) return out;
      const next = this.lines[this.pos];
      if (!next) throw new YamlError(line.no, `unterminated ${rest[0] === '[' ? '[ ]' : '{ }'}`);
      out += '\n';
      current = next.text;
      this.pos++;
    }
  }

  private blockScalar(header: string, line: Line, parentIndent: number): string {
    const match = /^([|>])([+-]?)([1-9]?)([+-]?)$/.exec(stripComment(header));
    if (!match) throw new YamlError(line.no, `bad block scalar header "${header}"`);
    const [, style, chompA, explicit, chompB] = match;
    const chomp = chompA || chompB;
    let contentIndent = explicit ? Math.max(parentIndent, 0) + Number(explicit) : undefined;
    const body: string[] = [];
    while (this.pos < this.lines.length) {
      const next = this.lines[this.pos]!;
      if (next.text !== '') {
        contentIndent ??= next.indent > parentIndent ? next.indent : undefined;
        if (contentIndent === undefined || next.indent < contentIndent) break;
      }
      body.push(next.text === '' ? '' : ' '.repeat(next.indent - contentIndent!) + next.text);
      this.pos++;
    }
    let trailing = 0;
    while (body.length && body[body.length - 1] === '') {
      body.pop();
      trailing++;
    }
    let text = style === '|' ? body.join('\n') : fold(body);
    if (chomp === '+') text += '\n'.repeat(trailing + (body.length ? 1 : 0));
    else if (chomp !== '-' && body.length) text += '\n';
    return text;
  }
}


/** Folding of a > block scalar: lines join with spaces, except around blank and more-indented lines. */
function fold(lines: string[]): string {
  const more = (text: string) => text.startsWith(' ') || text.startsWith('\t');
  let out = lines[0] ?? '';
  let lastText = lines[0] ?? '';
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!;
    if (text === '') {
      out += '\n';
      continue;
    }
    const afterBlank = lines[i - 1] === '';
    if (!afterBlank) out += more(text) || more(lastText) ? '\n' : ' ';
    else if (more(text) || more(lastText)) out += '\n';
    out += text;
    lastText = text;
  }
  return out;
}


/** Reads one YAML document into plain data; throws YamlError naming the line. */
export function parseYaml(source: string): unknown {
  const lines: Line[] = [];
  let started = false;
  const raw = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (let index = 0; index < raw.length; index++) {
    const full = raw[index]!;
    const no = index + 1;
    if (!started && full.startsWith('%')) continue;
    if (/^(---|\.\.\.)([ \t]|$)/.test(full)) {
      const after = stripComment(full.slice(3).trim());
      if (full.startsWith('---') && !started && !after) {
        started = true;
        continue;
      }
      const more = raw.slice(index + 1).some((rest) => stripComment(rest.trim()) !== '');
      if (full.startsWith('...') && !more) break;
      throw new YamlError(no, 'only one YAML document is supported');
    }
    const indentation = /^[ \t]*/.exec(full)![0];
    const text = full.slice(indentation.length).trimEnd();
    if (text && indentation.includes('\t')) throw new YamlError(no, 'tabs are not allowed in indentation');
    if (text && !text.startsWith('#')) started = true;
    lines.push({ no, indent: indentation.length, text });
  }
  return new BlockReader(lines).document();
}
