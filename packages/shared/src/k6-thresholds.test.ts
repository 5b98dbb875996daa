import { describe, expect, it } from 'vitest';
import { delaySeconds, describeUnsupported, parseExpression, parseSelector, translateK6Thresholds } from './k6-thresholds.js';

describe('k6 threshold syntax', () => {
  it('reads expressions the way k6 scans them', () => {
    expect(parseExpression('p(95)<500')).toEqual({ stat: 'p(95)', op: '<', value: 500 });
    expect(parseExpression('p(99.9) < 300')).toEqual({ stat: 'p(99.9)', op: '<', value: 300 });
    expect(parseExpression('p(99.0)<=3')).toEqual({ stat: 'p(99)', op: '<=', value: 3 });
    expect(parseExpression('avg>=200')).toEqual({ stat: 'avg', op: '>=', value: 200 });
    expect(parseExpression('rate<0.01')).toEqual({ stat: 'rate', op: '<', value: 0.01 });
    expect(parseExpression('count>100')).toEqual({ stat: 'count', op: '>', value: 100 });
    expect(parseExpression('value===5')).toEqual({ stat: 'value', op: '===', value: 5 });
    expect(parseExpression('med != 1e3')).toEqual({ stat: 'med', op: '!=', value: 1000 });
    expect(parseExpression('p95<5')).toBeNull();
    expect(parseExpression('p(101)<5')).toBeNull();
    expect(parseExpression('avg<fast')).toBeNull();
    expect(parseExpression('avg')).toBeNull();
  });

  it('reads metric selectors with their tag filters, quotes and spaces trimmed', () => {
    expect(parseSelector('http_req_duration')).toEqual({ name: 'http_req_duration', tags: [] });
    expect(parseSelector('http_req_duration{name:Slow}')).toEqual({ name: 'http_req_duration', tags: [['name', 'Slow']] });
    expect(parseSelector("http_req_duration{ scenario: 'peak' , name:http://x/a:b}")).toEqual({
      name: 'http_req_duration',
      tags: [
        ['scenario', 'peak'],
        ['name', 'http://x/a:b'],
      ],
    });
    expect(parseSelector('http_req_duration{name}')).toBeNull();
    expect(parseSelector('http_req_duration{name:a')).toBeNull();
  });

  it('reads delayAbortEval as k6 prints it', () => {
    expect(delaySeconds('1m30.5s')).toBe(90.5);
    expect(delaySeconds('1h0m0s')).toBe(3600);
    expect(delaySeconds('500ms')).toBe(0.5);
    expect(delaySeconds(2500)).toBe(2.5);
    expect(delaySeconds(null)).toBe(0);
    expect(delaySeconds('soon')).toBeNull();
  });
});

describe('translating a script’s thresholds', () => {
  it('maps built-in metrics to Loadline’s kinds, tags to scopes, and keeps what was written, in k6’s order of selectors', () => {
    const result = translateK6Thresholds(
      {
        'http_req_duration{name:Slow}': ['p(95)<50', 'med<20'],
        'http_req_duration{scenario:peak}': ['max<=1000'],
        http_req_failed: ['rate<0.01'],
        http_reqs: ['count>100', 'rate>=50'],
        checks: ['rate>0.99'],
        grpc_req_duration: ['avg<5'],
      },
      60,
    );
    expect(result).toEqual({
      ok: true,
      thresholds: [
        { metric: 'check_rate', op: '>', value: 0.99, fromScript: { metric: 'checks', expression: 'rate>0.99' } },
        { metric: 'latency', stat: 'avg', op: '<', value: 5, fromScript: { metric: 'grpc_req_duration', expression: 'avg<5' } },
        { metric: 'latency', stat: 'p95', op: '<', value: 50, request: 'Slow', fromScript: { metric: 'http_req_duration{name:Slow}', expression: 'p(95)<50' } },
        { metric: 'latency', stat: 'p50', op: '<', value: 20, request: 'Slow', fromScript: { metric: 'http_req_duration{name:Slow}', expression: 'med<20' } },
        {
          metric: 'latency',
          stat: 'max',
          op: '<=',
          value: 1000,
          scenario: 'peak',
          fromScript: { metric: 'http_req_duration{scenario:peak}', expression: 'max<=1000' },
        },
        { metric: 'error_rate', op: '<', value: 0.01, fromScript: { metric: 'http_req_failed', expression: 'rate<0.01' } },
        { metric: 'count', op: '>', value: 100, fromScript: { metric: 'http_reqs', expression: 'count>100' } },
        { metric: 'rps', op: '>=', value: 50, fromScript: { metric: 'http_reqs', expression: 'rate>=50' } },
      ],
    });
  });

  it("reads the script's own metrics as custom thresholds, any percentile included", () => {
    const result = translateK6Thresholds({ cart_size: ['p(99.9) < 300', 'med<100'], orders: ['count>=10', 'rate>1'], queue_depth: ['value<5'] }, 60);
    expect(result.ok && result.thresholds.map(({ fromScript: _fromScript, ...threshold }) => threshold)).toEqual([
      { metric: 'custom', name: 'cart_size', stat: 'p(99.9)', op: '<', value: 300 },
      { metric: 'custom', name: 'cart_size', stat: 'med', op: '<', value: 100 },
      { metric: 'custom', name: 'orders', stat: 'count', op: '>=', value: 10 },
      { metric: 'custom', name: 'orders', stat: 'rate', op: '>', value: 1 },
      { metric: 'custom', name: 'queue_depth', stat: 'value', op: '<', value: 5 },
    ]);
  });

  it('turns abortOnFail (and delayAbortEval) into a stop rule of at least 5 s', () => {
    const result = translateK6Thresholds(
      {
        http_req_duration: [
          { threshold: 'p(95)<500', abortOnFail: true, delayAbortEval: '10s' },
          { threshold: 'avg<200', abortOnFail: true, delayAbortEval: null },
          { threshold: 'max<900', abortOnFail: false },
        ],
      },
      60,
    );
    expect(result.ok && result.thresholds.map((threshold) => threshold.stop)).toEqual([{ after: '10s' }, { after: '5s' }, undefined]);
  });

  it('refuses, naming each expression and why, whatever it cannot judge faithfully; translates nothing then', () => {
    const result = translateK6Thresholds(
      {
        'http_req_duration{expected_response:true}': ['p(95)<500'],
        'http_req_duration{status:200}': ['p(95)<500'],
        'http_req_duration{name:A,scenario:b}': ['p(95)<500'],
        http_req_duration: ['p(99.9)<500', 'avg==3', 'p(95)<500'],
        iteration_duration: ['avg<1000'],
        'checks{scenario:x}': ['rate>0.9'],
        'cart_size{page:home}': ['avg<3'],
        http_reqs: [{ threshold: 'rate>10', abortOnFail: true }],
        orders: [{ threshold: 'count<10', abortOnFail: true }],
        'http_req_failed{name:A}': [{ threshold: 'rate<0.1', abortOnFail: true, delayAbortEval: '2m' }],
        loadline_request: ['avg<1'],
      },
      60,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const reasons = Object.fromEntries(result.unsupported.map((item) => [`${item.metric} ${item.expression}`, item.reason]));
    expect(Object.keys(reasons)).toHaveLength(12);
    expect(reasons['http_req_duration{expected_response:true} p(95)<500']).toMatch(/expected_response is not supported/);
    expect(reasons['http_req_duration{status:200} p(95)<500']).toMatch(/a filter on the tag "status" is not supported/);
    expect(reasons['http_req_duration{name:A,scenario:b} p(95)<500']).toMatch(/a request or a scenario, not both/);
    expect(reasons['http_req_duration p(99.9)<500']).toMatch(/p\(99.9\) is not kept per request/);
    expect(reasons['http_req_duration avg==3']).toMatch(/"==" on a measured figure/);
    expect(reasons['iteration_duration avg<1000']).toMatch(/does not judge iteration_duration/);
    expect(reasons['checks{scenario:x} rate>0.9']).toMatch(/per check name only/);
    expect(reasons['cart_size{page:home} avg<3']).toMatch(/per metric name, not per tag: a filter \(\{page:home\}\)/);
    expect(reasons['http_reqs rate>10']).toMatch(/stop rule/);
    expect(reasons['orders count<10']).toMatch(/stop rule/);
    expect(reasons['http_req_failed{name:A} rate<0.1']).toMatch(/after 120 s of breach, but the script's load lasts 60 s/);
    expect(reasons['loadline_request avg<1']).toMatch(/reserved/);
    expect(describeUnsupported(result.unsupported.filter((item) => item.metric.includes('expected_response')))).toBe(
      '"http_req_duration{expected_response:true}": "p(95)<500": ' + reasons['http_req_duration{expected_response:true} p(95)<500'],
    );
  });

  it('refuses a value the threshold cannot take, with the field', () => {
    const result = translateK6Thresholds({ http_req_failed: ['rate<2'] }, 60);
    expect(result).toMatchObject({ ok: false, unsupported: [{ metric: 'http_req_failed', expression: 'rate<2', reason: expect.stringMatching(/^value: /) }] });
  });
});
