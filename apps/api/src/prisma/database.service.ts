import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { tenantScopeExtension } from '../tenancy/tenant-scope.extension.js';
import { TenantSql } from '../tenancy/tenant-sql.js';

function createClients(databaseUrl: string) {
  // One pool: Prisma's adapter and the few hot reads written as plain SQL share its connections.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const system = new PrismaClient({ adapter: new PrismaPg(pool) });
  return { pool, system, scoped: system.$extends(tenantScopeExtension) };
}

export type SystemDb = PrismaClient;
export type ScopedDb = ReturnType<typeof createClients>['scoped'];
/** The client inside `scoped.$transaction(async (tx) => ...)`: still tenant-scoped. */
export type ScopedTx = Omit<ScopedDb, '$extends' | '$transaction' | '$connect' | '$disconnect' | '$on' | '$use'>;

/**
 * The database, in three views. `scoped` filters every tenant-owned model by the tenant of the
 * current request or job: repositories use it. `system` sees every tenant and is kept for the
 * few places that must look across tenants before a tenant is known (resolving a session token,
 * a result job's run, health). `sql` is plain SQL on the same pool for the reads every request
 * or every list row makes (a Prisma model query costs ~3x the CPU of the same statement sent by
 * pg, docs/benchmarks.md "API reads"): its statements get the current tenant as $1.
 */
@Injectable()
export class DatabaseService implements OnModuleDestroy {
  readonly system: SystemDb;
  readonly scoped: ScopedDb;
  readonly sql: TenantSql;
  private readonly pool: pg.Pool;

  constructor(@Inject(API_ENV) env: ApiEnv) {
    const clients = createClients(env.DATABASE_URL);
    this.system = clients.system;
    this.scoped = clients.scoped;
    this.pool = clients.pool;
    this.sql = new TenantSql(clients.pool);
  }

  async onModuleDestroy(): Promise<void> {
    await this.system.$disconnect();
    await this.pool.end().catch(() => undefined);
  }
}
