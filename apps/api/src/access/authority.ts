import type { Role } from '@loadline/shared';
import { AccessError, AccessErrorCode } from './access.errors.js';

/** A transaction that can run SQL (a Prisma interactive transaction client, scoped or not). */
export interface SqlTransaction {
  $queryRaw<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<T>;
}

/**
 * The root person's role in the organization, read in the transaction that writes what they
 * hand out, with their membership row locked FOR SHARE. A role change or removal updates or
 * deletes that row in its own transaction, so the two are ordered: either the new key (invite,
 * trigger, link) is written first and the role change then caps or revokes it, or the role
 * change is first and this reads the new role (or no membership). Nothing slips between.
 */
export async function lockRootRole(tx: SqlTransaction, tenantId: string, rootUserId: string): Promise<Role | null> {
  const rows = await tx.$queryRaw<Array<{ role: Role }>>`
    SELECT role::text AS role FROM "Membership" WHERE "tenantId" = ${tenantId} AND "userId" = ${rootUserId} FOR SHARE`;
  return rows[0]?.role ?? null;
}

/** Refuses when the root person no longer holds what `allowed` asks of their role. */
export async function assertRootAuthority(tx: SqlTransaction, tenantId: string, rootUserId: string, allowed: (role: Role) => boolean): Promise<void> {
  const role = await lockRootRole(tx, tenantId, rootUserId);
  if (!role || !allowed(role)) {
    throw new AccessError(
      AccessErrorCode.AUTHORITY_LOST,
      role ? `The person this acts for is now ${role}, which does not allow this` : 'The person this acts for is no longer a member of the organization',
    );
  }
}

/**
 * The root person of a row that carries authority. Rows written by the release before this
 * one during an upgrade have no rootUserId: made with a session, their maker is their root;
 * made by a key, no root is known and the row fails closed (null).
 */
export const rootOf = (row: { rootUserId: string | null; createdById: string | null }): string | null => row.rootUserId ?? row.createdById;
