import { describe, expect, it } from 'vitest';
import { parseSeriesSelector, selectorProblem } from './promql-selector.js';

describe('parseSeriesSelector', () => {
  it('reads the four matchers and PromQL string escapes', () => {
    const selector = parseSeriesSelector(`http_requests_total{ method = "GET", code!="500", route=~"/api/.*", host!~'a|b', q="say \\"hi\\"\\n" }`);
    expect(selector.metric).toBe('http_requests_total');
    expect(selector.matchers).toEqual([
      { label: 'method', op: '=', value: 'GET' },
      { label: 'code', op: '!=', value: '500' },
      { label: 'route', op: '=~', value: '/api/.*' },
      { label: 'host', op: '!~', value: 'a|b' },
      { label: 'q', op: '=', value: 'say "hi"\n' },
    ]);
  });

  it('matches the name and labels, regexes anchored, a missing label read as empty', () => {
    const selector = parseSeriesSelector('m{a=~"x.",b!="1",c=""}');
    expect(selector.matches('m', { a: 'xy' })).toBe(true);
    expect(selector.matches('m', { a: 'xyz' })).toBe(false); // anchored: not a substring match
    expect(selector.matches('m', { a: 'xy', b: '1' })).toBe(false);
    expect(selector.matches('m', { a: 'xy', c: 'set' })).toBe(false);
    expect(selector.matches('other', { a: 'xy' })).toBe(false);
    expect(parseSeriesSelector('m').matches('m', { any: 'thing' })).toBe(true);
  });

  it('accepts a selector by __name__ alone', () => {
    const selector = parseSeriesSelector('{__name__=~".*_queue_depth"}');
    expect(selector.metric).toBeUndefined();
    expect(selector.matches('demo_queue_depth', {})).toBe(true);
    expect(selector.matches('demo_queue_size', {})).toBe(false);
  });

  it.each([
    ['m{a="1"', /expected a label name|expected , or }/],
    ['m{a=1}', /quoted value/],
    ['m{a=="1"}', /quoted value/],
    ['m{a=~"("}', /invalid regular expression/],
    ['{a="1"}', /metric name is needed/],
    ['m{a="1"} extra', /unexpected text/],
    ['m{a<"1"}', /expected =, !=, =~ or !~/],
  ])('refuses %s', (text, message) => {
    expect(selectorProblem(text)).toMatch(message);
  });

  it('says nothing against a good selector', () => {
    expect(selectorProblem('process_cpu_seconds_total{job="api"}')).toBeNull();
  });
});
