import { describe, expect, it } from 'vitest';
import { DataSecretMatcher } from './data-secret-matcher.js';
import { SECRET_MARK } from './reported-names.js';

describe('DataSecretMatcher', () => {
  it('redacts every secret cell in a text, as is and percent-encoded, and nothing else', () => {
    const matcher = new DataSecretMatcher();
    for (const cell of ['tok_alpha_1', 'p@ss word/1', 'abc', 'Zoë-секрет']) matcher.add(cell);
    expect(matcher.redact('GET /users?t=tok_alpha_1 failed')).toBe(`GET /users?t=${SECRET_MARK} failed`);
    expect(matcher.redact(`q=${encodeURIComponent('p@ss word/1')}&x=1`)).toBe(`q=${SECRET_MARK}&x=1`);
    expect(matcher.redact('tok_alpha_1tok_alpha_1 and Zoë-секрет')).toBe(`${SECRET_MARK} and ${SECRET_MARK}`);
    // Too short to look for: "abc" stays, as does text near a cell.
    expect(matcher.redact('abc tok_alpha_2 tok_alpha_')).toBe('abc tok_alpha_2 tok_alpha_');
  });

  it('holds a million cells and still redacts a line quickly enough to run on every report line', () => {
    const matcher = new DataSecretMatcher();
    for (let i = 0; i < 1_000_000; i++) matcher.add(`tok_${i.toString(36).padStart(12, 'x')}`);
    const secret = `tok_${(777_777).toString(36).padStart(12, 'x')}`;
    expect(matcher.redact(`k6: request to /me?token=${secret} failed: connection refused`)).toBe(
      `k6: request to /me?token=${SECRET_MARK} failed: connection refused`,
    );
    expect(matcher.redact(`token=tok_${(1_000_001).toString(36).padStart(12, 'x')}`)).not.toContain(SECRET_MARK);
  });
});
