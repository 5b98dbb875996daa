import { AsyncLocalStorage } from 'node:async_hooks';
import type { Role } from '@loadline/shared';

/**
 * Who is calling, for the lifetime of one request (or one queue job). A middleware opens it
 * empty for every request; the auth guard fills it in; the tenant-scoped database client reads
 * the tenant from it on every query.
 */
export interface RequestContext {
  requestId?: string;
  tenantId?: string;
  userId?: string;
  sessionId?: string;
  apiKeyId?: string;
  role?: Role;
  ip?: string;
  userAgent?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/**
 * Runs `fn` as the given tenant: used by queue consumers and sweeps, which have no HTTP
 * request. The result is awaited inside the context because Prisma queries are lazy: a
 * query returned un-awaited would otherwise execute later, outside the tenant's context.
 */
export function runAsTenant<T>(tenantId: string, fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ tenantId }, async () => await fn());
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export class MissingTenantContextError extends Error {}

export function currentTenantId(): string {
  const tenantId = storage.getStore()?.tenantId;
  if (!tenantId) {
    // A programming error, never a client's: a tenant-owned table was touched outside a
    // request or job that established whose data it is.
    throw new MissingTenantContextError('tenant-scoped data accessed without a tenant context');
  }
  return tenantId;
}

/**
 * Adds the current tenant to data being created. The tenant-scope extension sets it anyway;
 * this keeps Prisma's create types satisfied without casts.
 */
export function withTenant<T extends object>(data: T): T & { tenantId: string } {
  return { ...data, tenantId: currentTenantId() };
}
