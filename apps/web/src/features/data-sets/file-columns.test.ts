import { describe, expect, it } from 'vitest';
import { columnsOfText, formatOfFile, suggestedName } from './file-columns';

describe('file columns', () => {
  it('tells the format and a set name from the file name', () => {
    expect(formatOfFile('Users.CSV')).toBe('csv');
    expect(formatOfFile('people.json')).toBe('json');
    expect(formatOfFile('notes.txt')).toBeNull();
    expect(suggestedName('users.csv')).toBe('users');
    expect(suggestedName('my users.csv')).toBe('');
    expect(suggestedName('2024.json')).toBe('');
  });

  it("reads a CSV's header line: BOM, quotes, doubled quotes, CRLF", () => {
    expect(columnsOfText('\uFEFFuser,"to,ken","a ""b"""\r\nx,y,z\r\n', 'csv')).toEqual(['user', 'to,ken', 'a "b"']);
    expect(columnsOfText('', 'csv')).toEqual([]);
  });

  it("reads a JSON array's keys in first-seen order, and nothing from what is not an array", () => {
    expect(columnsOfText('[{"user":"a","n":1},{"token":"t","user":"b"}]', 'json')).toEqual(['user', 'n', 'token']);
    expect(columnsOfText('{"user":"a"}', 'json')).toEqual([]);
    expect(columnsOfText('[{"user":', 'json')).toEqual([]);
  });
});
