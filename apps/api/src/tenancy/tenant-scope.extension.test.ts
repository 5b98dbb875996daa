import { describe, expect, it } from 'vitest';
import { scopeArgs } from './tenant-scope.extension.js';

describe('scopeArgs', () => {
  it('adds the tenant to every filter, overriding one the caller supplied', () => {
    for (const operation of ['findUnique', 'findFirst', 'findMany', 'count', 'update', 'updateMany', 'delete', 'deleteMany', 'groupBy']) {
      expect(scopeArgs(operation, { where: { id: 'x', tenantId: 'other' } }, 'tenantId', 't1')).toEqual({ where: { id: 'x', tenantId: 't1' } });
    }
    expect(scopeArgs('findMany', {}, 'tenantId', 't1')).toEqual({ where: { tenantId: 't1' } });
  });

  it('stamps created rows with the tenant', () => {
    expect(scopeArgs('create', { data: { name: 'n', tenantId: 'other' } }, 'tenantId', 't1')).toEqual({ data: { name: 'n', tenantId: 't1' } });
    expect(scopeArgs('createMany', { data: [{ a: 1 }, { a: 2 }] }, 'tenantId', 't1')).toEqual({
      data: [
        { a: 1, tenantId: 't1' },
        { a: 2, tenantId: 't1' },
      ],
    });
    expect(scopeArgs('upsert', { where: { id: 'x' }, create: { a: 1 }, update: { a: 2 } }, 'tenantId', 't1')).toEqual({
      where: { id: 'x', tenantId: 't1' },
      create: { a: 1, tenantId: 't1' },
      update: { a: 2 },
    });
  });

  it('scopes the tenant table itself by its id', () => {
    expect(scopeArgs('findMany', {}, 'id', 't1')).toEqual({ where: { id: 't1' } });
  });
});
