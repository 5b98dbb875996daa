import { describe, expect, it } from 'vitest';
import { parseYaml, YamlError } from './yaml.js';

const lines = (...text: string[]) => text.join('\n');

describe('parseYaml', () => {
  it('reads nested mappings and sequences, including "- key: value" items and lists at the key indentation', () => {
    const doc = lines(
      'openapi: 3.0.3',
      'info:',
      '  title: Pet store # trailing comment',
      '  version: "1.0"',
      '# a comment line',
      'paths:',
      '  /pets/{petId}:',
      '    get:',
      '      parameters:',
      '        - name: petId',
      '          in: path',
      '          required: true',
      '          schema: { type: integer, format: int64 }',
      '      tags:',
      '      - pets',
      '      - store',
      '      responses:',
      "        '200':",
      '          description: ok',
    );
    expect(parseYaml(doc)).toEqual({
      openapi: '3.0.3',
      info: { title: 'Pet store', version: '1.0' },
      paths: {
        '/pets/{petId}': {
          get: {
            parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } }],
            tags: ['pets', 'store'],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
  });

  it('reads scalars with the core schema', () => {
    expect(
      parseYaml(
        lines(
          'a: ~',
          'b: null',
          'c: true',
          'd: False',
          'e: 42',
          'f: -1.5e3',
          'g: 0x1F',
          'h: 0o17',
          'i: 3.0.3',
          'j: .inf',
          'k: 2024-01-01',
          'l: "007"',
          'm: yes',
          'n:',
        ),
      ),
    ).toEqual({ a: null, b: null, c: true, d: false, e: 42, f: -1500, g: 31, h: 15, i: '3.0.3', j: Infinity, k: '2024-01-01', l: '007', m: 'yes', n: null });
  });

  it('reads quoted scalars with escapes and folding over lines', () => {
    const doc = lines(
      `a: 'it''s # not a comment'`,
      'b: "tab\\there \\u00e9 \\"q\\" \\\\"',
      'c: "first',
      '  second',
      '',
      '  third"',
      'd: "joined\\',
      '  here"',
      "e: 'x: y'",
    );
    expect(parseYaml(doc)).toEqual({ a: "it's # not a comment", b: 'tab\there é "q" \\', c: 'first second\nthird', d: 'joinedhere', e: 'x: y' });
  });

  it('finds the closing quote of a quoted scalar on a later line, after escapes that end a line', () => {
    expect(parseYaml("a: \"one \\\\\n  two \\\"\n  three\"\nb: 'x\n  ''y'''\nc: 1")).toEqual({ a: 'one \\ two " three', b: "x 'y'", c: 1 });
  });

  it('reads literal and folded block scalars with chomping', () => {
    const doc = lines(
      'literal: |',
      '  line one',
      '    indented',
      '',
      '  line three',
      'folded: >',
      '  a long',
      '  sentence',
      '',
      '  new paragraph',
      'strip: |-',
      '  no newline',
      '',
      'keep: |+',
      '  kept',
      '',
      'after: x',
    );
    expect(parseYaml(doc)).toEqual({
      literal: 'line one\n  indented\n\nline three\n',
      folded: 'a long sentence\nnew paragraph\n',
      strip: 'no newline',
      keep: 'kept\n\n',
      after: 'x',
    });
  });

  it('reads multi-line plain scalars and flow collections', () => {
    const doc = lines(
      'description: This text',
      '  goes on here',
      'enum: [available, "pending", sold] # states',
      'example: {',
      '  id: 1, name: "Rex",',
      '  tags: [a, b]',
      '}',
      'empty: []',
      'url: http://example.com:8080/path',
    );
    expect(parseYaml(doc)).toEqual({
      description: 'This text goes on here',
      enum: ['available', 'pending', 'sold'],
      example: { id: 1, name: 'Rex', tags: ['a', 'b'] },
      empty: [],
      url: 'http://example.com:8080/path',
    });
  });

  it('resolves anchors, aliases and merge keys', () => {
    const doc = lines('base: &base', '  type: string', '  maxLength: 10', 'copy: *base', 'merged:', '  <<: *base', '  maxLength: 20');
    expect(parseYaml(doc)).toEqual({
      base: { type: 'string', maxLength: 10 },
      copy: { type: 'string', maxLength: 10 },
      merged: { type: 'string', maxLength: 20 },
    });
  });

  it('accepts a document start, nested sequences and a top-level list', () => {
    expect(parseYaml(lines('---', '- - a', '  - b', '- c'))).toEqual([['a', 'b'], 'c']);
    expect(parseYaml('')).toBeNull();
  });

  it('keeps "__proto__" as data', () => {
    const parsed = parseYaml('__proto__:\n  polluted: true') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the line of what it cannot read', () => {
    const problem = (text: string) => {
      try {
        parseYaml(text);
      } catch (error) {
        expect(error).toBeInstanceOf(YamlError);
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(problem('a: 1\nb: "open\nc: 2')).toMatch(/^line 3: missing closing "quote/);
    expect(problem('a: 1\na: 2')).toMatch(/^line 2: map keys must be unique/);
    expect(problem('a: !custom x')).toBe('line 1: YAML tags (!custom) are not supported');
    expect(problem('x: 1\na: !!binary aGVsbG8=')).toBe('line 2: YAML tags (tag:yaml.org,2002:binary) are not supported');
    expect(problem('a: 1\nb: *nope')).toBe('line 2: unknown alias *nope');
    expect(problem('a: [1, 2')).toMatch(/^line 1: /);
    expect(problem('a: 1\n---\nb: 2')).toBe('line 2: only one YAML document is supported');
    expect(problem('a:\n\t- x')).toMatch(/^line 2: tabs are not allowed as indentation/);
    expect(problem('a: 1\n  b: 2')).toMatch(/^line 1: /);
  });

  it('reads what the hand-written reader it replaced refused: complex keys, sets of documents ended by "..."', () => {
    expect(parseYaml('? a\n: 1')).toEqual({ a: 1 });
    expect(parseYaml('a: 1\n...\n')).toEqual({ a: 1 });
  });

  it('refuses runaway nesting and alias bombs', () => {
    expect(() => parseYaml('a: ' + '['.repeat(500) + ']'.repeat(500))).toThrow(/nested too deeply/);
    expect(() => parseYaml('a: ' + '['.repeat(5000) + ']'.repeat(5000))).toThrow(/nested too deeply/);
    const bomb = ['a0: &a0 [x]', ...Array.from({ length: 600 }, (_, i) => `a${i + 1}: &a${i + 1}\n  - *a${i}\n  - *a${i}`)].join('\n');
    expect(() => parseYaml(bomb)).toThrow(/aliases/);
    expect(() => parseYaml(bomb)).toThrow(YamlError);
  });
});
