import { describe, expect, it } from 'vitest';
import { newHeaderRow } from './header-rows';
import { mapSecretErrors, secretEdits, secretPatch, secretValues } from './secret-edits';

describe('secret edits (PATCH semantics)', () => {
  it('sets replaced values, removes with null and leaves kept names out', () => {
    const edits = secretEdits(['API_KEY', 'OLD', 'SAME']);
    edits.existing[0] = { name: 'API_KEY', action: 'replace', value: 'new secret' };
    edits.existing[1] = { name: 'OLD', action: 'remove', value: '' };
    edits.added.push(newHeaderRow('TOKEN', 't'), newHeaderRow('', ''));
    expect(secretPatch(edits, 'variables')).toEqual({ record: { API_KEY: 'new secret', OLD: null, TOKEN: 't' }, errors: {} });
  });

  it('a replacement left blank keeps the stored value', () => {
    const edits = secretEdits(['API_KEY']);
    edits.existing[0]!.action = 'replace';
    expect(secretPatch(edits, 'variables').record).toEqual({});
  });

  it('checks names of new rows, case-insensitively for headers', () => {
    const edits = secretEdits(['Authorization']);
    edits.added.push(newHeaderRow('authorization', 'x'), newHeaderRow('Bad Name', 'x'), newHeaderRow('', 'orphan'));
    expect(secretPatch(edits, 'headers').errors).toEqual({
      'headers.0.name': '"authorization" is already set (use Replace above)',
      'headers.1.name': 'not a valid HTTP header name',
      'headers.2.name': 'enter a header name or remove the row',
    });
    const variables = secretEdits();
    variables.added.push(newHeaderRow('1X', 'v'));
    expect(secretValues(variables, 'variables').errors).toEqual({ 'variables.0.name': 'letters, digits and _ (not starting with a digit)' });
  });

  it('moves API errors at a name to its row or stored entry', () => {
    const edits = secretEdits(['KEPT']);
    edits.added.push(newHeaderRow('NEW', 'v'));
    expect(mapSecretErrors({ 'variables.NEW': 'too long', 'variables.KEPT': 'bad', baseUrl: 'refused' }, 'variables', edits)).toEqual({
      'variables.0.value': 'too long',
      'variables.existing.0': 'bad',
      baseUrl: 'refused',
    });
  });
});
