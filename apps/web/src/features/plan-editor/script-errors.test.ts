import { describe, expect, it } from 'vitest';
import { errorLineOf } from './ScriptSection';

describe('custom script errors', () => {
  it('finds the line in k6’s error as the API words it on save and as k6 says it', () => {
    expect(errorLineOf('line 4:37: Unexpected token ;')).toBe(4);
    expect(errorLineOf('script.js: Line 12:3 Unexpected token')).toBe(12);
    expect(errorLineOf('no line here')).toBeNull();
    expect(errorLineOf(undefined)).toBeNull();
  });
});
