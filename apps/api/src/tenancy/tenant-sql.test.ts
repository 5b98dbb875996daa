import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { TenantSql } from './tenant-sql.js';
import { runAsTenant } from './request-context.js';

describe('plain SQL on tenant-owned tables', () => {
  const sent: Array<{ text: string; params: unknown[] }> = [];
  const pool = {
    query: async (config: { text: string; values: unknown[]; name?: string }) => (sent.push({ text: config.text, params: config.values }), { rows: [] }),
  } as unknown as pg.Pool;
  const sql = new TenantSql(pool);

  it("sends the current tenant as $1, before the caller's parameters", async () => {
    await runAsTenant('t1', () => sql.rows('SELECT id FROM "Run" r WHERE r."tenantId" = $1 AND r.id = $2', ['r1']));
    expect(sent.at(-1)).toEqual({ text: 'SELECT id FROM "Run" r WHERE r."tenantId" = $1 AND r.id = $2', params: ['t1', 'r1'] });
  });

  it('refuses a statement that does not filter by the tenant, and any outside a tenant context', async () => {
    const count = sent.length;
    await expect(runAsTenant('t1', () => sql.rows('SELECT id FROM "Run" WHERE id = $1', ['r1']))).rejects.toThrow(/tenantId/);
    await expect(sql.rows('SELECT id FROM "Run" r WHERE r."tenantId" = $1')).rejects.toThrow(/tenant context/);
    expect(sent.length).toBe(count);
  });
});
