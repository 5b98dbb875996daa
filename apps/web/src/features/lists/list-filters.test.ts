import { describe, expect, it } from 'vitest';
import { labelError, pageOf, runFiltersFrom, runListQuery, withFilter } from './list-filters';

describe('run list filters', () => {
  it('reads the filters from the address and ignores values no filter could mean', () => {
    const params = new URLSearchParams('status=PASSED&verdict=FAIL&label=branch%3Dmain&targetId=t1&from=2026-11-01&to=Nov+3&planId=p1&junk=1');
    expect(runFiltersFrom(params)).toEqual({ status: 'PASSED', verdict: 'FAIL', label: 'branch=main', targetId: 't1', planId: 'p1', from: '2026-11-01' });
    expect(runFiltersFrom(new URLSearchParams('status=DONE&verdict=maybe&label=nokey'))).toEqual({});
  });

  it('asks the API for whole days in UTC, the last day included', () => {
    expect(runListQuery({ from: '2026-11-01', to: '2026-11-03', verdict: 'PASS' }, 25, 'abc')).toMatchObject({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-03T23:59:59.999Z',
      verdict: 'PASS',
      limit: 25,
      before: 'abc',
    });
  });

  it('sets and clears one filter, keeping the others', () => {
    const params = new URLSearchParams('status=PASSED&verdict=FAIL');
    expect(withFilter(params, 'verdict', '').toString()).toBe('status=PASSED');
    expect(withFilter(params, 'label', 'env=ci').get('label')).toBe('env=ci');
    expect(params.get('verdict')).toBe('FAIL');
  });

  it('says in words why a label does not read', () => {
    expect(labelError('branch=main')).toBeNull();
    expect(labelError('')).toBeNull();
    expect(labelError('main')).toContain('is not key=value');
  });
});

describe('pageOf', () => {
  it('cuts a list into pages and keeps the page within them', () => {
    const items = Array.from({ length: 26 }, (_, index) => index);
    expect(pageOf(items, 2, 25)).toEqual({ items: [25], page: 2, pages: 2 });
    expect(pageOf(items, 9, 25).page).toBe(2);
    expect(pageOf([], 1, 25)).toEqual({ items: [], page: 1, pages: 1 });
  });
});
