import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createWebhookSchema, loginSchema, signupSchema, thresholdSchema } from '@loadline/shared';
import { zodErrorToFieldErrors } from './field-errors';
import { humanMessage, lookup } from './issue-messages';

/** What a form shows for an input to a schema: zod's real wording through the translation. */
function shown(schema: z.ZodType, input: unknown, nouns?: Record<string, string>) {
  const parsed = schema.safeParse(input);
  expect(parsed.success).toBe(false);
  return zodErrorToFieldErrors(parsed.error!, { input, nouns });
}

describe('humanMessage on the shared schemas', () => {
  it('asks for an empty email in words, not "Invalid email address"', () => {
    expect(shown(loginSchema, { email: '', password: 'x' }).email).toBe('Enter your email address');
  });

  it('says what a malformed email should look like', () => {
    expect(shown(loginSchema, { email: 'nobody', password: 'x' }).email).toBe('Enter an email address such as name@example.com');
  });

  it('reads a negative number against an exclusive bound as "above 0"', () => {
    const schema = z.object({ value: z.number().positive() });
    expect(shown(schema, { value: -5 }).value).toBe('Enter a number above 0');
  });

  it('reads inclusive bounds, lengths and missing numbers', () => {
    const schema = z.object({ vus: z.number().int().min(1).max(1000), name: z.string().min(3).max(5), count: z.number() });
    expect(shown(schema, { vus: 0, name: 'ab', count: Number.NaN })).toEqual({
      vus: 'Enter 1 or more',
      name: 'Use at least 3 characters',
      count: 'Enter a number',
    });
    expect(shown(schema, { vus: 1001, name: 'abcdef', count: 1 })).toEqual({ vus: 'Enter 1000 or less', name: 'Use at most 5 characters' });
  });

  it('asks for an empty required name with the form’s own noun', () => {
    const schema = z.object({ name: z.string().trim().min(1) });
    expect(shown(schema, { name: '  ' }).name).toBe('Enter a name');
    expect(shown(schema, { name: '' }, { name: 'a name for the trigger' }).name).toBe('Enter a name for the trigger');
  });

  it('keeps a schema’s own message, as a sentence', () => {
    expect(shown(createWebhookSchema, { url: 'https://hooks.example.com/x', events: [] }).events).toBe('Choose at least one event');
  });

  it('reads every field of a signup refused as a whole in words', () => {
    const errors = shown(signupSchema, { name: '', email: '', password: '', organizationName: '' });
    for (const message of Object.values(errors)) {
      expect(message).not.toMatch(/Too small|Too big|Invalid input|expected/);
    }
    expect(errors.email).toBe('Enter your email address');
  });

  it('puts a latency threshold’s negative limit in words', () => {
    const input = { metric: 'latency', stat: 'p95', op: '<', value: -1 };
    expect(shown(thresholdSchema, input).value).toBe('Enter a number above 0');
  });
});

describe('humanMessage on the API’s details', () => {
  it('translates the wording the API sends, with the value the form holds', () => {
    expect(humanMessage('Too small: expected number to be >0', { path: 'thresholds.0.value' })).toBe('Enter a number above 0');
    expect(humanMessage('Invalid email address', { path: 'email', value: '' })).toBe('Enter your email address');
    expect(humanMessage('Too small: expected string to have >=1 characters', { path: 'requests.0.name' })).toBe('Enter a name');
    expect(humanMessage('Invalid URL', { path: 'url', value: 'not a url' })).toBe('Enter a full URL, starting with http:// or https://');
  });

  it('leaves a message that opens with an identifier as written', () => {
    expect(humanMessage('maxVUs must be at least preAllocatedVUs', { path: 'load.maxVUs' })).toBe('maxVUs must be at least preAllocatedVUs');
    expect(humanMessage('must start with "/"', { path: 'path', value: 'x' })).toBe('Must start with "/"');
  });
});

describe('lookup', () => {
  it('finds values by contract path, and tells an absent path from an empty value', () => {
    const input = { requests: [{ path: '' }], name: undefined };
    expect(lookup(input, 'requests.0.path')).toEqual({ value: '' });
    expect(lookup(input, 'name')).toEqual({ value: undefined });
    expect(lookup(input, 'requests.1.path')).toBeNull();
    expect(lookup(input, '(root)')).toBeNull();
  });
});
