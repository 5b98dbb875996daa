import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPasswordEstimator, passwordProblem, setPasswordEstimator } from './password-strength.js';
import { signupSchema } from './accounts.js';

describe('passwordProblem with zxcvbn-ts', () => {
  beforeAll(async () => {
    await import('./password-estimator.js');
  });
  afterAll(() => setPasswordEstimator(null));

  it('accepts long passphrases and random strings', () => {
    for (const password of ['correct horse battery staple', 'x7#Lq9!vTz2m', 'my cat is called Biscuit']) {
      expect(passwordProblem(password, ['ann', 'ann@example.test'])).toBeNull();
    }
  });

  it('names what is wrong with weak ones', () => {
    expect(passwordProblem('short1', [])).toMatch(/at least 10/);
    expect(hasPasswordEstimator()).toBe(true);
    // Breached-password lists, keyboard walks, repeats, sequences and dates: guessable, and the warning says how.
    expect(passwordProblem('Password123', [])).toBe('is too easy to guess: this is a commonly used password; a few unrelated words make a strong one');
    for (const password of ['qwertyuiop123', 'zzzzzzzzzzzz', 'ab12ab12ab12', 'abcdefghijkl', '1q2w3e4r5t6y', 'iloveyou2026']) {
      expect(passwordProblem(password, []), password).toMatch(/^is too easy to guess/);
    }
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

  it('without the estimator (a browser that has not loaded it yet) keeps the rules that need no dictionary', () => {
    // Last in this file: the estimator module registers itself once, when first imported.
    setPasswordEstimator(null);
    expect(passwordProblem('zzzzzzzzzzzz', [])).toMatch(/different characters/);
    expect(passwordProblem('abc123abc123', [])).toMatch(/repeated/);
    expect(passwordProblem('Password123', [])).toBeNull();
  });
});
