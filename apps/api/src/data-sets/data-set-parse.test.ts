import { describe, expect, it } from 'vitest';
import { DataFileProblem, parseDataFile } from './data-set-parse.js';
import { firstInvalidUtf8, lineAt } from './utf8.js';

const limits = { maxRows: 1_000 };
const csv = (text: string) => parseDataFile(Buffer.from(text, 'utf8'), 'csv', limits);
const json = (value: unknown) => parseDataFile(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8'), 'json', limits);

/** The problem a file is refused with (fails the test when it is accepted). */
async function problem(parsing: Promise<unknown>): Promise<DataFileProblem> {
  try {
    await parsing;
  } catch (error) {
    if (error instanceof DataFileProblem) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('parseDataFile: CSV', () => {
  it('reads RFC 4180: quotes, doubled quotes, commas and newlines in fields, CRLF, a BOM, a trailing newline', async () => {
    const table = await csv('\uFEFFuser,token,note\r\nalice,"t,1","said ""hi"""\r\nbob,t2,"two\nlines"\r\n');
    expect(table.columns).toEqual(['user', 'token', 'note']);
    expect(table.rows).toEqual([
      ['alice', 't,1', 'said "hi"'],
      ['bob', 't2', 'two\nlines'],
    ]);
  });

  it('keeps every value a string, as written', async () => {
    expect((await csv('id,price\n007,1.50\n')).rows).toEqual([['007', '1.50']]);
  });

  it('names the line of a ragged row (the header is line 1)', async () => {
    const found = await problem(csv('a,b,c\n1,2,3\n4,5\n6,7,8\n'));
    expect(found.where).toEqual({ line: 3 });
    expect(found.message).toBe("Line 3 has 2 fields instead of the header's 3");
  });

  it('counts lines inside quoted fields, so the line is the one an editor shows', async () => {
    const found = await problem(csv('a,b\n"x\ny",1\n2\n'));
    expect(found.where.line).toBe(4);
  });

  it('names the line of an unclosed quote, without quoting the field (it may be a secret)', async () => {
    const found = await problem(csv('a,b\n1,2\n3,"s3cret\n'));
    expect(found.where.line).toBeGreaterThanOrEqual(3);
    expect(found.message).toContain('never closed');
    expect(found.message).not.toContain('s3cret');
  });

  it('refuses an empty file, a header without rows, empty, invalid and duplicate column names', async () => {
    expect((await problem(csv(''))).message).toMatch(/^Line 1: the file is empty/);
    expect((await problem(csv('a,b\n'))).where).toEqual({ line: 2 });
    expect((await problem(csv('a,,c\n1,2,3\n'))).message).toBe('Line 1: column 2 of the header has no name');
    const invalid = await problem(csv('user,first name\nx,y\n'));
    expect(invalid.where).toEqual({ line: 1, column: 'first name' });
    const duplicate = await problem(csv('user,token,user\nx,y,z\n'));
    expect(duplicate.where).toEqual({ line: 1, column: 'user' });
    expect(duplicate.message).toContain('appears twice');
    // A file without a header: its first data row does not make column names.
    expect((await problem(csv('1,alice\n2,bob\n'))).where).toEqual({ line: 1, column: '1' });
  });

  it('refuses more rows than the limit, naming the first line past it', async () => {
    const rows = Array.from({ length: 4 }, (_, i) => `u${i}`).join('\n');
    const found = await problem(parseDataFile(Buffer.from(`user\n${rows}\n`), 'csv', { maxRows: 3 }));
    expect(found.where).toEqual({ line: 5 });
    expect(found.message).toContain('more than 3 rows');
    expect((await parseDataFile(Buffer.from(`user\nu0\nu1\nu2\n`), 'csv', { maxRows: 3 })).rows).toHaveLength(3);
  });

  it('refuses bytes that are not UTF-8, naming the line', async () => {
    const bytes = Buffer.concat([Buffer.from('user,city\nalice,Paris\nbob,'), Buffer.from([0xe9]), Buffer.from('vry\n')]);
    const found = await problem(parseDataFile(bytes, 'csv', limits));
    expect(found.where).toEqual({ line: 3 });
    expect(found.message).toContain('UTF-8');
  });
});

describe('parseDataFile: JSON', () => {
  it('takes the union of keys in first-seen order; numbers, booleans as JSON text, null and missing as ""', async () => {
    const table = await json([{ user: 'alice', age: 30 }, { user: 'bob', admin: true, ratio: 1.5 }, { age: null }]);
    expect(table.columns).toEqual(['user', 'age', 'admin', 'ratio']);
    expect(table.rows).toEqual([
      ['alice', '30', '', ''],
      ['bob', '', 'true', '1.5'],
      ['', '', '', ''],
    ]);
  });

  it('refuses what is not an array of flat objects, naming the row (0-based) and column', async () => {
    expect((await problem(json({ user: 'a' }))).message).toContain('must be an array of objects');
    expect((await problem(json([]))).message).toContain('empty');
    expect((await problem(json([{ a: '1' }, 'x']))).where).toEqual({ row: 1 });
    expect((await problem(json([{ a: '1' }, ['x']]))).where).toEqual({ row: 1 });
    const nested = await problem(json([{ a: '1' }, { a: '2' }, { a: { b: 1 } }]));
    expect(nested.where).toEqual({ row: 2, column: 'a' });
    expect(nested.message).toBe('Row 2, column "a" is an object; values must be strings, numbers, booleans or null');
    expect((await problem(json([{ a: [1] }]))).where).toEqual({ row: 0, column: 'a' });
    expect((await problem(json([{ 'bad key': 1 }]))).where).toEqual({ row: 0, column: 'bad key' });
  });

  it('names the line of a syntax error when the parser gives a position', async () => {
    const found = await problem(json('[\n{"a": 1},\n{"a": 2,}\n]'));
    expect(found.message).toMatch(/^The file is not valid JSON/);
    expect(found.where.line).toBe(3);
  });

  it('refuses more rows than the limit', async () => {
    const found = await problem(parseDataFile(Buffer.from(JSON.stringify([{ a: 1 }, { a: 2 }, { a: 3 }])), 'json', { maxRows: 2 }));
    expect(found.where).toEqual({ row: 2 });
  });
});

describe('utf8 positions', () => {
  it('finds the first invalid sequence: stray continuation, overlong, surrogate, truncated', () => {
    expect(firstInvalidUtf8(Buffer.from('héllo ✓ 😀', 'utf8'))).toBe(-1);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc0, 0xaf]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0x62, 0xe2, 0x9c]))).toBe(2);
    expect(lineAt(Buffer.from('a\nb\nc'), 4)).toBe(3);
  });
});
