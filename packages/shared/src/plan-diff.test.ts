import { describe, expect, it } from 'vitest';
import { diffJson } from './plan-diff.js';

describe('diffJson', () => {
  it('lists leaf changes, additions and removals with their paths', () => {
    const before = { name: 'p', scenarios: [{ load: { vus: 5, duration: '1m' }, requests: [{ name: 'A' }, { name: 'B' }] }], thresholds: [] };
    const after = { name: 'p', scenarios: [{ load: { vus: 10, duration: '1m' }, requests: [{ name: 'A', weight: 2 }] }], thresholds: [{ metric: 'rps' }] };
    expect(diffJson(before, after)).toEqual([
      { path: 'scenarios.0.load.vus', kind: 'changed', before: 5, after: 10 },
      { path: 'scenarios.0.requests.0.weight', kind: 'added', after: 2 },
      { path: 'scenarios.0.requests.1', kind: 'removed', before: { name: 'B' } },
      { path: 'thresholds.0', kind: 'added', after: { metric: 'rps' } },
    ]);
  });

  it('finds nothing between equal documents', () => {
    expect(diffJson({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toEqual([]);
  });
});
