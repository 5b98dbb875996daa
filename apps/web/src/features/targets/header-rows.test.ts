import { describe, expect, it } from 'vitest';
import { headerRowsToRecord, mapHeaderErrorsToRows, newHeaderRow } from './header-rows';

describe('headerRowsToRecord', () => {
  it('builds the headers record and skips blank rows', () => {
    const rows = [newHeaderRow('Authorization', 'Bearer x'), newHeaderRow('', ''), newHeaderRow(' X-Env ', 'staging')];
    expect(headerRowsToRecord(rows)).toEqual({ headers: { Authorization: 'Bearer x', 'X-Env': 'staging' }, errors: {} });
  });

  it('reports a value without a name, bad names and case-insensitive duplicates at the row', () => {
    const rows = [newHeaderRow('', 'orphan'), newHeaderRow('Bad Name', 'v'), newHeaderRow('x-a', '1'), newHeaderRow('X-A', '2')];
    const { errors } = headerRowsToRecord(rows);
    expect(errors).toEqual({
      'headers.0.name': 'Enter a header name or remove the row',
      'headers.1.name': 'not a valid HTTP header name',
      'headers.3.name': '"X-A" is already set above',
    });
  });
});

describe('mapHeaderErrorsToRows', () => {
  it('points record-key errors from zod or the API at the row holding that header', () => {
    const rows = [newHeaderRow('A', '1'), newHeaderRow('Cookie', 'x')];
    expect(mapHeaderErrorsToRows({ 'headers.Cookie': 'too long', 'headers.0.name': 'kept', baseUrl: 'bad' }, rows)).toEqual({
      'headers.1.value': 'too long',
      'headers.0.name': 'kept',
      baseUrl: 'bad',
    });
  });
});
