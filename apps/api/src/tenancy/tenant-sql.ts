import type pg from 'pg';
import { currentTenantId } from './request-context.js';

/**
 * Plain SQL for the reads every request makes (a run's state, a page of runs, a trend's runs),
 * where the Prisma client's own work per query and per row was most of what the API spent on
 * them. Tenant isolation stays in this module: every statement gets the current tenant as $1
 * (the caller's parameters follow as $2...), and a statement that does not filter by it is a
 * programming error, refused before it is sent.
 */
export class TenantSql {
  constructor(private readonly pool: pg.Pool) {}

  /** Rows of `text`, which must filter every tenant-owned table it reads by `"tenantId" = $1`. */
  async rows<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    if (!text.includes('"tenantId" = $1')) throw new Error('TenantSql: a statement must filter by "tenantId" = $1');
    const result = await this.pool.query<Row>(text, [currentTenantId(), ...params]);
    return result.rows;
  }

  /**
   * Rows of a statement that reads no tenant-owned table, or only through a row it was given
   * (authentication, before a tenant is known): the `system` view's plain SQL.
   */
  async systemRows<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.pool.query<Row>(text, [...params])).rows;
  }
}
