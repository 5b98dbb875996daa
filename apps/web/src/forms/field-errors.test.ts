import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detailsToFieldErrors, errorAt, fieldId, mergeFieldErrors, prefixErrors, unclaimedErrors, withoutField, zodErrorToFieldErrors } from './field-errors';

describe('field errors', () => {
  it('keys API details by path, first message wins', () => {
    const errors = detailsToFieldErrors([
      { path: 'requests.0.path', message: 'must start with "/"' },
      { path: 'requests.0.path', message: 'second' },
      { path: '', message: 'whole body' },
    ]);
    expect(errors).toEqual({ 'requests.0.path': 'Must start with "/"', '(root)': 'Whole body' });
  });

  it('uses the same paths for client-side zod errors', () => {
    const schema = z.object({ requests: z.array(z.object({ path: z.string().startsWith('/', 'must start with "/"') })) });
    const result = schema.safeParse({ requests: [{ path: '/' }, { path: 'x' }] });
    expect(result.success).toBe(false);
    expect(zodErrorToFieldErrors(result.error!)).toEqual({ 'requests.1.path': 'Must start with "/"' });
  });

  it('finds nested errors for a field that edits a whole list', () => {
    const errors = { 'requests.0.expect.status.1': 'Too big' };
    expect(errorAt(errors, 'requests.0.expect')).toBe('Too big');
    expect(errorAt(errors, 'requests.0')).toBe('Too big');
    expect(errorAt(errors, 'requests.0.ex')).toBeUndefined();
  });

  it('asks for an empty required string in words, whoever reported it', () => {
    const errors = detailsToFieldErrors([{ path: 'name', message: 'Too small: expected string to have >=1 characters' }]);
    expect(errors).toEqual({ name: 'Enter a name' });
  });

  it('drops a field’s messages (its nested ones too) when it is edited, and only those', () => {
    const errors = { name: 'Enter a name', 'queries.0.expr': 'Enter a value', queriesX: 'other' };
    expect(withoutField(errors, 'queries')).toEqual({ name: 'Enter a name', queriesX: 'other' });
    expect(withoutField(errors, 'missing')).toBe(errors);
  });

  it('merges with earlier maps winning', () => {
    expect(mergeFieldErrors({ a: 'first' }, { a: 'second', b: 'b' })).toEqual({ a: 'first', b: 'b' });
  });

  it('lists errors no field shows', () => {
    const errors = { name: 'required', '(root)': 'plan quota exceeded', 'requests.0.name': 'dup' };
    expect(unclaimedErrors(errors, ['name', 'requests.0.name'])).toEqual([{ path: '(root)', message: 'plan quota exceeded' }]);
  });

  it('derives stable DOM ids from paths', () => {
    expect(fieldId('requests.0.path')).toBe('field-requests-0-path');
  });
});

describe('prefixErrors', () => {
  it('moves every path under the prefix, so errorAt finds it by the prefixed field path', () => {
    const errors = prefixErrors({ name: 'required', '(root)': 'bad' }, 'newOrganization');
    expect(errors).toEqual({ 'newOrganization.name': 'required', 'newOrganization.(root)': 'bad' });
    expect(errorAt(errors, 'newOrganization.name')).toBe('required');
  });
});
