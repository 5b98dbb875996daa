import { Prisma } from '../generated/prisma/client.js';
import { currentTenantId } from './request-context.js';

/**
 * The one place tenant isolation is enforced. Every operation on a tenant-owned model gets
 * the caller's tenant added to its filter (and to the data it creates), so a repository cannot
 * forget it and another tenant's id simply finds nothing (which the API answers with 404).
 * The column holding the tenant, per model; models absent here are not tenant-owned.
 */
export const TENANT_COLUMN: Readonly<Record<string, string>> = {
  Tenant: 'id',
  Membership: 'tenantId',
  ApiKey: 'tenantId',
  Invite: 'tenantId',
  PasswordReset: 'tenantId',
  AuditEvent: 'tenantId',
  Target: 'tenantId',
  MetricSource: 'tenantId',
  TestPlan: 'tenantId',
  PlanBaseline: 'tenantId',
  PlanRegression: 'tenantId',
  PlanVersion: 'tenantId',
  Run: 'tenantId',
  RunSegment: 'tenantId',
  RunDispatch: 'tenantId',
  RunFigure: 'tenantId',
  RunSecond: 'tenantId',
  RunDigest: 'tenantId',
  DataSet: 'tenantId',
  DataSetVersion: 'tenantId',
  RunTelemetrySource: 'tenantId',
  RunTelemetryMinute: 'tenantId',
  ThresholdResult: 'tenantId',
  ShareLink: 'tenantId',
  Schedule: 'tenantId',
  ScheduleSlot: 'tenantId',
  WebhookEndpoint: 'tenantId',
  WebhookDelivery: 'tenantId',
  Trigger: 'tenantId',
};

type Args = Record<string, unknown>;

const FILTERED = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'delete',
  'deleteMany',
]);

export function scopeArgs(operation: string, args: Args, column: string, tenantId: string): Args {
  const scoped: Args = { ...args };
  if (FILTERED.has(operation) || operation === 'upsert') {
    // Spread last so a caller-supplied tenant cannot widen the filter.
    scoped.where = { ...(args.where as Args | undefined), [column]: tenantId };
  }
  if (operation === 'create') {
    scoped.data = { ...(args.data as Args), [column]: tenantId };
  }
  if (operation === 'createMany' || operation === 'createManyAndReturn') {
    const data = args.data as Args | Args[];
    scoped.data = Array.isArray(data) ? data.map((row) => ({ ...row, [column]: tenantId })) : { ...data, [column]: tenantId };
  }
  if (operation === 'upsert') {
    scoped.create = { ...(args.create as Args), [column]: tenantId };
  }
  return scoped;
}

export const tenantScopeExtension = Prisma.defineExtension({
  name: 'tenant-scope',
  query: {
    $allModels: {
      async $allOperations({ model, operation, args, query }) {
        const column = TENANT_COLUMN[model];
        if (!column) return query(args);
        return query(scopeArgs(operation, args as Args, column, currentTenantId()) as typeof args);
      },
    },
  },
});
