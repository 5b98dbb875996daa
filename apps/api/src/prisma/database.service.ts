import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { API_ENV, type ApiEnv } from '../config/env.js';
import { tenantScopeExtension } from '../tenancy/tenant-scope.extension.js';

function createClients(databaseUrl: string) {
  const system = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }) });
  return { system, scoped: system.$extends(tenantScopeExtension) };
}

export type SystemDb = PrismaClient;
export type ScopedDb = ReturnType<typeof createClients>['scoped'];
/** The client inside `scoped.$transaction(async (tx) => ...)`: still tenant-scoped. */
export type ScopedTx = Omit<ScopedDb, '$extends' | '$transaction' | '$connect' | '$disconnect' | '$on' | '$use'>;

/**
 * The database, in two views. `scoped` filters every tenant-owned model by the tenant of the
 * current request or job: repositories use it. `system` sees every tenant and is kept for the
 * few places that must look across tenants before a tenant is known (resolving a session token,
 * a result job's run, health).
 */
@Injectable()
export class DatabaseService implements OnModuleDestroy {
  readonly system: SystemDb;
  readonly scoped: ScopedDb;

  constructor(@Inject(API_ENV) env: ApiEnv) {
    const clients = createClients(env.DATABASE_URL);
    this.system = clients.system;
    this.scoped = clients.scoped;
  }

  async onModuleDestroy(): Promise<void> {
    await this.system.$disconnect();
  }
}
