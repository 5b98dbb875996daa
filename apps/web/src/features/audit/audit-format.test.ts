import { describe, expect, it } from 'vitest';
import { actorLabel, detailsSummary, subjectLabel } from './audit-format';

describe('audit formatting', () => {
  it('names the actor', () => {
    expect(actorLabel({ type: 'user', id: 'u1', label: 'a@b.c' })).toBe('a@b.c');
    expect(actorLabel({ type: 'apiKey', id: 'k1', label: 'ci' })).toBe('API key “ci”');
    expect(actorLabel({ type: 'user', id: null, label: null })).toBe('unknown user');
    expect(actorLabel({ type: 'system', id: null, label: null })).toBe('Loadline');
  });

  it('names the subject', () => {
    expect(subjectLabel({ type: 'apiKey', id: 'k1' })).toBe('API key k1');
    expect(subjectLabel({ type: 'invite', id: 'cmwqyin6o000n0d7d4tg3xzcn' })).toBe('invite …4tg3xzcn');
    expect(subjectLabel({ type: 'widget', id: 'w1' })).toBe('widget w1');
    expect(subjectLabel(null)).toBe('—');
  });

  it('summarises details and skips empty values', () => {
    expect(detailsSummary({ name: 'ci', role: 'MEMBER', email: null, n: 2, o: { a: 1 } })).toBe('name: ci · role: MEMBER · n: 2 · o: {"a":1}');
    expect(detailsSummary({})).toBe('');
  });
});
