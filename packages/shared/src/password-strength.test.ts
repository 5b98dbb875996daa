import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-strength.js';
import { signupSchema } from './accounts.js';

describe('passwordProblem', () => {
  it('accepts long passphrases and random strings', () => {
    for (const password of ['correct horse battery staple', 'x7#Lq9!vTz2m', 'my cat is called Biscuit']) {
      expect(passwordProblem(password, ['ann', 'ann@example.test'])).toBeNull();
    }
  });

  it('names what is wrong with weak ones', () => {
    expect(passwordProblem('short1', [])).toMatch(/at least 10/);
    expect(passwordProblem('Password123', [])).toMatch(/most common/);
    expect(passwordProblem('zzzzzzzzzzzz', [])).toMatch(/different characters/);
    expect(passwordProblem('ab12ab12ab12', [])).toMatch(/different characters|repeated/);
    expect(passwordProblem('abc123abc123', [])).toMatch(/repeated/);
    expect(passwordProblem('margaret-loves-tea', ['Margaret'])).toMatch(/your name/);
  });

  it('is applied by the sign-up schema with the e-mail, name and organization', () => {
    const base = { email: 'priya@example.test', name: 'Priya', organizationName: 'Acme Rockets' };
    expect(signupSchema.safeParse({ ...base, password: 'correct horse battery staple' }).success).toBe(true);
    for (const password of ['priya-secret-words', 'acme rockets forever']) {
      const result = signupSchema.safeParse({ ...base, password });
      expect(result.success, password).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['password']);
    }
    const neither = signupSchema.safeParse({ email: 'a@example.test', name: 'A', password: 'correct horse battery staple' });
    expect(neither.error?.issues[0]?.path).toEqual(['organizationName']);
  });
});
