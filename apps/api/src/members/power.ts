import { ROLE_ORDER, can, canGrant, type Role } from '@loadline/shared';
import type { ScopedTx } from '../prisma/database.service.js';

/** What a demotion or removal took, by kind, as `id (role)` or `id`: the details of member.power_reduced. */
export interface ReducedPower {
  apiKeysCapped?: string[];
  apiKeysRevoked?: string[];
  invitesRevoked: string[];
  triggersRevoked: string[];
  shareLinksRevoked: string[];
  passwordResetsRevoked: string[];
}

/**
 * Ends, inside the role change's own transaction, the power handed out under a person's
 * authority beyond what their new role (null: removed) still holds. "Under their authority"
 * is rootUserId: whatever they made with their session, or a key of theirs made, or a key such
 * a key made, at any depth, so the whole chain goes at once:
 * - API keys above the new role are capped to it (revoked when removed);
 * - pending invites for a role they can no longer grant are revoked (all when removed);
 * - trigger URLs are revoked once they may no longer start runs, share links once they may
 *   no longer share, and password reset links they issued once they may no longer manage
 *   members;
 * - when removed, reset links for them in this organization are revoked too.
 */
export async function reducePower(tx: ScopedTx, userId: string, role: Role | null, now: Date): Promise<ReducedPower> {
  // Rows of the release before, written during an upgrade, have no root but their maker (see rootOf).
  const rooted = { OR: [{ rootUserId: userId }, { rootUserId: null, createdById: userId }] };
  const above = role === null ? [...ROLE_ORDER] : ROLE_ORDER.filter((candidate) => !canGrant(role, candidate));
  const keeps = (permission: Parameters<typeof can>[1]) => role !== null && can(role, permission);

  const keys = await tx.apiKey.findMany({ where: { ...rooted, revokedAt: null, role: { in: above } }, select: { id: true, role: true } });
  const keyIds = { id: { in: keys.map((key) => key.id) } };
  if (role === null) await tx.apiKey.updateMany({ where: keyIds, data: { revokedAt: now } });
  else await tx.apiKey.updateMany({ where: keyIds, data: { role } });

  const invites = await tx.invite.findMany({
    where: { ...rooted, acceptedAt: null, revokedAt: null, role: { in: above } },
    select: { id: true, role: true },
  });
  await tx.invite.updateMany({ where: { id: { in: invites.map((invite) => invite.id) } }, data: { revokedAt: now } });

  const triggers = keeps('runs:start') ? [] : await tx.trigger.findMany({ where: { ...rooted, revokedAt: null }, select: { id: true } });
  await tx.trigger.updateMany({ where: { id: { in: triggers.map((trigger) => trigger.id) } }, data: { revokedAt: now } });

  const shares = keeps('shares:manage') ? [] : await tx.shareLink.findMany({ where: { ...rooted, revokedAt: null }, select: { id: true } });
  await tx.shareLink.updateMany({ where: { id: { in: shares.map((share) => share.id) } }, data: { revokedAt: now } });

  const pending = { usedAt: null, revokedAt: null, expiresAt: { gt: now } };
  const whose = [...(keeps('members:manage') ? [] : [{ rootUserId: userId }]), ...(role === null ? [{ userId }] : [])];
  const resets = whose.length ? await tx.passwordReset.findMany({ where: { ...pending, OR: whose }, select: { id: true } }) : [];
  await tx.passwordReset.updateMany({ where: { id: { in: resets.map((reset) => reset.id) } }, data: { revokedAt: now } });

  return {
    [role === null ? 'apiKeysRevoked' : 'apiKeysCapped']: keys.map((key) => `${key.id} (${key.role})`),
    invitesRevoked: invites.map((invite) => `${invite.id} (${invite.role})`),
    triggersRevoked: triggers.map((trigger) => trigger.id),
    shareLinksRevoked: shares.map((share) => share.id),
    passwordResetsRevoked: resets.map((reset) => reset.id),
  };
}
