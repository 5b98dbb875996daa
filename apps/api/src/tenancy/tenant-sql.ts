import { createHash } from 'node:crypto';
import type pg from 'pg';
import { currentTenantId } from './request-context.js';

/** Beyond this many texts, statements are sent unnamed (a bound on what each connection keeps). */
const MAX_PREPARED = 200;

/**
 * Plain SQL for the reads every request makes (a run's state, a page of runs, a trend's runs),
 * where the Prisma client's own work per query and per row was most of what the API spent on
 * them. Tenant isolation stays in this module: every statement gets the current tenant as $1
 * (the caller's parameters follow as $2...), and a statement that does not filter by it is a
 * programming error, refused before it is sent.
 */
export class TenantSql {
  /** Prepared statement names by text: each connection parses a statement once, then only binds it. */
  private readonly names = new Map<string, string>();

  constructor(private readonly pool: pg.Pool) {}

  /**
   * As a named (prepared) statement: PostgreSQL parses and plans it once per connection, and
   * each later call sends its parameters alone instead of the text again. The few texts these
   * reads make (a list's filters choose among a handful) bound the names.
   */
  private query<Row extends object>(text: string, values: unknown[]) {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_PREPARED) {
      name = `ll_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      this.names.set(text, name);
    }
    return this.pool.query<Row>(name === undefined ? { text, values } : { name, text, values });
  }

  /** Rows of `text`, which must filter every tenant-owned table it reads by `"tenantId" = $1`. */
  async rows<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    if (!text.includes('"tenantId" = $1')) throw new Error('TenantSql: a statement must filter by "tenantId" = $1');
    return (await this.query<Row>(text, [currentTenantId(), ...params])).rows;
  }

  /**
   * Rows of a statement that reads no tenant-owned table, or only through a row it was given
   * (authentication, before a tenant is known): the `system` view's plain SQL.
   */
  async systemRows<Row extends object>(text: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.query<Row>(text, [...params])).rows;
  }
}
